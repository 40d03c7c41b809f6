import { LISTENING_LINE, MALAYSIAN_CRISIS_RESOURCES } from '../../../domain/crisis';
import type { WellbeingPlan } from '../../../domain/wellbeing-plan';
import { useI18nContext } from '../../../i18n/i18n-react';
import { CrisisResourceList } from '../../components/CrisisResourceList';
import { useScreenerIdentity } from '../../components/ScreenerIdentity';
import { trpc } from '../../lib/trpc';

const ACTION_INDEXES = ['0', '1', '2'] as const;

/**
 * The support lines of the plan. When the booking section already lists the Malaysian lines (the
 * clinic has no psychologist to book, or the list failed: SPEC's crisis panel), the screen shows
 * them once, there, and the plan keeps its UK-style listening line (Befrienders); the printed page, which leaves booking
 * out, still has them all here.
 */
function SupportLines() {
  const { identifier, configuration } = useScreenerIdentity();
  // The booking section's own query: one request, and the same answer to decide on.
  const psychologists = trpc.public.psychologists.useQuery({ slug: identifier });
  const everyLine = <CrisisResourceList resources={MALAYSIAN_CRISIS_RESOURCES} clinicContact={configuration.crisisContact} />;
  const bookingListsThem = psychologists.isError || psychologists.data?.length === 0;
  if (!bookingListsThem) return everyLine;
  return (
    <>
      <div className="print:hidden">
        <CrisisResourceList resources={[LISTENING_LINE]} />
      </div>
      <div className="hidden print:block">{everyLine}</div>
    </>
  );
}

export function WellbeingPlanCard({ plan }: { plan: WellbeingPlan }) {
  const { LL } = useI18nContext();
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
        <SupportLines />
      </div>
    </section>
  );
}
