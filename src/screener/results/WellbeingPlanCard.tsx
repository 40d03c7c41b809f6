import { MALAYSIAN_CRISIS_RESOURCES, UK_HELPLINE } from '../../../domain/crisis';
import type { WellbeingPlan } from '../../../domain/wellbeing-plan';
import { useI18nContext } from '../../../i18n/i18n-react';
import { CrisisResourceList } from '../../components/CrisisResourceList';
import { useScreenerIdentity } from '../../components/ScreenerIdentity';

const ACTION_INDEXES = ['0', '1', '2'] as const;

export function WellbeingPlanCard({ plan }: { plan: WellbeingPlan }) {
  const { LL } = useI18nContext();
  const { configuration } = useScreenerIdentity();
  const text = LL.results.plan;
  const actions = text.actions[plan.tier][plan.condition];
  return (
    <section className="card bg-base-100 shadow" aria-labelledby="plan-title">
      <div className="card-body gap-3">
        <h2 id="plan-title" className="card-title">
          {text.title()}
        </h2>
        <h3 className="text-lg font-semibold text-primary">{text.tiers[plan.tier].title()}</h3>
        <p>{text.tiers[plan.tier].summary()}</p>
        <ol className="list-decimal pl-6">
          {ACTION_INDEXES.map((index) => (
            <li key={index}>{actions[index]()}</li>
          ))}
        </ol>
        <p className="text-sm">{text.retake(plan.retakeAfterWeeks)}</p>
        <h3 className="font-semibold">{text.supportLinesTitle()}</h3>
        <CrisisResourceList resources={[...MALAYSIAN_CRISIS_RESOURCES, UK_HELPLINE]} clinicContact={configuration.crisisContact} />
      </div>
    </section>
  );
}
