/**
 * The parsers of the output formats only this lab reads. PARSERS maps each
 * fixture folder under fixtures/ to its parser, as kernel-lab/parsers/ does
 * for the formats the labs share; kernel-lab/parsers/parsers.test.ts runs
 * every golden pair of both.
 */
import { parseStatwalk } from './statwalk';

export { parseStatwalk, type StatwalkResult } from './statwalk';

/** Each fixture folder's parser. */
export const PARSERS: Record<string, (text: string) => unknown> = {
  statwalk: parseStatwalk,
};
