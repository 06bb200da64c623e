/**
 * btrfs-fsync's measurements on record: every figure the page and the docs
 * quote, over ten seeds, each change taken seed by seed (before and after of
 * one seed paired) with its 95% interval and its verdict (lib/verdict.ts).
 *
 *   npx tsx web/src/labs/btrfs-fsync/measure-run.ts [--seeds N]
 *
 * runs them in the WASM simulator as the command line does, adds an entry
 * to measured/<YYYY-MM-DD>.json (the machine and its load beside it,
 * bench/measure-record.ts) and rewrites the tables between
 * the markers of docs/labs/btrfs-fsync.md from it. The page reads the
 * newest entry (measured.ts); tests hold the docs to it.
 */
import { mailChangeOf } from '../../../../lib/mails';
import { column, JsonNumber, MeasuredBase, overSeeds, parseMeasuredDay, verdictRecord, VerdictRecord, withBetweenMarkers, type MeasuredDay, type RunMetrics } from '../../../../lib/measured';
import { changeText, verdictWords } from '../../../../lib/verdict';
import { formatNumber } from '../../../../lib/format';
import { finiteMedian } from '../../core/stats';
import { ANIMATION_PRESET } from './preset';
import { z } from 'zod';

export const LAB = 'btrfs-fsync';

/** The mail's machine and run, scaled: what every study below starts from. */
export const MAIL_SETUP = { cpus: 12, runtime_ms: 2500 } as const;

/** One comparison: two variants (or one variant under two parameter sets), seed paired. */
export interface Pair {
  /** the parameters both sides share */
  params: Record<string, number | string>;
  /** what the two sides are, in words: "before -> after", "tree_locks off -> on" */
  sides: [string, string];
  metric: string;
  before: number[];
  after: number[];
  verdict: VerdictRecord;
}

/** A study: what it asks, and its pairs. */
export interface Study {
  id: string;
  question: string;
  pairs: Pair[];
}

/** What a measurement run records. */
export interface Measured {
  seeds: number[];
  studies: Study[];
}

/** The figures the page and the docs quote of the mail's two rows. */
export const FIGURES = ['throughput_mb_s', 'flushes_per_s', 'flush_avg_ms', 'flush_max_ms', 'max_latency_ms', 'commit_avg_ms', 'wait_after_super_ms'] as const;
/** The client counts the mail ran, and those it did not, on which the btree locks are checked held out. */
export const MAIL_CLIENTS = [32, 64] as const;
export const HELD_OUT_CLIENTS = [16, 24, 40, 48] as const;
/** The unpin's cost per extent, ns: none, the model's 1.7 us (the mail's 4-5 ms for 2-3 thousand) and up, past the regime's edge. */
export const UNPIN_NS = [0, 1700, 3400, 6800, 10000, 17000, 34000] as const;
/** dbench's per-operation averages the btree locks are held to, against the mail's. */
export const OP_METRICS = ['op_ntcreatex_avg_ms', 'op_unlink_avg_ms', 'op_rename_avg_ms', 'op_find_avg_ms'] as const;

/** The pair of two sides' runs, seed by seed, with its verdict against the mail's change (mail: the ratio, or none). */
export function pairOf(
  params: Record<string, number | string>,
  sides: [string, string],
  metric: string,
  before: number[],
  after: number[],
  mail: number | null,
): Pair {
  return { params, sides, metric, before, after, verdict: verdictRecord(before, after, mail === null ? null : { ratio: mail }) };
}

/** The mail's change of a metric at a clients count (all seven patches), or null where it has none. */
export function mailChange(metric: string, clients: number): number | null {
  return mailChangeOf(LAB, metric, { clients: String(clients) })?.ratio ?? null;
}

/** Runs every study; `run` is one simulator run. */
export function measure(run: RunMetrics, seeds: readonly number[]): Measured {
  const runs = overSeeds(run, seeds);
  const col = column;
  const studies: Study[] = [];

  /* the mail's rows: before and after, and 6.12 beside before, every quoted figure, with and without the btree locks */
  const figures: Pair[] = [];
  const locks: Pair[] = [];
  const ops: Pair[] = [];
  for (const clients of [...MAIL_CLIENTS, ...HELD_OUT_CLIENTS]) {
    const p = { ...MAIL_SETUP, clients };
    const mailRow = (MAIL_CLIENTS as readonly number[]).includes(clients);
    const on = { before: runs('before', p), after: runs('after', p) };
    const off = { before: runs('before', { ...p, tree_locks: 'off' }), after: runs('after', { ...p, tree_locks: 'off' }) };
    const v612 = mailRow ? runs('6.12', p) : null;
    for (const m of FIGURES) {
      if (!mailRow && m !== 'throughput_mb_s' && m !== 'flush_max_ms') continue;
      figures.push(pairOf(p, ['before', 'after'], m, col(on.before, m), col(on.after, m), mailRow ? mailChange(m, clients) : null));
      if (v612) figures.push(pairOf(p, ['before', '6.12'], m, col(on.before, m), col(v612, m), null));
    }
    for (const m of ['throughput_mb_s', 'flushes_per_s', 'tree_lock_wait_ms', 'fs_root_wait_ms'])
      locks.push(pairOf({ ...p, variant: 'after' }, ['tree_locks off', 'tree_locks on'], m, col(off.after, m), col(on.after, m), null));
    /* the patch's gain without the locks: its share, measured */
    locks.push(pairOf({ ...p, tree_locks: 'off' }, ['before', 'after'], 'throughput_mb_s', col(off.before, 'throughput_mb_s'), col(off.after, 'throughput_mb_s'), null));
    for (const m of OP_METRICS)
      if (mailRow) ops.push(pairOf({ ...p, variant: 'before' }, ['tree_locks off', 'tree_locks on'], m, col(off.before, m), col(on.before, m), null));
  }
  studies.push({ id: 'figures', question: "The figures the page and the docs quote, before and after (and 6.12) on the same seed, against the mail's change for all seven patches", pairs: figures });
  studies.push({ id: 'btree-locks', question: 'What the tree blocks\' locks cost, and what they do to the patch\'s gain: the same seeds with tree_locks off and on, at the mail\'s and at held-out client counts', pairs: locks });
  studies.push({ id: 'ops', question: "dbench's per-operation averages before the patch with and without the btree locks (the mail's: the ops table)", pairs: ops });

  /* the other modes the docs speak of: every fsync committing (notreelog), a synchronous discard per unpinned extent */
  const modes: Pair[] = [];
  for (const mode of [{ log: 'notreelog' }, { discard: 'sync' }] as Record<string, string>[]) {
    const p = { ...MAIL_SETUP, clients: 32, ...mode };
    const b = runs('before', p);
    for (const v of ['after', '6.12']) {
      const a = runs(v, p);
      for (const m of ['throughput_mb_s', 'flush_avg_ms', 'flush_max_ms'])
        modes.push(pairOf(p, ['before', v], m, col(b, m), col(a, m), null));
    }
  }
  studies.push({ id: 'modes', question: 'The other modes at 32 clients: every fsync committing (notreelog), and a synchronous discard per unpinned extent', pairs: modes });

  /* the page's opening configuration, the lesson's: what preset.ts says of it */
  const lesson: Pair[] = [];
  {
    const p = { ...ANIMATION_PRESET };
    const b = runs('before', p);
    for (const v of ['after', '6.12']) {
      const a = runs(v, p);
      for (const m of ['wait_after_super_ms', 'completed_waits', 'max_latency_ms', 'flush_max_ms', 'throughput_mb_s'])
        lesson.push(pairOf(p, ['before', v], m, col(b, m), col(a, m), null));
    }
  }
  studies.push({ id: 'lesson', question: "The page's opening configuration, the lesson's: before against after and 6.12", pairs: lesson });

  /* the unpin's cost: where after's commits balloon, and unused_bg_unpin_mutex's part in it */
  const unpin: Pair[] = [];
  for (const [setup, label] of [
    [{ ...MAIL_SETUP, clients: 32 }, 'mail'],
    [{ cpus: 4, runtime_ms: 300, clients: 16 }, 'questions'],
  ] as const) {
    for (const u of UNPIN_NS) {
      const p = { ...setup, unpin_ns: u };
      const b = runs('before', p);
      const a = runs('after', p);
      for (const m of ['throughput_mb_s', 'commit_avg_ms', 'unpin_avg_ms', 'unpin_mutex_wait_ms', 'space_lock_wait_ms'])
        unpin.push(pairOf({ ...p, setup: label }, ['before', 'after'], m, col(b, m), col(a, m), null));
      if (label === 'mail' && u >= 10000) {
        const off = runs('after', { ...p, unpin_mutex: 'off' });
        for (const m of ['commit_avg_ms', 'unpin_avg_ms', 'space_lock_wait_ms'])
          unpin.push(pairOf({ ...p, setup: label, variant: 'after' }, ['unpin_mutex off', 'unpin_mutex on'], m, col(off, m), col(a, m), null));
      }
    }
  }
  studies.push({ id: 'unpin', question: "Where after's commits balloon as the unpin's cost per extent grows, and what unused_bg_unpin_mutex does to it (unpin_mutex off: the ablation)", pairs: unpin });
  return { seeds: [...seeds], studies };
}

/** The pairs of a study that match every given key (params, sides, metric). */
export function findPairs(m: Measured, study: string, where: { metric?: string; sides?: readonly [string, string]; params?: Record<string, number | string> }): Pair[] {
  const s = m.studies.find((x) => x.id === study);
  if (!s) throw new RangeError(`no study "${study}" in the measurements (studies: ${m.studies.map((x) => x.id).join(', ')})`);
  return s.pairs.filter(
    (p) =>
      (where.metric === undefined || p.metric === where.metric) &&
      (where.sides === undefined || (p.sides[0] === where.sides[0] && p.sides[1] === where.sides[1])) &&
      Object.entries(where.params ?? {}).every(([k, v]) => p.params[k] === v),
  );
}

/**
 * The largest unpin cost per extent (of the unpin study's, at `setup`) up
 * to which the lesson holds on record: at it and at every smaller one,
 * after's commits are not clearly longer than before's and its throughput
 * not clearly lower (each change's 95% interval over the seeds). Past it
 * after's overlapping unpins make its commits outlast before's.
 */
export function lessonUnpinMax(m: Measured, setup: string): number {
  const clearly = (metric: string, u: number, up: boolean) =>
    findPairs(m, 'unpin', { metric, sides: ['before', 'after'], params: { setup, unpin_ns: u } }).some((p) =>
      up ? p.verdict.low > 1 : p.verdict.high < 1,
    );
  let max: number | null = null;
  for (const u of UNPIN_NS) {
    if (findPairs(m, 'unpin', { params: { setup, unpin_ns: u } }).length === 0) throw new RangeError(`the unpin study has no runs at ${setup}, unpin_ns=${u}`);
    if (clearly('commit_avg_ms', u, true) || clearly('throughput_mb_s', u, false)) break;
    max = u;
  }
  if (max === null) throw new RangeError(`the lesson does not hold at ${setup} even at unpin_ns=${UNPIN_NS[0]}: after's commits outlast before's there`);
  return max;
}

/** A pair's change in words, ASCII: "+2.0% (95%: +0.4% to +3.6%), within the noise". */
export function pairText(p: Pair): string {
  return `${changeText(p.verdict, { ascii: true })}, ${verdictWords({ kind: p.verdict.kind, n: p.verdict.n })}`;
}

const num = (v: number) => formatNumber(v, { digits: 4, ascii: true });

/** The docs' tables of an entry, as markdown: one per study. */
export function docsTables(m: Measured): string {
  const out: string[] = [];
  for (const s of m.studies) {
    out.push(`**${s.id}**: ${s.question}; seeds ${m.seeds[0]}-${m.seeds[m.seeds.length - 1]}, medians and the change seed by seed.`, '');
    out.push('| parameters | metric | sides | medians | change (95%) and verdict | the mail |', '|---|---|---|---|---|---|');
    for (const p of s.pairs) {
      const params = Object.entries(p.params)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');
      const mail = p.verdict.mail === null ? '' : `${p.verdict.mail > 1 ? '+' : ''}${num((p.verdict.mail - 1) * 100)}%`;
      out.push(`| ${params} | ${p.metric} | ${p.sides[0]} -> ${p.sides[1]} | ${num(finiteMedian(p.before))} -> ${num(finiteMedian(p.after))} | ${pairText(p)} | ${mail} |`);
    }
    out.push('');
  }
  return out.join('\n').trimEnd();
}

/** The markers in docs/labs/btrfs-fsync.md between which docsTables() stands. */
export const DOCS_MARKERS = {
  begin: '<!-- measured: generated by web/src/labs/btrfs-fsync/measure.ts from the newest entry of web/src/labs/btrfs-fsync/measured/; do not edit -->',
  end: '<!-- measured: end -->',
};

/** The docs with their measured block replaced by `tables`; throws naming the marker they lack. */
export const withDocsTables = (doc: string, tables: string): string => withBetweenMarkers(doc, DOCS_MARKERS, tables, `docs/labs/${LAB}.md`);

/* ------------------------------------------------------------------ */
/* The files on record                                                  */
/* ------------------------------------------------------------------ */

const PairSchema = z.object({
  params: z.record(z.string(), z.union([z.number(), z.string()])),
  sides: z.tuple([z.string(), z.string()]),
  metric: z.string(),
  before: z.array(JsonNumber),
  after: z.array(JsonNumber),
  verdict: VerdictRecord,
});
export const Entry = MeasuredBase.extend({
  runs: z.number().int(),
  studies: z.array(z.object({ id: z.string(), question: z.string(), pairs: z.array(PairSchema) })),
});

export type MeasuredEntry = z.infer<typeof Entry> & Measured;
export type { MeasuredDay };

/** A day's file, checked; an error names the file and the first field that is wrong. */
export const parseDay = (json: unknown, name: string): MeasuredDay<MeasuredEntry> => parseMeasuredDay(Entry, json, name);
