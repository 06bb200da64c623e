/**
 * extent-status's figures beside the kernel lab's metrics: which of the mail's
 * figures (lib/mails.ts) each metric of this lab's results is compared with,
 * under the results' metric keys (kernel-lab/mail-changes.ts says how).
 * Its keys: case_<a|b|c>_avg_scan_time_us, case_<a|b|c>_max_scan_time_us,
 * case_<a|b|c>_cache_hits_count, case_<a|b>_avg_latency_us, case_<a|b>_max_latency_us.
 */
import { citation, type MailFigure, noise } from '../../mail-figures';
import { mailFigures, mailValue } from '../../../lib/mails';

/*
 * extent-status: baseline (patches 1-2) against es-gc (all six patches), by
 * case; the results key for each of the mail's metrics. The mail splits case
 * c's latencies into reader and writers, which the kernel lab does not.
 */
const EXTENT_STATUS_KEYS: [metric: string, key: string, what: string][] = [
  ['avg_scan_us', 'avg_scan_time_us', 'avg scan time'],
  ['max_scan_us', 'max_scan_time_us', 'max scan time'],
  ['hits', 'cache_hits_count', 'cache hits'],
  ['user_avg_latency_us', 'avg_latency_us', 'user avg latency'],
  ['user_max_latency_us', 'max_latency_us', 'user max latency'],
];

export function kernelMailFigures(): MailFigure[] {
  return EXTENT_STATUS_KEYS.flatMap(([metric, key, what]) =>
    mailFigures('extent-status', { metric, variant: 'baseline' }).map((f) => ({
      metric: `case_${f.where.case}_${key}`,
      before: f.value,
      after: mailValue('extent-status', metric, 'es-gc', f.where),
      where: `case ${f.where.case}, ${what}, baseline -> es-gc (all six patches; upstream took 3-4 and Jan Kara's alternatives to 5-6), mean of 3 runs`,
      citation: citation('extent-status'),
      ...noise('extent-status', metric, f.where, ['baseline', 'es-gc']),
    })),
  );
}
