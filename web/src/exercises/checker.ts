/**
 * The exercise checker: runs an exercise's checks on a runner (the native simulator with sanitizers, or the
 * student's code compiled in the browser) and reports each with the run that failed it. The three kinds of
 * check every exercise uses are made here; a lab's exercise (labs/*.ts) sets their numbers.
 */
import type {
  CheckContext,
  CheckDef,
  CheckOutcome,
  CheckReport,
  Exercise,
  ExerciseReport,
  ExerciseRunner,
  RunOutcome,
} from './types';

/** The part of a failed run a report shows. */
export function failedRun(o: Extract<RunOutcome, { ok: false }>, detail: string): CheckOutcome {
  return {
    pass: false,
    detail,
    seed: o.seed,
    params: o.params,
    variant: o.variant,
    ...(o.step !== undefined ? { step: o.step } : {}),
    ...(o.refusedBy !== undefined ? { refusedBy: o.refusedBy } : {}),
    ...(o.lastSteps ? { lastSteps: o.lastSteps } : {}),
  };
}

function describeFailure(o: Extract<RunOutcome, { ok: false }>): string {
  const what = {
    invariant: 'the model found a broken invariant',
    budget: 'the run went past its budget',
    crash: 'the program crashed',
    timeout: 'the run went past its time limit',
    invalid: 'the run was refused',
  }[o.failure];
  return `${what}: ${o.message}`;
}

/** A number as a check's detail writes it: whole with separators from 100 on, else three significant digits. */
export const fmt = (x: number): string =>
  !Number.isFinite(x)
    ? String(x)
    : Math.abs(x) >= 100
      ? Math.round(x).toLocaleString('en-US')
      : Number(x.toPrecision(3)).toString();

/**
 * invariantsCheck - yours, with the lab's invariant checker after every @checkEvery events, on each of
 * @configs over every seed: nothing lost, nothing done twice, no use after free, no lost wakeup, as the lab's
 * checker and the interface's own checks define them.
 */
export function invariantsCheck(opts: { configs: string[]; checkEvery?: number; title?: string }): CheckDef {
  const every = opts.checkEvery ?? 1;
  return {
    id: 'invariants',
    title: opts.title ?? `the lab's invariants, checked after ${every === 1 ? 'every event' : `every ${every} events`}`,
    async evaluate(ctx: CheckContext): Promise<CheckOutcome> {
      let runs = 0;
      for (const params of opts.configs)
        for (const seed of ctx.seeds) {
          const o = await ctx.runner.run({ variant: 'yours', params, seed, opts: `check_every=${every}` });
          runs++;
          if (!o.ok) return failedRun(o, describeFailure(o));
        }
      return { pass: true, detail: `${runs} runs (${opts.configs.length} configurations x ${ctx.seeds.length} seeds) kept every invariant` };
    },
  };
}

/** Run @variant and return its metrics, or the failed check the failure is. */
async function metricsOf(
  ctx: CheckContext,
  variant: string,
  params: string,
  seed: number,
): Promise<{ ok: true; m: Record<string, number> } | { ok: false; outcome: CheckOutcome }> {
  const o = await ctx.runner.run({ variant, params, seed });
  if (!o.ok) return { ok: false, outcome: failedRun(o, `${variant}: ${describeFailure(o)}`) };
  return { ok: true, m: o.metrics };
}

/**
 * scalingCheck - the work yours does per operation as parameter @param grows over @values (the rest of the
 * configuration @base): linear work per operation stays flat, so the per-operation work at the largest value
 * may be at most @maxGrowth times that at the smallest (or @floor, when that is larger: work of nearly
 * nothing may wobble). The old, quadratic code grows with the parameter and fails.
 */
export function scalingCheck(opts: {
  param: string;
  values: number[];
  base: string;
  /** the work of one operation, from a run's metrics and its parameter's value */
  work: (m: Record<string, number>, value: number) => number;
  unit: string;
  maxGrowth: number;
  floor: number;
}): CheckDef {
  return {
    id: 'scaling',
    title: `${opts.unit} as ${opts.param} grows ${opts.values[0]} to ${opts.values[opts.values.length - 1]}: at most ${opts.maxGrowth}x`,
    async evaluate(ctx: CheckContext): Promise<CheckOutcome> {
      const data: Record<string, number[]> = {};
      for (const seed of ctx.seeds) {
        const works: number[] = [];
        for (const v of opts.values) {
          const params = `${opts.base};${opts.param}=${v}`;
          const r = await metricsOf(ctx, 'yours', params, seed);
          if (!r.ok) return r.outcome;
          works.push(opts.work(r.m, v));
        }
        data[`seed ${seed}`] = works;
        const first = Math.max(works[0]!, opts.floor);
        const last = works[works.length - 1]!;
        const growth = last / first;
        if (!(growth <= opts.maxGrowth))
          return {
            pass: false,
            detail: `${opts.unit}: ${works.map(fmt).join(', ')} at ${opts.param} = ${opts.values.join(', ')} (${opts.base}): it grows ${fmt(growth)}x where work linear in the operations stays within ${opts.maxGrowth}x`,
            seed,
            params: `${opts.base};${opts.param}=${opts.values[opts.values.length - 1]}`,
            variant: 'yours',
            data: { values: opts.values, work: works },
          };
      }
      const all = Object.values(data).flat();
      return {
        pass: true,
        detail: `${opts.unit} stays within ${opts.maxGrowth}x from ${opts.param} = ${opts.values[0]} to ${opts.values[opts.values.length - 1]} (at most ${fmt(Math.max(...all))})`,
        data: { values: opts.values, ...data },
      };
    },
  };
}

/**
 * headlineCheck - the mail's headline on the simulator: metric @metric of yours at @params against the
 * model's after (the upstream fix) and before, on every seed. Yours must be within @withinAfter (a fraction)
 * of after, or better, and, with @beatBefore, better than before by that fraction.
 */
export function headlineCheck(opts: {
  params: string;
  label: string;
  metric: string;
  unit: string;
  higherIsBetter: boolean;
  withinAfter: number;
  beatBefore?: number;
}): CheckDef {
  const word = opts.higherIsBetter ? 'higher' : 'lower';
  return {
    id: 'headline',
    title: `${opts.metric} at ${opts.label}: within ${opts.withinAfter * 100}% of after (${word} is better)`,
    async evaluate(ctx: CheckContext): Promise<CheckOutcome> {
      const rows: { seed: number; yours: number; after: number; before: number }[] = [];
      for (const seed of ctx.seeds) {
        const got: Record<string, number> = {};
        for (const variant of ['yours', 'after', 'before']) {
          const r = await metricsOf(ctx, variant, opts.params, seed);
          if (!r.ok) return r.outcome;
          const v = r.m[opts.metric];
          if (v === undefined) throw new Error(`lab has no metric '${opts.metric}'`);
          got[variant] = v;
        }
        const row = { seed, yours: got.yours!, after: got.after!, before: got.before! };
        rows.push(row);
        const rel = opts.higherIsBetter ? row.yours / row.after : row.after / row.yours;
        const vsBefore = opts.higherIsBetter ? row.yours / row.before : row.before / row.yours;
        const numbers = `yours ${fmt(row.yours)}, after ${fmt(row.after)}, before ${fmt(row.before)} ${opts.unit}`;
        if (!(rel >= 1 - opts.withinAfter))
          return {
            pass: false,
            detail: `${opts.metric} at ${opts.label}: ${numbers}: yours is ${fmt((1 - rel) * 100)}% worse than after, more than the ${opts.withinAfter * 100}% allowed`,
            seed,
            params: opts.params,
            variant: 'yours',
            data: { rows },
          };
        if (opts.beatBefore !== undefined && !(vsBefore >= 1 + opts.beatBefore))
          return {
            pass: false,
            detail: `${opts.metric} at ${opts.label}: ${numbers}: yours must be ${opts.beatBefore * 100}% better than before`,
            seed,
            params: opts.params,
            variant: 'yours',
            data: { rows },
          };
      }
      const r0 = rows[0]!;
      return {
        pass: true,
        detail: `${opts.metric} at ${opts.label}: yours ${fmt(r0.yours)}, after ${fmt(r0.after)}, before ${fmt(r0.before)} ${opts.unit} (seed ${r0.seed}; ${rows.length} seeds)`,
        data: { rows },
      };
    },
  };
}

/** runExercise - every check of @ex (or those in @only) on @runner over @seeds (the exercise's by default) */
export async function runExercise(
  ex: Exercise,
  runner: ExerciseRunner,
  opts: { seeds?: number[]; only?: string[]; onCheck?: (r: CheckReport) => void } = {},
): Promise<ExerciseReport> {
  const seeds = opts.seeds ?? ex.seeds;
  const checks = opts.only ? ex.checks.filter((c) => opts.only!.includes(c.id)) : ex.checks;
  const reports: CheckReport[] = [];
  for (const c of checks) {
    const t0 = performance.now();
    let outcome: CheckOutcome;
    try {
      outcome = await c.evaluate({ runner, seeds });
    } catch (e) {
      outcome = { pass: false, detail: `the check could not run: ${(e as Error).message}` };
    }
    const r = { id: c.id, title: c.title, outcome, ms: performance.now() - t0 };
    reports.push(r);
    opts.onCheck?.(r);
  }
  const scoreOf = (o: CheckOutcome): number => o.score ?? (o.pass ? 1 : 0);
  const total = reports.length;
  return {
    lab: ex.lab,
    score: total ? reports.reduce((a, r) => a + scoreOf(r.outcome), 0) / total : 0,
    passed: reports.filter((r) => r.outcome.pass).length,
    total,
    checks: reports,
  };
}
