import { describe, expect, it } from 'vitest';
import { wrapModule } from './engine';
import {
  endRuns,
  endVariants,
  paperPlan,
  paperSpread,
  paperValue,
  sweep,
  sweepPlan,
  sweepSeeds,
  SWEEP_SEED,
  SWEEP_SEEDS,
  SWEEP_SEEDS_MAX,
  type SweepProgress,
} from './sweep';
import { FAKE, fakeJson, fakeModule } from './testing/fakeModule';
import { ParamSpec, type PaperRows } from './types';

/** The fake lab's parameter table, checked as the engine checks it. */
const FAKE_SPECS = ParamSpec.array().parse(FAKE.params);

/** The thread counts the swept table sweeps. */
const SWEPT_THREADS = [1, 2, 4, 8, 16, 20, 32];

/** The parameters the swept table's rows name. */
const SWEPT_SPECS: ParamSpec[] = [
  { name: 'fs', type: 'choice', unit: '', min: 0, max: 1, default: 0, default_name: 'ext4', choices: ['ext4', 'btrfs'], help: '' },
  { name: 'threads', type: 'int', unit: 'threads', min: 1, max: 64, default: 4, help: '' },
  { name: 'dirs', type: 'int', unit: 'dirs', min: 1, max: 64, default: 4, help: '' },
];

/** A swept table's shape (as a mail's may be): one row per file system at 20 threads, swept over threads. */
const SWEPT_ROWS: PaperRows = {
  ...FAKE.rows,
  lab: 'toy-sweep',
  metric: 'total_s',
  unit: 's',
  scale: 0.000128,
  rows: [
    { row: 1, label: 'ext4', params: { fs: 0, threads: 20, dirs: 4 }, paper: { before: 46.118, after: 21.581 }, note: 'scaled' },
    { row: 2, label: 'btrfs', params: { fs: 1, threads: 20, dirs: 4 }, paper: { before: 45.549, after: 37.932 }, note: 'scaled' },
  ],
  sweep: { param: 'threads', values: SWEPT_THREADS },
};

/** The seeds every sweep runs by default. */
const SEEDS = sweepSeeds();
/** Three seeds, whose wobble (seededResult) puts min, median and max on different seeds. */
const THREE = sweepSeeds(3);

/**
 * A fake whose creates_per_s depends on the variant, the row's ways and the
 * seed, so that a sweep's medians and ranges can be checked against it.
 */
function seededResult(_lab: string, variant: string, params: string, seed: number) {
  const ways = Number(/ways=(\d+)/.exec(params)?.[1] ?? 0);
  const base = variant === 'before' ? 1000 * ways : 2000 * ways;
  /* seeds 1, 2, 3 give base + 30, base - 10, base + 20: min, median and max come from different seeds */
  const wobble = [0, 30, -10, 20][seed] ?? seed;
  return { ...FAKE.result, variant, seed, metrics: { creates_per_s: base + wobble, seed_echo: seed } };
}

describe('sweep', () => {
  it('runs seeds 1 to 10 by default, and at most SWEEP_SEEDS_MAX', () => {
    expect(SWEEP_SEED).toBe(1);
    expect(SWEEP_SEEDS).toBe(10);
    expect(SEEDS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(sweepSeeds(2, 7)).toEqual([7, 8]);
    expect(sweepSeeds(SWEEP_SEEDS_MAX)).toHaveLength(SWEEP_SEEDS_MAX);
    for (const bad of [0, -1, 1.5, SWEEP_SEEDS_MAX + 1, NaN]) expect(() => sweepSeeds(bad)).toThrow(`1 to ${SWEEP_SEEDS_MAX}`);
  });

  it("runs every paper row before and after with the row's parameters, once per seed", async () => {
    const mod = fakeModule({ json: fakeJson() });
    const progress: SweepProgress[] = [];
    const result = await sweep(wrapModule(mod), 'toy', (p) => progress.push(p));
    expect(mod.runs).toEqual(
      ['ways=1;files=1', 'ways=64;files=1024'].flatMap((params) =>
        SEEDS.flatMap((seed) => [
          ['toy', 'before', params, seed, ''],
          ['toy', 'after', params, seed, ''],
        ]),
      ),
    );
    expect(result.rows.map((r) => [r.row, r.label, r.paper, r.note, r.seeds])).toEqual([
      [1, '1', { before: 10, after: 11 }, '', SEEDS],
      [2, '2', { before: 0.73, after: 126 }, 'collapse', SEEDS],
    ]);
    expect(result.rows[1]?.runs.before!.metrics.creates_per_s).toBe(1234.5);
    expect(result.rows[1]?.runs.before!.runs).toHaveLength(SEEDS.length);
    expect(result).toMatchObject({
      lab: 'toy',
      metric: 'creates_per_s',
      unit: 'K creates/s',
      scale: 1000,
      seed: 1,
      seeds: SEEDS,
      variants: ['before', 'after'],
    });
    const runs = 2 * 2 * SEEDS.length;
    expect(progress.map((p) => p.done)).toEqual(Array.from({ length: runs }, (_, i) => i + 1));
    expect(progress.every((p) => p.total === runs)).toBe(true);
    expect(progress.slice(0, 4).map((p) => `${p.label} ${p.variant} seed ${p.seed}`)).toEqual([
      '1 before seed 1',
      '1 after seed 1',
      '1 before seed 2',
      '1 after seed 2',
    ]);
    /* a point's row comes with its last run, and only then: the table fills row by row */
    const perPoint = 2 * SEEDS.length;
    expect(progress.flatMap((p, i) => (p.point ? [[i + 1, p.point.row]] : []))).toEqual([
      [perPoint, 1],
      [2 * perPoint, 2],
    ]);
    expect(progress[perPoint - 1]!.point).toEqual(result.rows[0]);
  });

  it('reports the median over the seeds, with each metric\'s min and max', async () => {
    const mod = fakeModule({ json: fakeJson(), result: seededResult });
    const result = await sweep(wrapModule(mod), 'toy', undefined, { seeds: THREE });
    const row = result.rows[1]!;
    /* ways=64: before 64000 + (30, -10, 20), after 128000 + the same */
    expect(row.runs.before!.ranges.creates_per_s).toEqual({ min: 63990, median: 64020, max: 64030 });
    expect(row.runs.after!.ranges.creates_per_s).toEqual({ min: 127990, median: 128020, max: 128030 });
    expect(row.runs.before!.metrics.creates_per_s).toBe(64020);
    expect(row.runs.after!.metrics.creates_per_s).toBe(128020);
    /* every metric gets its range, and the runs are kept in seed order */
    expect(row.runs.before!.ranges.seed_echo).toEqual({ min: 1, median: 2, max: 3 });
    expect(row.runs.before!.runs.map((r) => r.seed)).toEqual(THREE);
    expect(paperValue(row.runs.before!, result)).toBeCloseTo(64.02);
    expect(paperSpread(row.runs.after!, result)).toEqual({ min: 127.99, median: 128.02, max: 128.03 });
  });

  it('runs the seeds it is given', async () => {
    const mod = fakeModule({ json: fakeJson(), result: seededResult });
    const progress: SweepProgress[] = [];
    const result = await sweep(wrapModule(mod), 'toy', (p) => progress.push(p), { seeds: [5] });
    expect(mod.runs.map((r) => r[3])).toEqual([5, 5, 5, 5]);
    expect(result).toMatchObject({ seed: 5, seeds: [5] });
    expect(result.rows[0]?.runs.before!.ranges.seed_echo).toEqual({ min: 5, median: 5, max: 5 });
    expect(progress.at(-1)).toMatchObject({ done: 4, total: 4 });
    await expect(sweep(wrapModule(mod), 'toy', undefined, { seeds: [] })).rejects.toThrow('at least one seed');
  });

  it('with several lanes and a runner that answers out of order, puts every run in its place', async () => {
    const mod = fakeModule({ json: fakeJson(), result: seededResult });
    const engine = wrapModule(mod);
    let inFlight = 0;
    let most = 0;
    const run = async (req: Parameters<typeof engine.result>[0]) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      /* later seeds answer first */
      await new Promise((done) => setTimeout(done, 12 - 3 * req.seed));
      inFlight -= 1;
      return engine.result(req);
    };
    const progress: SweepProgress[] = [];
    const result = await sweep(engine, 'toy', (p) => progress.push(p), { run, lanes: 3, seeds: THREE });
    expect(most).toBe(3);
    expect(progress.map((p) => p.done)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    for (const row of result.rows) {
      expect(row.runs.before!.runs.map((r) => [r.variant, r.seed])).toEqual(THREE.map((s) => ['before', s]));
      expect(row.runs.after!.runs.map((r) => [r.variant, r.seed])).toEqual(THREE.map((s) => ['after', s]));
    }
    /* each point reaches the progress callback once, with its last run, whatever order the lanes end in */
    const handed = progress.filter((p) => p.point);
    expect(handed.map((p) => p.point!.row).sort()).toEqual([1, 2]);
    for (const p of handed) {
      const row = result.rows.find((r) => r.row === p.point!.row)!;
      expect(p.point).toEqual(row);
    }
    expect(result.rows[1]?.runs.after!.ranges.creates_per_s).toEqual({ min: 127990, median: 128020, max: 128030 });
  });

  it('with several lanes, stops taking runs at the first refused one', async () => {
    const mod = fakeModule({ json: fakeJson() });
    const engine = wrapModule(mod);
    let calls = 0;
    const run = async (req: Parameters<typeof engine.result>[0]) => {
      calls += 1;
      await new Promise((done) => setTimeout(done, 1));
      if (req.seed === 2) throw new Error('seed 2 refused');
      return engine.result(req);
    };
    await expect(sweep(engine, 'toy', undefined, { run, lanes: 2, seeds: THREE })).rejects.toThrow('seed 2 refused');
    expect(calls).toBeLessThan(12);
  });

  it('survives a progress callback that throws', async () => {
    const engine = wrapModule(fakeModule({ json: fakeJson() }));
    const result = await sweep(engine, 'toy', () => {
      throw new Error('display gone');
    });
    expect(result.rows).toHaveLength(2);
  });

  it('runs every variant a lab declares, in its order, and names the first and last as the ends the mail compares', async () => {
    const variants = ['baseline', 'es-cache', 'es-gc', 'upstream'];
    const labs = [{ ...FAKE.labs[0]!, variants }];
    const mod = fakeModule({ json: { ...fakeJson(), jc_labs_json: labs }, result: seededResult });
    const progress: SweepProgress[] = [];
    const result = await sweep(wrapModule(mod), 'toy', (p) => progress.push(p), { seeds: [1, 2] });
    expect(result.variants).toEqual(variants);
    expect(mod.runs.slice(0, 4).map((r) => r[1])).toEqual(variants);
    expect(mod.runs).toHaveLength(2 * variants.length * 2);
    expect(progress.at(-1)).toMatchObject({ done: 16, total: 16, variant: 'upstream' });
    for (const row of result.rows) {
      expect(Object.keys(row.runs)).toEqual(variants);
      for (const v of variants) expect(row.runs[v]!.runs.map((r) => [r.variant, r.seed])).toEqual([[v, 1], [v, 2]]);
    }
    expect(endVariants(result.variants)).toEqual({ before: 'baseline', after: 'upstream' });
    const ends = endRuns(result.rows[1]!, result.variants);
    expect(ends.before).toBe(result.rows[1]!.runs.baseline);
    expect(ends.after).toBe(result.rows[1]!.runs.upstream);
    expect(() => endVariants([])).toThrow('at least one variant');
    await expect(sweep(wrapModule(mod), 'no-such-lab')).rejects.toThrow('no-such-lab');
  });

  it('stops at the first refused run with its error', async () => {
    const engine = wrapModule(fakeModule({ json: fakeJson(), run: () => ({ status: 1, error: 'ways=64 is out of range 1..8' }) }));
    await expect(sweep(engine, 'toy')).rejects.toThrow('ways=64 is out of range 1..8');
  });
});

describe('paperValue', () => {
  it("divides the metric by the table's scale", () => {
    expect(paperValue(FAKE.result, { metric: 'creates_per_s', scale: 1000 })).toBeCloseTo(1.2345);
    expect(paperValue(FAKE.result, { metric: 'missing', scale: 1 })).toBeUndefined();
  });
});

describe('sweep plans', () => {
  it('a lab that declares no sweep parameter sweeps its paper table, row by row', () => {
    expect(sweepPlan(FAKE.rows, FAKE_SPECS)).toEqual(paperPlan(FAKE.rows, FAKE_SPECS));
    expect(paperPlan(FAKE.rows, FAKE_SPECS).map((p) => [p.row, p.label, p.params, p.paper, p.note, p.keys])).toEqual([
      [1, '1', { ways: 1, files: 1 }, { before: 10, after: 11 }, '', {}],
      [2, '2', { ways: 64, files: 1024 }, { before: 0.73, after: 126 }, 'collapse', {}],
    ]);
  });

  it("a declared sweep runs each row at every value; the row's own value is the paper row", () => {
    const plan = sweepPlan(SWEPT_ROWS, SWEPT_SPECS);
    expect(plan.map((p) => p.keys)).toEqual(
      ['ext4', 'btrfs'].flatMap((fs) => SWEPT_THREADS.map((threads) => ({ fs, threads }))),
    );
    expect(plan.map((p) => p.params.threads)).toEqual([...SWEPT_THREADS, ...SWEPT_THREADS]);
    for (const p of plan) expect(p.params).toMatchObject({ fs: p.keys.fs === 'ext4' ? 0 : 1, dirs: 4 });
    const paper = plan.filter((p) => p.paper !== null);
    expect(paper.map((p) => [p.row, p.keys, p.paper, p.note])).toEqual([
      [1, { fs: 'ext4', threads: 20 }, { before: 46.118, after: 21.581 }, 'scaled'],
      [2, { fs: 'btrfs', threads: 20 }, { before: 45.549, after: 37.932 }, 'scaled'],
    ]);
    const rows = plan.map((p) => p.row);
    expect(new Set(rows).size).toBe(rows.length);
    expect(plan.filter((p) => p.paper === null).every((p) => p.row > 2 && p.note === '')).toBe(true);
    expect(plan[0]?.label).toBe('ext4, threads=1');
    expect(plan[1]?.label).toBe('ext4, threads=2');
  });

  it('rows that differ only in the swept parameter run each point once, as the row that owns it', () => {
    const table = {
      ...SWEPT_ROWS,
      rows: [
        { ...SWEPT_ROWS.rows[0]!, row: 1, label: '32', params: { clients: 32 } },
        { ...SWEPT_ROWS.rows[0]!, row: 2, label: '64', params: { clients: 64 } },
      ],
      sweep: { param: 'clients', values: [4, 32, 64] },
    };
    const plan = sweepPlan(table, [{ ...SWEPT_SPECS[0]!, name: 'clients', type: 'int' } as never]);
    expect(plan.map((p) => [p.params.clients, p.row, p.paper !== null])).toEqual([
      [4, 3, false],
      [32, 1, true],
      [64, 2, true],
    ]);
  });

  it("sweep() runs the lab's plan, both variants per point and seed, with progress over all its runs", async () => {
    const labs = [...FAKE.labs, { id: 'toy-sweep', title: 'a toy sweep', variants: ['before', 'after'], source: 'toy-sweep.c', steps: [] }];
    const json = { ...fakeJson(), jc_labs_json: labs, jc_rows_json: SWEPT_ROWS, jc_params_json: SWEPT_SPECS };
    const mod = fakeModule({ json });
    const progress: SweepProgress[] = [];
    const result = await sweep(wrapModule(mod), 'toy-sweep', (p) => progress.push(p));
    const points = SWEPT_THREADS.length * 2;
    const runs = points * 2 * SEEDS.length;
    expect(mod.runs).toHaveLength(runs);
    expect(mod.runs[0]).toEqual(['toy-sweep', 'before', 'fs=0;threads=1;dirs=4', SWEEP_SEED, '']);
    expect(mod.runs[1]).toEqual(['toy-sweep', 'after', 'fs=0;threads=1;dirs=4', SWEEP_SEED, '']);
    expect(mod.runs.at(-1)).toEqual(['toy-sweep', 'after', 'fs=1;threads=32;dirs=4', SEEDS.at(-1), '']);
    expect(result.rows).toHaveLength(points);
    expect(result.rows.map((r) => r.keys.threads)).toEqual([...SWEPT_THREADS, ...SWEPT_THREADS]);
    expect(progress.map((p) => p.done)).toEqual(Array.from({ length: runs }, (_, i) => i + 1));
    expect(progress.every((p) => p.total === runs)).toBe(true);
    expect(result).toMatchObject({ lab: 'toy-sweep', metric: 'total_s', scale: 0.000128 });
  });
});
