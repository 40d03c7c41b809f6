import type { BaseTranslation } from '../../i18n-types';

// Texts of the clinic's outcomes of repeat measures (issue 30): src/admin/OutcomesSection.tsx,
// loaded when the screen is first opened, so that the admin's first load does not carry them.
const en_clinicOutcomes = {
  title: 'Outcomes',
  intro:
    'How your clients measured in the period changed since their baseline (their shared screening, else their first measure), by their latest measure. Counts under 5 are hidden, so that no figure points at one client.',
  period: 'Period: the last',
  months: '{months:number} months',
  loadFailed: 'The outcomes could not be loaded.',
  caption: 'Outcomes of the clients measured in the last {months:number} months',
  who: 'Who',
  clinic: 'Whole clinic',
  measured: 'Clients measured',
  compared: 'With a baseline and a later score',
  share: '{count:number} ({percent:number}%)',
  fewerThanFive: 'fewer than 5',
  source:
    'Shares are of the clients with a baseline and a later score. Rules: the NHS Talking Therapies manual’s reliable change and caseness thresholds for PHQ-9 and GAD-7; Jacobson and Truax’s reliable change index for the DASS-21 scales.',
} satisfies BaseTranslation;

export default en_clinicOutcomes;
