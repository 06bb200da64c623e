/**
 * The paper sweep: every row of a mail's table, run before and after the
 * patch with the row's parameters, so that the simulator's numbers stand next
 * to the paper's.
 */
import type { Engine } from './engine';
import type { PaperRow, PaperRows, RunResult } from './types';

/** One seed for every sweep, so that a sweep is the same everywhere. */
export const SWEEP_SEED = 1;

export interface SweepRow {
  row: number;
  label: string;
  params: PaperRow['params'];
  paper: PaperRow['paper'];
  note: string;
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
 * Run the paper's table of a lab.
 * @param onProgress called after each run; a throw from it is not the sweep's concern
 */
export async function sweep(
  engine: Pick<Engine, 'rows' | 'result'>,
  lab: string,
  onProgress?: SweepProgressFn,
  seed: number = SWEEP_SEED,
): Promise<SweepResult> {
  const table: PaperRows = engine.rows(lab);
  const total = table.rows.length * 2;
  let done = 0;
  const runOne = async (row: PaperRow, variant: SweepProgress['variant']): Promise<RunResult> => {
    const result = engine.result({ lab, variant, params: row.params, seed });
    done += 1;
    try {
      onProgress?.({ done, total, row: row.row, label: row.label, variant });
    } catch {
      /* a progress display that fails must not fail the sweep */
    }
    await yieldToLoop();
    return result;
  };
  const rows: SweepRow[] = [];
  for (const row of table.rows) {
    const before = await runOne(row, 'before');
    const after = await runOne(row, 'after');
    rows.push({ row: row.row, label: row.label, params: row.params, paper: row.paper, note: row.note, before, after });
  }
  return { lab, metric: table.metric, unit: table.unit, scale: table.scale, seed, rows };
}

/** The simulator's value in the paper's unit, for a sweep row's result. */
export function paperValue(result: RunResult, table: Pick<SweepResult, 'metric' | 'scale'>): number | undefined {
  const value = result.metrics[table.metric];
  return value === undefined ? undefined : value / table.scale;
}
