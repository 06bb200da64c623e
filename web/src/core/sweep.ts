/**
 * The sweeps: every variant the lab declares (jc_labs_json), run with the
 * same parameters, so that the simulator's numbers stand next to the
 * paper's. The mail's two figures of a row stand beside the lab's first
 * variant (the kernel without the patch) and its last (with it). A lab's
 * sweep is its paper table, each row again at every value of the sweep
 * parameter its C table may declare (sweepPlan); the CLI and the page's
 * worker both run it through sweep().
 *
 * A seed moves a run's results a little, so every point runs with several
 * seeds (SWEEP_SEEDS by default) and each metric is reported as the median
 * over them, with the min and max beside it (stats.ts); the runs of one
 * seed pair up for the verdict on the change (lib/verdict.ts). Each point
 * is handed to the progress callback as soon as its last run ends, so that
 * a table fills row by row.
 */
import { MAIL_LAB_IDS, mailRowChange, type MailLabId } from '../../../lib/mails';
import { mailRatio, tryVerdict, type MailChange, type Verdict } from '../../../lib/verdict';
import type { Engine } from './engine';
import { medians, metricSpreads, mapSpread, type Spread } from './stats';
import { paramText } from './params';
import type { PaperRow, PaperRows, ParamSpec, RunRequest, RunResult } from './types';

/** The first seed of every sweep, so that a sweep is the same everywhere. */
export const SWEEP_SEED = 1;
/**
 * How many seeds a sweep runs each point with, unless told otherwise: ten
 * pairs give the verdict's t interval 9 degrees of freedom (lib/verdict.ts).
 * A lab's page may run fewer, as many as its sweep fits in its time budget
 * (its manifest's paper.seeds).
 */
export const SWEEP_SEEDS = 10;
/** The most seeds a sweep takes (each one is a whole sweep's worth of runs). */
export const SWEEP_SEEDS_MAX = 20;

/** The seeds of a sweep: `count` of them from `first` on. */
export function sweepSeeds(count: number = SWEEP_SEEDS, first: number = SWEEP_SEED): number[] {
  if (!Number.isInteger(count) || count < 1 || count > SWEEP_SEEDS_MAX)
    throw new RangeError(`a sweep runs 1 to ${SWEEP_SEEDS_MAX} seeds, not ${count}`);
  return Array.from({ length: count }, (_, i) => first + i);
}

/** One point of a sweep: the parameters that every variant runs with. */
export interface SweepPoint {
  /** the paper row's number when the point is a row of the mail's table, a number after the last row otherwise */
  row: number;
  label: string;
  params: PaperRow['params'];
  /** the mail's figures for this point (before: the first variant, after: the last), or null where the mail has none */
  paper: PaperRow['paper'] | null;
  /** the metric the point's paper figures are and its simulator column shows, where its row names its own (absent: the table's) */
  metric?: string;
  note: string;
  /** what the point varies, for tables and JSON, e.g. { fs: 'ext4', threads: 20 }; empty for a paper table */
  keys: Record<string, string | number>;
}

/** A lab's sweep: its points, from its paper table and its parameter table. */
export type SweepPlan = (table: PaperRows, specs: readonly ParamSpec[]) => SweepPoint[];

/** One variant of a point, over the sweep's seeds. */
export interface VariantRuns {
  /** each metric's median over the seeds */
  metrics: Record<string, number>;
  /** each metric's min, median and max over the seeds */
  ranges: Record<string, Spread>;
  /** the runs themselves, one per seed, in the order of the sweep's seeds */
  runs: RunResult[];
}

export interface SweepRow extends SweepPoint {
  /** the seeds this point ran with */
  seeds: number[];
  /** each variant's runs, by the variant's name */
  runs: Record<string, VariantRuns>;
}

export interface SweepResult {
  lab: string;
  /** the metric the paper's numbers compare with, and how (see PaperRows) */
  metric: string;
  unit: string;
  scale: number;
  /** the first seed */
  seed: number;
  /** every seed each point ran with */
  seeds: number[];
  /** the lab's variants in its own order: the first is the kernel without the patch, the last the patched one */
  variants: string[];
  rows: SweepRow[];
}

/** A variant's runs over the seeds, summarised. */
export function variantRuns(runs: RunResult[]): VariantRuns {
  const ranges = metricSpreads(runs);
  return { metrics: medians(ranges), ranges, runs };
}

/**
 * The paper table, row by row: the sweep of a lab that declares no sweep
 * parameter. A choice parameter whose value differs between the rows
 * (a case a, b or c) names each row's point, by its value's name.
 */
export const paperPlan: SweepPlan = (table, specs) => {
  const naming = specs.filter(
    (s) => s.type === 'choice' && new Set(table.rows.map((r) => r.params[s.name])).size > 1,
  );
  return table.rows.map((r) => ({
    row: r.row,
    label: r.label,
    params: r.params,
    paper: r.paper,
    metric: r.paper.metric ?? table.metric,
    note: r.note,
    keys: Object.fromEntries(
      naming.filter((s) => r.params[s.name] !== undefined).map((s) => [s.name, paramText(s, r.params[s.name]!)]),
    ),
  }));
};

/**
 * The lab's sweep as its C table declares it (jc_rows_json's sweep): every
 * paper row run again at each value of the sweep parameter, the rest of the
 * row unchanged; the points at the row's own value are the paper's rows.
 * A point's keys are the parameters its rows differ in (a choice by its
 * name) and the swept one. Without a sweep parameter, the paper table.
 */
export const sweepPlan: SweepPlan = (table, specs) => {
  const axis = table.sweep;
  if (!axis) return paperPlan(table, specs);
  const differ = specs
    .map((s) => s.name)
    .filter((n) => n !== axis.param && new Set(table.rows.map((r) => r.params[n])).size > 1);
  const text = (name: string, value: number | undefined): string | number => {
    const spec = specs.find((s) => s.name === name);
    return spec && value !== undefined ? paramText(spec, value) : (value ?? '');
  };
  let next = Math.max(0, ...table.rows.map((r) => r.row));
  /* a point that another row, or an earlier point, already runs is not run twice */
  const key = (params: PaperRow['params']): string =>
    JSON.stringify(Object.keys(params).sort().map((k) => [k, params[k]]));
  const owned = new Set(table.rows.map((r) => key(r.params)));
  const seen = new Set<string>();
  return table.rows.flatMap((r) =>
    axis.values.flatMap((value): SweepPoint[] => {
      const params = { ...r.params, [axis.param]: value };
      const own = r.params[axis.param] === value;
      const k = key(params);
      if ((!own && owned.has(k)) || seen.has(k)) return [];
      seen.add(k);
      return [{
        row: own ? r.row : (next += 1),
        label: `${r.label}, ${axis.param}=${value}`,
        params,
        paper: own ? r.paper : null,
        metric: r.paper.metric ?? table.metric,
        note: own ? r.note : '',
        keys: { ...Object.fromEntries(differ.map((n) => [n, text(n, r.params[n])])), [axis.param]: value },
      }];
    }),
  );
};

export interface SweepProgress {
  /** runs finished so far, out of total (points x variants x seeds) */
  done: number;
  total: number;
  row: number;
  label: string;
  variant: string;
  seed: number;
  /** the point this run finished, every variant with every seed: present with its last run */
  point?: SweepRow;
}

/** Runs one simulation of a sweep, at once or later (on another thread). */
export type SweepRunner = (req: RunRequest) => RunResult | Promise<RunResult>;

export interface SweepOptions {
  /** the seeds to run every point with; sweepSeeds() by default */
  seeds?: readonly number[];
  /** what runs each simulation; the engine's result() by default */
  run?: SweepRunner;
  /** how many runs may be under way at once (a runner on several threads); 1 by default */
  lanes?: number;
}

export type SweepProgressFn = (progress: SweepProgress) => void;

/** Let timers and messages through between runs (progress bars, a worker's other callers). */
const yieldToLoop = (): Promise<void> => new Promise((done) => setTimeout(done, 0));

/** The variants a lab declares, in its order (jc_labs_json); an unknown lab or one without variants is an error. */
export function labVariants(engine: Pick<Engine, 'labs'>, lab: string): string[] {
  const variants = [...(engine.labs().find((l) => l.id === lab)?.variants ?? [])];
  if (variants.length === 0) throw new RangeError(`lab ${lab} declares no variants`);
  return variants;
}

/** How many runs a sweep of `points` points makes: every point, every variant, every seed. */
export function sweepRunCount(engine: Pick<Engine, 'labs'>, lab: string, points: number, seeds: number): number {
  return points * labVariants(engine, lab).length * seeds;
}

/** The variants a sweep compares with the mail's two figures: the lab's first (unpatched) and its last (patched). */
export function endVariants(variants: readonly string[]): { before: string; after: string } {
  const before = variants[0];
  const after = variants[variants.length - 1];
  if (before === undefined || after === undefined) throw new RangeError('a lab declares at least one variant');
  return { before, after };
}

/**
 * The variants a sweep row's two mail figures stand beside: those its paper
 * row names, else the lab's first and last.
 */
export function rowEnds(row: Pick<SweepRow, 'paper'>, variants: readonly string[]): { before: string; after: string } {
  const ends = endVariants(variants);
  return {
    before: row.paper?.before_variant ?? ends.before,
    after: row.paper?.after_variant ?? ends.after,
  };
}

/** The runs of the variants a sweep row's two figures stand beside (rowEnds). */
export function endRuns(row: Pick<SweepRow, 'runs' | 'paper'>, variants: readonly string[]): { before: VariantRuns; after: VariantRuns } {
  const ends = rowEnds(row, variants);
  const before = row.runs[ends.before];
  const after = row.runs[ends.after];
  if (!before || !after) throw new RangeError(`the sweep row has no runs of ${ends.before} or ${ends.after}`);
  return { before, after };
}

/**
 * Run a lab's sweep (its plan, by default its paper table): every point,
 * with every seed, in every variant the lab declares.
 * @param onProgress called after each run; a throw from it is not the sweep's concern
 */
export async function sweep(
  engine: Pick<Engine, 'labs' | 'params' | 'rows' | 'result'>,
  lab: string,
  onProgress?: SweepProgressFn,
  options: SweepOptions = {},
): Promise<SweepResult> {
  const seeds = [...(options.seeds ?? sweepSeeds())];
  if (seeds.length === 0) throw new RangeError('a sweep needs at least one seed');
  const run: SweepRunner = options.run ?? ((req) => engine.result(req));
  const table: PaperRows = engine.rows(lab);
  const variants = labVariants(engine, lab);
  const points = sweepPlan(table, engine.params(lab));
  /* every run, in the order a single lane takes them: point by point, seed by seed, variant by variant */
  const jobs = points.flatMap((point, p) =>
    seeds.flatMap((seed, s) => variants.map((variant) => ({ p, s, point, seed, variant }))),
  );
  const results = new Map<string, RunResult[][]>(variants.map((v) => [v, points.map(() => [])]));
  const rowOf = (p: number): SweepRow => ({
    ...points[p]!,
    seeds,
    runs: Object.fromEntries(variants.map((v) => [v, variantRuns(results.get(v)![p]!)])),
  });
  /* runs still to finish, per point */
  const left = points.map(() => seeds.length * variants.length);
  const total = jobs.length;
  let done = 0;
  let next = 0;
  let failed = false;
  const lane = async (): Promise<void> => {
    while (next < jobs.length && !failed) {
      const job = jobs[next++]!;
      const { point, seed, variant } = job;
      try {
        results.get(variant)![job.p]![job.s] = await run({ lab, variant, params: point.params, seed });
      } catch (e) {
        failed = true;
        throw e;
      }
      done += 1;
      left[job.p]! -= 1;
      try {
        onProgress?.({ done, total, row: point.row, label: point.label, variant, seed, ...(left[job.p] === 0 ? { point: rowOf(job.p) } : {}) });
      } catch {
        /* a progress display that fails must not fail the sweep */
      }
      await yieldToLoop();
    }
  };
  const lanes = Math.max(1, Math.min(options.lanes ?? 1, jobs.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  const rows: SweepRow[] = points.map((_, p) => rowOf(p));
  return {
    lab,
    metric: table.metric,
    unit: table.unit,
    scale: table.scale,
    seed: seeds[0] as number,
    seeds,
    variants,
    rows,
  };
}

/**
 * The mail's change of a paper row, for the verdict: its ratio from the
 * row's figures (or its stated change), and from the lab's mail data
 * (lib/mails.ts) whether it lies within the noise the mail states; null
 * where the row has no figure.
 */
export function rowMailChange(lab: string, row: { row: number; paper: PaperRow['paper'] | null }): MailChange | null {
  if (!row.paper) return null;
  const p = row.paper;
  if (!((p.before ?? 0) > 0 && (p.after ?? 0) > 0) && !(p.change_pct != null && p.change_pct > -100)) return null;
  const ratio = mailRatio(p);
  const data = (MAIL_LAB_IDS as readonly string[]).includes(lab) ? mailRowChange(lab as MailLabId, row.row) : undefined;
  return data ? { ...data, ratio } : { ratio };
}

/**
 * The verdict on the change of `metric` from one variant's runs to
 * another's, seed paired with seed (their runs are in the seeds' order),
 * against the mail's change (null: none here). A run without the metric,
 * or with a value a ratio cannot take, gives "no verdict" and why.
 */
export function seedVerdict(
  before: { runs: ReadonlyArray<{ metrics: Readonly<Record<string, number>> }> } | undefined,
  after: { runs: ReadonlyArray<{ metrics: Readonly<Record<string, number>> }> } | undefined,
  metric: string,
  mail: MailChange | null,
): Verdict {
  const values = (v: typeof before): number[] => (v ? v.runs.map((r) => r.metrics[metric] ?? NaN) : []);
  return tryVerdict(values(before), values(after), mail);
}

/**
 * The simulator's value in the paper's unit, for a sweep row's result (or its
 * medians); `row` names the metric where its paper row has its own.
 */
export function paperValue(
  result: { metrics: Readonly<Record<string, number>> },
  table: Pick<SweepResult, 'metric' | 'scale'>,
  row?: Pick<SweepPoint, 'metric'>,
): number | undefined {
  const value = result.metrics[row?.metric ?? table.metric];
  return value === undefined ? undefined : value / table.scale;
}

/** The spread over seeds of the paper's metric in the paper's unit, for one variant of a sweep row. */
export function paperSpread(
  runs: VariantRuns,
  table: Pick<SweepResult, 'metric' | 'scale'>,
  row?: Pick<SweepPoint, 'metric'>,
): Spread | undefined {
  const s = runs.ranges[row?.metric ?? table.metric];
  return s === undefined ? undefined : mapSpread(s, (v) => v / table.scale);
}
