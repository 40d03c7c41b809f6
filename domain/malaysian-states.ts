/**
 * Malaysia's states and federal territories by their ISO 3166-2:MY codes, the codes the
 * `date-holidays` package keys their public holidays with. Names in English and Malay.
 */
export const MALAYSIAN_STATE_NAMES = {
  '01': { en: 'Johor', ms: 'Johor' },
  '02': { en: 'Kedah', ms: 'Kedah' },
  '03': { en: 'Kelantan', ms: 'Kelantan' },
  '04': { en: 'Malacca', ms: 'Melaka' },
  '05': { en: 'Negeri Sembilan', ms: 'Negeri Sembilan' },
  '06': { en: 'Pahang', ms: 'Pahang' },
  '07': { en: 'Penang', ms: 'Pulau Pinang' },
  '08': { en: 'Perak', ms: 'Perak' },
  '09': { en: 'Perlis', ms: 'Perlis' },
  '10': { en: 'Selangor', ms: 'Selangor' },
  '11': { en: 'Terengganu', ms: 'Terengganu' },
  '12': { en: 'Sabah', ms: 'Sabah' },
  '13': { en: 'Sarawak', ms: 'Sarawak' },
  '14': { en: 'Kuala Lumpur', ms: 'W.P. Kuala Lumpur' },
  '15': { en: 'Labuan', ms: 'W.P. Labuan' },
  '16': { en: 'Putrajaya', ms: 'W.P. Putrajaya' },
} as const;

export type MalaysianState = keyof typeof MALAYSIAN_STATE_NAMES;
export const MALAYSIAN_STATES = Object.keys(MALAYSIAN_STATE_NAMES).sort() as [MalaysianState, ...MalaysianState[]];
/** Kuala Lumpur: where most clinics are, and the form's first choice. */
export const DEFAULT_MALAYSIAN_STATE: MalaysianState = '14';
