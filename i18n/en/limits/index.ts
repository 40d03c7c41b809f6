import type { BaseTranslation } from '../../i18n-types';

// Refusals of the abuse limits (docs/decisions/0005, 0010). The server answers them; the
// admin shows the server's message in its error toast.
const en_limits = {
  requestTimeout: 'The request took too long to arrive. Please check your connection and try again.',
  availability: {
    tooFarAhead: 'Slots can be generated at most {months:number} months ahead. Choose an end date on or before {lastDate:string}.',
    tooManySlots:
      'One request can generate at most {max:number} slots, and this one would generate {count:number}. Choose a shorter date range, fewer days or shorter hours, and generate the rest in another request.',
  },
  slugReserved:
    'This company name is reserved for a crisis line, a public hospital or a health authority, so visitors are never misled about who they are talking to. Please use the name of your own practice.',
} satisfies BaseTranslation;

export default en_limits;
