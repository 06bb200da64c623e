/**
 * The sweeps: pairs of runs, before and after the patch with the same
 * parameters, so that the simulator's numbers stand next to the paper's. By
 * default a lab's sweep is its paper table, row by row; a lab may declare
 * its own plan here (SWEEP_PLANS), which the CLI and the page's worker both
 * run through sweep().
 */
import type { Engine } from './engine';
import type { PaperRow, PaperRows, RunResult } from './types';

/** One seed for every sweep, so that a sweep is the same everywhere. */
export const SWEEP_SEED = 1;

/** One point of a sweep: the parameters that both variants run with. */
export interface SweepPoint {
  /** the paper row's number when the point is a row of the mail's table, a number after the last row otherwise */
  row: number;
  label: string;
  params: PaperRow['params'];
  /** the mail's figures for this point, or null where the mail has none */
  paper: PaperRow['paper'] | null;
  note: string;
  /** what the point varies, for tables and JSON, e.g. { fs: 'ext4', threads: 20 }; empty for a paper table */
  keys: Record<string, string | number>;
}

/** A lab's sweep: its points, from its paper table. */
export type SweepPlan = (table: PaperRows) => SweepPoint[];

export interface SweepRow extends SweepPoint {
  before: RunResult;
  after: RunResult;
}

export interface SweepResult {
  lab: string;
  /** the metric the paper's numbers compare with, and how (see PaperRows) */
  metric: string;
  unit: string;
  scale: number;
  seed: number;
  rows: SweepRow[];
}

/** The paper table, row by row: every lab's sweep unless it declares its own. */
export const paperPlan: SweepPlan = (table) =>
  table.rows.map((r) => ({ row: r.row, label: r.label, params: r.params, paper: r.paper, note: r.note, keys: {} }));

/** The thread counts of the inode-hash sweep: where inode_hash_lock starts to hurt, and the mail's 20. */
export const INODE_HASH_THREADS = [1, 2, 4, 8, 16, 20, 32] as const;
const INODE_HASH_FS = ['ext4', 'btrfs'] as const;

/**
 * inode-hash: each file system's paper row (the mail's 20 threads) run at
 * every thread count of INODE_HASH_THREADS, its tree per thread unchanged.
 * The points at the row's own thread count are the paper's rows.
 */
export const inodeHashPlan: SweepPlan = (table) => {
  let next = Math.max(0, ...table.rows.map((r) => r.row));
  return table.rows.flatMap((r) =>
    INODE_HASH_THREADS.map((threads): SweepPoint => {
      const fs = INODE_HASH_FS[r.params.fs ?? 0] ?? `fs=${r.params.fs}`;
      const own = r.params.threads === threads;
      return {
        row: own ? r.row : (next += 1),
        label: `${fs}, ${threads} thread${threads === 1 ? '' : 's'}`,
        params: { ...r.params, threads },
        paper: own ? r.paper : null,
        note: own ? r.note : '',
        keys: { fs, threads },
      };
    }),
  );
};

/** The labs whose sweep is not their paper table. */
export const SWEEP_PLANS: Readonly<Record<string, SweepPlan>> = {
  'inode-hash': inodeHashPlan,
};

/** The points lab's sweep runs. */
export function sweepPlan(lab: string, table: PaperRows): SweepPoint[] {
  return (SWEEP_PLANS[lab] ?? paperPlan)(table);
}

export interface SweepProgress {
  /** runs finished so far, out of total (two per row) */
  done: number;
  total: number;
  row: number;
  label: string;
  variant: 'before' | 'after';
}

export type SweepProgressFn = (progress: SweepProgress) => void;

/** Let timers and messages through between runs (progress bars, a worker's other callers). */
const yieldToLoop = (): Promise<void> => new Promise((done) => setTimeout(done, 0));

/**
 * Run a lab's sweep (its plan, by default its paper table).
 * @param onProgress called after each run; a throw from it is not the sweep's concern
 */
export async function sweep(
  engine: Pick<Engine, 'rows' | 'result'>,
  lab: string,
  onProgress?: SweepProgressFn,
  seed: number = SWEEP_SEED,
): Promise<SweepResult> {
  const table: PaperRows = engine.rows(lab);
  const points = sweepPlan(lab, table);
  const total = points.length * 2;
  let done = 0;
  const runOne = async (point: SweepPoint, variant: SweepProgress['variant']): Promise<RunResult> => {
    const result = engine.result({ lab, variant, params: point.params, seed });
    done += 1;
    try {
      onProgress?.({ done, total, row: point.row, label: point.label, variant });
    } catch {
      /* a progress display that fails must not fail the sweep */
    }
    await yieldToLoop();
    return result;
  };
  const rows: SweepRow[] = [];
  for (const point of points) {
    const before = await runOne(point, 'before');
    const after = await runOne(point, 'after');
    rows.push({ ...point, before, after });
  }
  return { lab, metric: table.metric, unit: table.unit, scale: table.scale, seed, rows };
}

/** The simulator's value in the paper's unit, for a sweep row's result. */
export function paperValue(result: RunResult, table: Pick<SweepResult, 'metric' | 'scale'>): number | undefined {
  const value = result.metrics[table.metric];
  return value === undefined ? undefined : value / table.scale;
}
