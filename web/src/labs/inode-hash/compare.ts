/**
 * The mail's timings beside the simulator's: user, system and total time
 * and the CPU share, before and after, for each file system of the mail.
 * The simulator's are medians over the sweep's seeds with their min and
 * max, and each change, seed paired with seed, carries the verdict against
 * the mail's change of that column (lib/verdict.ts).
 * User time is not among the simulator's results: the model charges a fixed
 * user cost per stat, taken from the mail, so it is shown as an input.
 * Pure: MailTable.tsx draws what these return.
 */
import { changePct } from '../../../../lib/compare';
import { mailChangeOf } from '../../../../lib/mails';
import { tryVerdict, type MailChange, type Verdict } from '../../../../lib/verdict';
import { spread, type Spread } from '../../core/stats';
import type { RunResult } from '../../core/types';
import { fsOf, MAIL_TREE, type Fs, type MailRow, type MailTiming } from './mail';

/** What the comparison needs from a paper sweep (core/sweep.ts's SweepResult fits). */
export interface SweepRowsLike {
  scale: number;
  rows: ReadonlyArray<{
    params: Record<string, number>;
    seeds: readonly number[];
    /** each variant's runs by name: this lab's are before and after */
    runs: Readonly<Record<string, { runs: readonly RunResult[] }>>;
  }>;
}

export const TIMING_METRICS = ['user_s', 'sys_s', 'total_s'] as const;

export type Timing = MailTiming;
export type TimingKey = keyof MailTiming;
export const TIMING_KEYS: readonly TimingKey[] = ['user_s', 'sys_s', 'cpu_pct', 'total_s'];

/**
 * The columns that are the model's inputs rather than its results: user
 * time is a fixed cost per stat (from the mail's user time over its stats),
 * the same before and after, so its "change" says nothing.
 */
export const INPUT_TIMINGS: ReadonlySet<TimingKey> = new Set<TimingKey>(['user_s']);

export interface SimSide {
  /** medians over the seeds */
  before: Timing;
  after: Timing;
  /** min, median and max over the seeds */
  range: { before: Record<TimingKey, Spread>; after: Record<TimingKey, Spread> };
  /** the change of the medians, in percent (lib/compare.ts); undefined from a median of 0 */
  changePct: Record<TimingKey, number | undefined>;
  /** the change seed by seed against the mail's, per column */
  verdict: Record<TimingKey, Verdict>;
  seeds: number;
  /** the share of threads x total time the walkers were on a CPU (user + system), over every run of the row */
  busyShare: Spread;
  /** the user time the model charges per stat, in ns, over every run of the row */
  userPerStatNs: Spread;
}

export interface ComparisonRow {
  fs: Fs;
  mail: {
    before: MailTiming;
    after: MailTiming;
    changePct: Record<TimingKey, number | undefined>;
    /** the share of threads x total the mail's walkers were on a CPU: its CPU share over its threads */
    busyShare: { before: number; after: number };
    /** the mail's user time per stat, in ns: its user seconds over the stats of its trees */
    userPerStatNs: { before: number; after: number };
  };
  /** null until a sweep has run the mail's row for this file system */
  sim: SimSide | null;
}

/**
 * The simulator's timing of a run: its seconds divided by the table's scale
 * (so that they read in the mail's unit, as the paper table's do) and the CPU
 * share (user + system over total, which no scale changes).
 */
export function simTiming(result: RunResult, scale: number): Timing {
  const m = (name: (typeof TIMING_METRICS)[number]) => metric(result, name) / (scale || 1);
  const user_s = m('user_s');
  const sys_s = m('sys_s');
  const total_s = m('total_s');
  return { user_s, sys_s, total_s, cpu_pct: total_s > 0 ? ((user_s + sys_s) / total_s) * 100 : 0 };
}

function metric(result: RunResult, name: string): number {
  const v = result.metrics[name];
  if (v === undefined) throw new Error(`the simulator's result has no metric ${name} (it has ${Object.keys(result.metrics).join(', ')})`);
  return v;
}

/** The share of threads x total a run's walkers spent on a CPU: 1 when they never left it. */
export function busyShare(result: RunResult, threads: number): number {
  const t = simTiming(result, 1);
  return t.total_s > 0 && threads > 0 ? (t.user_s + t.sys_s) / (threads * t.total_s) : NaN;
}

/** The user time a run charged per stat, in ns. */
export function userPerStatNs(result: RunResult): number {
  return (metric(result, 'user_s') / metric(result, 'stats')) * 1e9;
}

function byKey<T>(f: (key: TimingKey) => T): Record<TimingKey, T> {
  return { user_s: f('user_s'), sys_s: f('sys_s'), cpu_pct: f('cpu_pct'), total_s: f('total_s') };
}

function changes(before: MailTiming, after: MailTiming): Record<TimingKey, number | undefined> {
  return byKey((k) => changePct(before[k], after[k]));
}

/** The mail's change of each column of a row, with the noise it states (lib/mails.ts). */
export function mailChanges(r: Pick<MailRow, 'fs' | 'threads'>): Record<TimingKey, MailChange | null> {
  return byKey((k) => mailChangeOf('inode-hash', k, { fs: r.fs, threads: String(r.threads) }) ?? null);
}

/**
 * The simulator's side of a row from its runs over the seeds (before and
 * after each in the seeds' order), each column's change held against the
 * mail's (`mail`, none by default).
 */
export function simSide(
  before: readonly RunResult[],
  after: readonly RunResult[],
  seeds: number,
  threads: number,
  scale: number,
  mail: Partial<Record<TimingKey, MailChange | null>> = {},
): SimSide {
  const tb = before.map((r) => simTiming(r, scale));
  const ta = after.map((r) => simTiming(r, scale));
  const b = byKey((k) => spread(tb.map((t) => t[k])));
  const a = byKey((k) => spread(ta.map((t) => t[k])));
  const medians = (s: Record<TimingKey, Spread>): Timing => byKey((k) => s[k].median);
  const all = [...before, ...after];
  return {
    before: medians(b),
    after: medians(a),
    range: { before: b, after: a },
    changePct: changes(medians(b), medians(a)),
    verdict: byKey((k) => tryVerdict(tb.map((t) => t[k]), ta.map((t) => t[k]), mail[k] ?? null)),
    seeds,
    busyShare: spread(all.map((r) => busyShare(r, threads))),
    userPerStatNs: spread(all.map(userPerStatNs)),
  };
}

/**
 * One row per file system of the mail, with the sweep's run of the same fs
 * at the mail's thread count where there is one (a sweep may hold the same
 * fs at other thread counts too).
 */
export function compareWithMail(mail: readonly MailRow[], sweep: SweepRowsLike | null): ComparisonRow[] {
  return mail.map((r) => {
    const s = sweep?.rows.find((row) => fsOf(row.params.fs) === r.fs && row.params.threads === r.threads);
    const before = s?.runs.before?.runs;
    const after = s?.runs.after?.runs;
    const sim = s && sweep && before && after ? simSide(before, after, s.seeds.length, r.threads, sweep.scale, mailChanges(r)) : null;
    const stats = r.threads * MAIL_TREE.dirs * MAIL_TREE.files;
    return {
      fs: r.fs,
      mail: {
        before: r.before,
        after: r.after,
        changePct: changes(r.before, r.after),
        busyShare: { before: r.before.cpu_pct / 100 / r.threads, after: r.after.cpu_pct / 100 / r.threads },
        userPerStatNs: { before: (r.before.user_s / stats) * 1e9, after: (r.after.user_s / stats) * 1e9 },
      },
      sim,
    };
  });
}

/**
 * Whether a row's four simulated numbers carry one measurement: when the
 * walkers were on a CPU for nearly all of threads x total (they never
 * sleep), system time is that busy time less the user input and the CPU
 * share is it over the total, so both follow from the total.
 */
export const ONE_MEASUREMENT_BUSY_SHARE = 0.95;

export function oneMeasurement(sim: Pick<SimSide, 'busyShare'>): boolean {
  return sim.busyShare.min >= ONE_MEASUREMENT_BUSY_SHARE;
}
