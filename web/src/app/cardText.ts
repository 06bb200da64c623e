/** What the labs' home cards write their headlines with: the mails' figures (lib/mails.ts). */
import { mailFigure, type MailLabId } from '../../../lib/mails';

/** A figure of a lab's mail, by its metric, variant and where it was measured. */
export function mailValue(lab: MailLabId, metric: string, variant: string, where: Record<string, string> = {}): number {
  const f = mailFigure(lab, { metric, variant, where });
  if (!f) throw new Error(`lib/mails.ts has no ${lab} figure ${metric} ${variant} ${JSON.stringify(where)}`);
  return f.value;
}

/** A change in percent as the mail states it: "+4.1%", "−53%". */
export const signedPct = (v: number): string => `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v)}%`;

/** A count in words, for orders of magnitude. */
export const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'] as const;
