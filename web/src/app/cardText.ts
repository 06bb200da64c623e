/** What the labs' home cards write their headlines with: the mails' figures (lib/mails.ts). */
export { mailValue } from '../../../lib/mails';

/** A change in percent as the mail states it: "+4.1%", "−53%". */
export const signedPct = (v: number): string => `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v)}%`;

/** A count in words, for orders of magnitude. */
export const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'] as const;
