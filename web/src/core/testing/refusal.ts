/** The SimError a call throws; any other outcome fails the test. */
import { SimError } from '../types';

export function refusal(fn: () => unknown): SimError {
  try {
    fn();
  } catch (e) {
    if (e instanceof SimError) return e;
    throw e;
  }
  throw new Error('expected a SimError');
}
