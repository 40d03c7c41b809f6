import type { CombinedResults, Gad7Level, Phq9Level, WhooleyLevel } from '../combined';
import type { Dass21Level, Dass21Results } from '../dass21';

/** DASS-21 results at the given levels; what reads them looks at the levels, not the scores. */
export function dass(depression: Dass21Level, anxiety: Dass21Level, stress: Dass21Level): Dass21Results {
  return {
    depression: { score: 0, level: depression },
    anxiety: { score: 0, level: anxiety },
    stress: { score: 0, level: stress },
  };
}

/** Whooley, PHQ-9 and GAD-7 results at the given levels. */
export function combined(whooley: WhooleyLevel, phq9: Phq9Level, gad7: Gad7Level): CombinedResults {
  return { whooley: { score: 0, level: whooley }, phq9: { score: 0, level: phq9 }, gad7: { score: 0, level: gad7 } };
}
