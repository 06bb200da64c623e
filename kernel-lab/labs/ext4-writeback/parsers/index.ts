/**
 * The parsers of the output formats only this lab reads. PARSERS maps each
 * fixture folder under fixtures/ to its parser, as kernel-lab/parsers/ does
 * for the formats the labs share; kernel-lab/parsers/parsers.test.ts runs
 * every golden pair of both.
 */
import { parseJbd2Info } from './jbd2Info';

export { parseJbd2Info, type Jbd2Average, type Jbd2Info } from './jbd2Info';

/** Each fixture folder's parser. */
export const PARSERS: Record<string, (text: string) => unknown> = {
  'jbd2-info': parseJbd2Info,
};
