/**
 * The mail's own change for a metric of the kernel benchmark: what the
 * imported runs' change is put beside. The figures themselves are encoded
 * once, in kernel-lab/mail-changes.ts; this module is the page's view of them.
 */
import type { KernelLab } from '../../core/kernelResults';

export interface MailChange {
  /** the results metric key it compares with, e.g. files_per_s */
  metric: string;
  /** the mail's figure before and after the patch, in the metric's unit */
  before: number;
  after: number;
  /** which row or case of the mail's table the figures are from */
  where: string;
  /** author, list and date of the mail */
  citation: string;
}

/** Looks up the mail's change for one metric of a lab. */
export type MailChangeLookup = (lab: KernelLab, metric: string) => MailChange | undefined;

/** The mail's change in percent of its "before" figure; undefined when that is 0. */
export function mailChangePct(c: Pick<MailChange, 'before' | 'after'>): number | undefined {
  return c.before === 0 ? undefined : ((c.after - c.before) / Math.abs(c.before)) * 100;
}

/** The project's table of the mails' changes. */
export const mailChange: MailChangeLookup = () => undefined;
