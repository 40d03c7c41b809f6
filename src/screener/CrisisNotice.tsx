import { MALAYSIAN_CRISIS_RESOURCES } from '../../domain/crisis';
import { useI18nContext } from '../../i18n/i18n-react';
import { CrisisResourceList } from '../components/CrisisResourceList';
import { useScreenerIdentity } from '../components/ScreenerIdentity';

/**
 * Announced at once to screen readers; stays until the visitor closes it so a visitor at risk
 * reads it before anything else. Drawn as help, not as an alarm: a card with a warm edge, the
 * words and the numbers to call (issue 15).
 */
export default function CrisisNotice({ onClose }: { onClose: () => void }) {
  const { LL } = useI18nContext();
  const { configuration } = useScreenerIdentity();
  // Not printed: the printable results carry the same lines (results/PrintableResults.tsx).
  return (
    <section
      role="alert"
      aria-labelledby="crisis-title"
      className="flex flex-col gap-3 rounded-box border-2 border-secondary bg-base-100 p-5 text-left shadow-sm print:hidden"
    >
      <h2 id="crisis-title" className="text-xl font-semibold text-secondary">
        {LL.assessment.crisis.title()}
      </h2>
      <p>{LL.assessment.crisis.message()}</p>
      <CrisisResourceList resources={MALAYSIAN_CRISIS_RESOURCES} clinicContact={configuration.crisisContact} />
      <button type="button" className="btn btn-outline btn-sm self-start" onClick={onClose}>
        {LL.assessment.crisis.close()}
      </button>
    </section>
  );
}
