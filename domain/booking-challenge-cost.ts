/** Open holds a clinic may have before its booking challenge costs more than when it is quiet. */
export const QUIET_OPEN_HOLDS = 10;
/** The highest multiple of the quiet cost: a real visitor at a clinic under a flood still books in seconds. */
export const MAX_COST_FACTOR = 8;

/**
 * How many times the quiet cost a booking challenge costs, by the clinic's open holds: 1× below
 * QUIET_OPEN_HOLDS, then doubling with every further QUIET_OPEN_HOLDS, up to MAX_COST_FACTOR.
 * A quiet clinic's visitors do not notice it; each hold a flood adds makes the next dearer.
 */
export function challengeCostFactor(openHolds: number): number {
  const steps = Math.floor(Math.max(0, openHolds) / QUIET_OPEN_HOLDS);
  return Math.min(MAX_COST_FACTOR, 2 ** steps);
}

/**
 * The challenge's work: the highest counter the solver may have to try (docs/decisions/0037). The
 * answer is drawn between half of it and all of it, so a solver tries three quarters of it on
 * average and no challenge is free.
 */
export function challengeCounterRange(openHolds: number, quietCeiling: number): { min: number; max: number } {
  const max = Math.max(2, Math.round(quietCeiling * challengeCostFactor(openHolds)));
  return { min: Math.floor(max / 2), max };
}
