/**
 * What each lab's kernel-lab/labs/<lab>/mail.ts pairs its metrics with the
 * mail's figures by: a figure of lib/mails.ts by metric, variant and row, the
 * change the mail's text states, and the citation.
 */
import { citationText } from '../lib/format';
import { MAILS, mailChangeOf, mailStatedChange, type MailLabId } from '../lib/mails';

export interface MailFigure {
  /** the results metric key it compares with */
  metric: string;
  /** the mail's figure without and with the change, in the metric's unit */
  before: number;
  after: number;
  /** the row or case of the mail's table, and the mail's own unit when it is not the metric's */
  where: string;
  /** author, list and date of the mail */
  citation: string;
  /**
   * the change in percent as the mail's text states it, when it states one;
   * it can differ from the change of `before` and `after` (one mail
   * states -39.6% max latency for 341.833 -> 228.847 ms, which is -33.1%)
   */
  stated_pct?: number;
  /**
   * the run parameters this figure belongs to (a row of the mail's table),
   * matched against a result's `parameters`; a metric's first figure is the
   * one shown when no figure matches
   */
  when?: Record<string, string | number>;
  /** whether the mail's change is within the noise it states, that noise in words, and the size of change it spans (lib/mails.ts's mailChangeOf) */
  within_noise?: boolean;
  noise?: string;
  noise_size?: number;
}

/** The change the mail's text states for a row, when it states one. */
export function stated(lab: MailLabId, metric: string, where: Record<string, string>): { stated_pct?: number } {
  const pct = mailStatedChange(lab, metric, where);
  return pct === undefined ? {} : { stated_pct: pct };
}

export const citation = (lab: MailLabId): string => citationText(MAILS[lab].cite);

/** Whether the mail's change of a metric in a row is within the noise it states, where it states one. */
export function noise(
  lab: MailLabId,
  metric: string,
  where: Record<string, string>,
  variants?: readonly [string, string],
): Pick<MailFigure, 'within_noise' | 'noise' | 'noise_size'> {
  const c = mailChangeOf(lab, metric, where, variants);
  if (c?.withinNoise === undefined) return {};
  return { within_noise: c.withinNoise, ...(c.noise ? { noise: c.noise } : {}), ...(c.noiseSize === undefined ? {} : { noise_size: c.noiseSize }) };
}

/** K creates/s as files/s. */
export const kilo = (k: number): number => Math.round(k * 1000);
