/**
 * The parsers of the output formats only this lab reads. PARSERS maps each
 * fixture folder under fixtures/ to its parser, as kernel-lab/parsers/ does
 * for the formats the labs share; kernel-lab/parsers/parsers.test.ts runs
 * every golden pair of both.
 */
import { parseEsShrinkerInfo } from './esShrinkerInfo';

export { parseEsShrinkerInfo, type EsShrinkerInfo } from './esShrinkerInfo';

/** Each fixture folder's parser. */
export const PARSERS: Record<string, (text: string) => unknown> = {
  'es-shrinker-info': parseEsShrinkerInfo,
};
