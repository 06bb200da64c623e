/**
 * The mail's timings beside the simulator's: user, system and total time
 * and the CPU share, before and after, for each file system of the mail.
 * Pure: MailTable.tsx draws what these return.
 */
import { diffPct } from '../../viz/paper/paper';
import type { RunResult } from '../../core/types';
import { fsOf, type Fs, type MailRow, type MailTiming } from './mail';

/** What the comparison needs from a paper sweep (core/sweep.ts's SweepResult fits). */
export interface SweepRowsLike {
  scale: number;
  rows: ReadonlyArray<{ params: Record<string, number>; before: RunResult; after: RunResult }>;
}

export const TIMING_METRICS = ['user_s', 'sys_s', 'total_s'] as const;

export type Timing = MailTiming;

export interface ComparisonRow {
  fs: Fs;
  mail: { before: MailTiming; after: MailTiming; changePct: Record<keyof MailTiming, number> };
  /** null until a sweep has run the mail's row for this file system */
  sim: { before: Timing; after: Timing; changePct: Record<keyof MailTiming, number> } | null;
}

/**
 * The simulator's timing of a run: its seconds divided by the table's scale
 * (so that they read in the mail's unit, as the paper table's do) and the CPU
 * share (user + system over total, which no scale changes).
 */
export function simTiming(result: RunResult, scale: number): Timing {
  const m = (name: (typeof TIMING_METRICS)[number]) => {
    const v = result.metrics[name];
    if (v === undefined) throw new Error(`the simulator's result has no metric ${name} (it has ${Object.keys(result.metrics).join(', ')})`);
    return v / (scale || 1);
  };
  const user_s = m('user_s');
  const sys_s = m('sys_s');
  const total_s = m('total_s');
  return { user_s, sys_s, total_s, cpu_pct: total_s > 0 ? ((user_s + sys_s) / total_s) * 100 : 0 };
}

function changes(before: MailTiming, after: MailTiming): Record<keyof MailTiming, number> {
  return {
    user_s: diffPct(before.user_s, after.user_s),
    sys_s: diffPct(before.sys_s, after.sys_s),
    cpu_pct: diffPct(before.cpu_pct, after.cpu_pct),
    total_s: diffPct(before.total_s, after.total_s),
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
    let sim: ComparisonRow['sim'] = null;
    if (s && sweep) {
      const before = simTiming(s.before, sweep.scale);
      const after = simTiming(s.after, sweep.scale);
      sim = { before, after, changePct: changes(before, after) };
    }
    return { fs: r.fs, mail: { before: r.before, after: r.after, changePct: changes(r.before, r.after) }, sim };
  });
}

/** Seconds as the mail prints them: two decimals below 100, one above, none past 10000. */
export function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '—';
  const a = Math.abs(s);
  if (a >= 10000) return `${s.toFixed(0)} s`;
  if (a >= 100) return `${s.toFixed(1)} s`;
  if (a >= 0.01 || a === 0) return `${s.toFixed(2)} s`;
  return `${s.toPrecision(2)} s`;
}
