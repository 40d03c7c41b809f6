import type { RouterOutputs } from '../lib/trpc';

/** A slot as the admin calendar lists it and its edit dialog changes it. */
export type AdminSlot = RouterOutputs['admin']['availability']['list'][number];
