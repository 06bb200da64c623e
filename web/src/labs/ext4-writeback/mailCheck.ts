/**
 * The model against the mail's own figures, each with a tolerance stated
 * before it is measured and never moved to meet it: the share of
 * ext4_writepages calls that wrote 2-3 and 6-7 pages (the mail's histogram),
 * the device's requests per fio write (its disk stats over fio's issued
 * writes) and commits a second (jbd2's transactions over the run).
 */
import { mailFigure } from '../../../../lib/mails';
import { bucketMetric, mailHistogram, syncOf } from './compare';
import { BUCKETS } from './schema';

export type Variant = 'before' | 'after';
type Metrics = Readonly<Record<string, number>>;

export interface MailCheck {
  id: string;
  label: string;
  /** the tolerance in words */
  tolerance: string;
  /** the mail's value of a variant */
  mail: (variant: Variant) => number;
  /** a run's value; `measuredS` is the run's counted time (after its warmup), in seconds */
  sim: (m: Metrics, measuredS: number) => number;
  /** whether a model's value is within the tolerance of the mail's */
  within: (sim: number, mail: number) => boolean;
}

const mailValue = (metric: string, variant: Variant): number => {
  const v = mailFigure('ext4-writeback', { metric, variant, where: { fio: 'fsync=1' } })?.value;
  if (v === undefined) throw new Error(`mails/ext4-writeback.json has no ${metric} of ${variant} with fsync=1`);
  return v;
};

/** The mail's share of calls in histogram bucket i. */
const mailShare = (i: number, variant: Variant): number => {
  const h = mailHistogram(variant);
  return (h[i] ?? 0) / h.reduce((a, b) => a + b, 0);
};

/** A run's share of calls in histogram bucket i. */
export function simShare(m: Metrics, i: number): number {
  const sync = syncOf(m);
  const total = BUCKETS.reduce((s, _, k) => s + (m[bucketMetric(sync, k)] ?? 0), 0);
  return total > 0 ? (m[bucketMetric(sync, i)] ?? 0) / total : NaN;
}

/** Within a factor of `f` either way. */
const withinFactor = (f: number) => (sim: number, mail: number) => sim > 0 && mail > 0 && sim <= mail * f && sim >= mail / f;
/** Within ±pct % of the mail's. */
const withinPct = (pct: number) => (sim: number, mail: number) => Math.abs(sim - mail) <= (Math.abs(mail) * pct) / 100;

const bucketCheck = (i: number): MailCheck => ({
  id: `calls_${BUCKETS[i]}`,
  label: `calls of ${BUCKETS[i]} pages, share of calls`,
  tolerance: 'within a factor of 2',
  mail: (v) => mailShare(i, v),
  sim: (m) => simShare(m, i),
  within: withinFactor(2),
});

export const MAIL_CHECKS: readonly MailCheck[] = [
  bucketCheck(BUCKETS.indexOf('2-3')),
  bucketCheck(BUCKETS.indexOf('6-7')),
  {
    id: 'requests_per_write',
    label: 'device requests per fio write',
    tolerance: 'within ±10%',
    mail: (v) => mailValue('fsync_disk_write_ios_count', v) / mailValue('fsync_writes_count', v),
    sim: (m) => (m.device_requests_per_s ?? NaN) / (m[`${syncOf(m)}_iops_per_s`] ?? NaN),
    within: withinPct(10),
  },
  {
    id: 'commits_per_s',
    label: 'jbd2 commits a second',
    tolerance: 'within ±20%',
    /* the mail's runs lasted 60 s (fio's runt) */
    mail: (v) => mailValue('fsync_jbd2_transactions_count', v) / 60,
    sim: (m, s) => (m[`${syncOf(m)}_jbd2_transactions_count`] ?? NaN) / s,
    within: withinPct(20),
  },
];

export interface CheckResult {
  id: string;
  label: string;
  tolerance: string;
  variant: Variant;
  mail: number;
  /** the model's median over the runs, and its range */
  median: number;
  min: number;
  max: number;
  /** the median within the tolerance */
  within: boolean;
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? (s[(n - 1) / 2] as number) : ((s[n / 2 - 1] as number) + (s[n / 2] as number)) / 2;
};

/**
 * Every check for each variant over its runs (one per seed), each run's
 * counted time `measuredS` seconds. Throws on a variant without runs or a
 * counted time that is not a positive number.
 */
export function mailChecks(runs: Readonly<Record<Variant, readonly Metrics[]>>, measuredS: number): CheckResult[] {
  if (!(measuredS > 0)) throw new RangeError(`the runs' counted time must be a positive number of seconds, not ${measuredS}`);
  const out: CheckResult[] = [];
  for (const c of MAIL_CHECKS)
    for (const variant of ['before', 'after'] as const) {
      const ms = runs[variant];
      if (!ms?.length) throw new RangeError(`no runs of ${variant}: each variant needs at least one run to compare with the mail`);
      const values = ms.map((m) => c.sim(m, measuredS));
      const mail = c.mail(variant);
      const med = median(values);
      out.push({ id: c.id, label: c.label, tolerance: c.tolerance, variant, mail, median: med, min: Math.min(...values), max: Math.max(...values), within: c.within(med, mail) });
    }
  return out;
}
