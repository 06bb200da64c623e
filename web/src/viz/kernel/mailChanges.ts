/**
 * The mail's own change for a metric of the kernel benchmark: what the
 * imported runs' change is put beside. The figures are encoded once, in
 * kernel-lab/mail-changes.ts (which `journalclub kernel compare` reads too);
 * this module is the page's view of them.
 */
import type { KernelLab } from '../../../../lib/kernel-results';
import { mailChange as mailFigure, mailStatedPct, verdictMail, type MailFigure } from '../../../../kernel-lab/mail-changes';

export type MailChange = MailFigure;
export { mailStatedPct, verdictMail };

/** The mail's figure for one metric of a lab; `parameters` (a run's) pick the row of the mail's table. */
export type MailChangeLookup = (lab: KernelLab, metric: string, parameters?: Record<string, unknown>) => MailChange | undefined;

/** The project's table of the mails' changes. */
export const mailChange: MailChangeLookup = mailFigure;
