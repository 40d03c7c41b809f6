import { NotImplementedError } from '../errors';

/** Resolver of a procedure whose feature belongs to a later issue: an honest 501. */
export function notImplemented(): never {
  throw new NotImplementedError();
}
