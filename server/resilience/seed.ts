/**
 * The resilience suite's one fast-check seed, so a failure replays; fast-check prints it with
 * the counterexample. RESILIENCE_SEED explores other inputs.
 */
export const SEED = Number(process.env.RESILIENCE_SEED ?? 20261122);
