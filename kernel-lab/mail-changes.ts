/**
 * The mails' own before/after figures for the metrics the kernel lab
 * measures: what `journalclub kernel compare` and the lab pages put beside a
 * run's change. The figures and citations are lib/mails.ts's; this module
 * only pairs each mail's before and after under the results' metric keys,
 * cited by author, list and date. A metric the mail published no figure for
 * has none here.
 *
 * Values are in the unit of the metric key (files_per_s is files/s where a
 * mail gives K creates/s); `where` names the row or case of the
 * mail's table and its unit when that differs. "before" is the kernel without
 * the change (the lab's switch on), "after" with it, whatever the mail called
 * them.
 *
 * Metric keys are the ones the labs' results use (kernel-lab/labs/<lab>/workload/);
 * each lab pairs them with its mail's figures in kernel-lab/labs/<lab>/mail.ts,
 * whose comment lists its keys.
 */
import { changePct, changesDiffer } from '../lib/compare';
import type { MailChange as VerdictMail } from '../lib/verdict';
import type { KernelLab } from '../lib/kernel-results';
import type { MailFigure } from './mail-figures';
import { KERNEL_LAB_MAILS } from './mails.gen';

export type { MailFigure };

export const MAIL_FIGURES: Record<KernelLab, MailFigure[]> = Object.fromEntries(
  Object.entries(KERNEL_LAB_MAILS).map(([lab, figures]) => [lab, figures()]),
) as Record<KernelLab, MailFigure[]>;

/** Whether a result's parameters hold every value a figure's `when` names. */
function matches(when: MailFigure['when'], parameters: Record<string, unknown> | undefined): boolean {
  if (!when || !parameters) return false;
  return Object.entries(when).every(([k, v]) => k in parameters && String(parameters[k]) === String(v));
}

/**
 * The mail's figure for a lab's metric: the one whose `when` the run's
 * parameters match, else the metric's first figure; undefined when the mail
 * published none for the metric.
 */
export function mailChange(lab: KernelLab, metric: string, parameters?: Record<string, unknown>): MailFigure | undefined {
  const figures = MAIL_FIGURES[lab].filter((f) => f.metric === metric);
  return figures.find((f) => matches(f.when, parameters)) ?? figures[0];
}

/**
 * The change the mail's text states, when it is not the change of its own
 * figures (changePct(before, after)) up to rounding, as one mail's
 * -39.6% for a max latency of 341.833 -> 228.847 ms (-33.1%); undefined when
 * the text states none or agrees.
 */
export function mailStatedPct(f: Pick<MailFigure, 'before' | 'after' | 'stated_pct'>): number | undefined {
  return f.stated_pct !== undefined && changesDiffer(f.stated_pct, changePct(f.before, f.after)) ? f.stated_pct : undefined;
}

/**
 * A figure as lib/verdict.ts takes the mail's change: its ratio after /
 * before and whether it lies within the mail's noise; null where either
 * figure is not positive (no ratio).
 */
export function verdictMail(f: Pick<MailFigure, 'before' | 'after' | 'within_noise' | 'noise' | 'noise_size'>): VerdictMail | null {
  if (!(f.before > 0 && f.after > 0)) return null;
  return {
    ratio: f.after / f.before,
    ...(f.within_noise === undefined ? {} : { withinNoise: f.within_noise }),
    ...(f.noise ? { noise: f.noise } : {}),
    ...(f.noise_size === undefined ? {} : { noiseSize: f.noise_size }),
  };
}
