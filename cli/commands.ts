/**
 * The commands of `journalclub`, each a function from parsed options to
 * text on stdout. They run the WASM simulator that the browser runs.
 */
import { Presets, SingleBar } from 'cli-progress';
import { loadEngine } from '../web/src/core/node';
import { sweepOnThreads } from '../web/src/core/nodeThreads';
import {
  endRuns,
  endVariants,
  labVariants,
  paperSpread,
  paperValue,
  rowEnds as endsOf,
  rowMailChange,
  seedVerdict,
  sweepPlan,
  sweepRunCount,
  SWEEP_SEEDS,
  variantRuns,
  type SweepResult,
} from '../web/src/core/sweep';
import { isLabId, LAB_FACES } from '../web/src/labs/registry.gen';
import { changeText, formatRatioAsChange, verdictReason, verdictWords } from '../lib/verdict';
import { MAIL_LAB_IDS, MAILS, mailChangeOf, type MailLabId } from '../lib/mails';

const isMailLab = (lab: string): lab is MailLabId => (MAIL_LAB_IDS as readonly string[]).includes(lab);
import type { RunResult } from '../web/src/core/types';
import type { Engine } from '../web/src/core/engine';
import { allowedText } from '../web/src/core/params';
import { writeFileSync } from 'node:fs';
import { TRACE_STEPS_MAX, traceRuns } from '../web/src/core/chromeTrace';
import { parseSeed, parseSets, parseSteps, parseSweepSeeds, STEP_MAX } from './args';
import { UsageError } from './errors';
import { formatChange, formatNumber, formatRange, formatRatio } from '../lib/format';
import { formatParams, table } from './format';

/** Numbers as a terminal prints them. */
const ASCII = { ascii: true } as const;

type Print = (text: string) => void;

const json = (value: unknown): string => JSON.stringify(value, null, 2);

export async function labsCommand(opts: { json?: boolean }, print: Print): Promise<void> {
  const labs = (await loadEngine()).labs();
  if (opts.json) return print(json(labs));
  print(table(['lab', 'title', 'variants'], labs.map((l) => [l.id, l.title, l.variants.join(', ')])));
}

/**
 * A lab's parameters: an integer with its default and range, a choice with
 * its default's name and its names (a "choices" column, where a lab has one).
 */
export async function paramsCommand(lab: string, opts: { json?: boolean }, print: Print): Promise<void> {
  const specs = (await loadEngine()).params(lab);
  if (opts.json) return print(json(specs));
  const choices = specs.some((p) => p.type === 'choice');
  print(
    table(
      ['parameter', 'default', 'min', 'max', 'unit', ...(choices ? ['choices'] : []), 'meaning'],
      specs.map((p) => [
        p.name,
        p.type === 'choice' ? p.default_name : p.default,
        p.type === 'choice' ? '-' : p.min,
        p.type === 'choice' ? '-' : p.max,
        p.unit,
        ...(choices ? [p.type === 'choice' ? p.choices.join(', ') : ''] : []),
        p.help,
      ]),
      ['min', 'max'],
    ),
  );
}

export interface SimOptions {
  /** one of the lab's variants; absent: the lesson's two, over `seeds` seeds (pairCommand) */
  variant?: string;
  set: string[];
  seed: string;
  /** how many seeds the two variants run with, without --variant */
  seeds?: string;
  json?: boolean;
}

/**
 * `--set` names and values checked against the lab's table before the
 * simulator reads them: a name it does not have, or a value that is not
 * one word (e.g. "4,cpus=2"), is refused with the lab's parameters or the
 * value's range, as the simulator words its own refusals.
 */
export function checkSets(engine: Engine, lab: string, params: Record<string, string>): void {
  if (Object.keys(params).length === 0) return;
  const specs = engine.params(lab);
  for (const [name, value] of Object.entries(params)) {
    const spec = specs.find((s) => s.name === name);
    if (!spec) throw new UsageError(`unknown parameter "${name}" for lab ${lab} (parameters: ${specs.map((s) => s.name).join(', ')})`);
    if (/[;=\s]/.test(value)) throw new UsageError(`parameter ${name}: "${value}" is not one value; allowed ${allowedText(spec)}`);
  }
}

export async function simCommand(lab: string, opts: SimOptions, print: Print): Promise<void> {
  if (opts.variant === undefined) return pairCommand(lab, opts, print);
  if (opts.seeds !== undefined)
    throw new UsageError(`--seeds runs the lesson's two variants, and --variant ${opts.variant} one run: give one or the other`);
  const params = parseSets(opts.set);
  const seed = parseSeed(opts.seed);
  const engine = await loadEngine();
  checkSets(engine, lab, params);
  const result = engine.result({ lab, variant: opts.variant, params, seed });
  if (opts.json) {
    const { variant, params: used, metrics, sim } = result;
    return print(json({ lab: result.lab, variant, seed: result.seed, params: used, metrics, sim }));
  }
  print(describeRun(result));
}

/**
 * What `sim` runs without --variant: the lesson's two variants (its lab.ts)
 * with the lesson's parameters, a --set over them, and the mail's figures
 * they stand beside: the row of the lab's paper table whose every parameter
 * the run has (with the lab's defaults) and whose variants are the lesson's,
 * else the lesson's headline, the mail's at its own size.
 */
export function lessonRun(
  engine: Pick<Engine, 'labs' | 'params' | 'rows'>,
  lab: string,
  sets: Record<string, string>,
): { variants: [string, string]; params: Record<string, number | string>; mail: { where: Record<string, string>; metric: string; what: string } | null } {
  const variants = labVariants(engine, lab);
  const specs = engine.params(lab);
  const lesson = isLabId(lab) ? LAB_FACES[lab].lesson : undefined;
  const pair: [string, string] = lesson ? [lesson.variants[0], lesson.variants[1]] : [variants[0]!, variants[variants.length - 1]!];
  /* the lesson's parameters that the lab's table has, and the ones given over them */
  const params: Record<string, number | string> = {
    ...Object.fromEntries(Object.entries(lesson?.params ?? {}).filter(([k]) => specs.some((s) => s.name === k))),
    ...sets,
  };
  /* the run's parameters as the rows hold them: every one, a choice by its index */
  const value = (name: string): number | undefined => {
    const spec = specs.find((s) => s.name === name);
    const given = params[name];
    if (!spec) return undefined;
    if (given === undefined) return spec.default;
    if (spec.type === 'choice') return typeof given === 'number' ? given : spec.choices.indexOf(given);
    return Number(given);
  };
  const row = engine
    .rows(lab)
    .rows.find((r) => Object.entries(r.params).every(([k, v]) => value(k) === v) && Object.values(endsOf(r, variants)).join() === pair.join());
  const mailRow = row && isMailLab(lab) ? MAILS[lab].rows.find((r) => r.row === row.row) : undefined;
  if (mailRow) return { variants: pair, params, mail: { where: mailRow.where, metric: mailRow.metric, what: `the mail's row ${mailRow.row} (${mailRow.label})` } };
  if (lesson && isMailLab(lab))
    return {
      variants: pair,
      params,
      mail: { where: { ...lesson.headline.where }, metric: lesson.headline.metric, what: `the mail's headline${lesson.headline.mailSize ? `, at its size (${lesson.headline.mailSize})` : ''}` },
    };
  return { variants: pair, params, mail: null };
}

/**
 * `sim <lab>` without --variant: the lesson's two variants with its
 * parameters (lessonRun) over several seeds, side by side: every metric's
 * median a side, and the change seed by seed with its 95% interval and its
 * verdict against the mail's (lib/verdict.ts), where the mail has a figure
 * of the metric in the row the run matches or in its headline's.
 */
export async function pairCommand(lab: string, opts: SimOptions, print: Print): Promise<void> {
  const params = parseSets(opts.set);
  const seeds = parseSweepSeeds(opts.seed, opts.seeds ?? String(SWEEP_SEEDS));
  const engine = await loadEngine();
  if (!engine.labs().some((l) => l.id === lab))
    throw new UsageError(`unknown lab "${lab}" (labs: ${engine.labs().map((l) => l.id).join(', ')})`);
  checkSets(engine, lab, params);
  const { variants, params: runParams, mail } = lessonRun(engine, lab, params);
  const [vb, va] = variants;
  const runs = { before: [] as RunResult[], after: [] as RunResult[] };
  for (const seed of seeds) {
    runs.before.push(engine.result({ lab, variant: vb, params: runParams, seed }));
    runs.after.push(engine.result({ lab, variant: va, params: runParams, seed }));
  }
  const mailMetric = mail?.metric ?? engine.rows(lab).metric;
  const before = variantRuns(runs.before);
  const after = variantRuns(runs.after);
  const names = Object.keys(before.metrics);
  /* the mail's change of each metric it has figures of there: the headline's, and the others of its table */
  const mails = Object.fromEntries(names.map((m) => [m, (mail && isMailLab(lab) ? mailChangeOf(lab, m, mail.where, variants) : undefined) ?? null]));
  const verdicts = Object.fromEntries(names.map((m) => [m, seedVerdict(before, after, m, mails[m] ?? null)]));
  if (opts.json) {
    return print(
      json({
        lab,
        variants,
        seeds,
        params: runs.before[0]!.params,
        mail: mail ? { what: mail.what, where: mail.where, metric: mail.metric } : null,
        metrics: Object.fromEntries(
          names.map((m) => [m, { [vb]: runs.before.map((r) => r.metrics[m]), [va]: runs.after.map((r) => r.metrics[m]), verdict: verdicts[m] }]),
        ),
      }),
    );
  }
  const mailCell = (m: string): string => (mails[m] ? formatRatioAsChange(mails[m].ratio, ASCII) : '');
  const rowsOut = names.map((m) => [
    m,
    formatNumber(before.metrics[m], ASCII),
    formatNumber(after.metrics[m], ASCII),
    changeText(verdicts[m]!, ASCII),
    mailCell(m),
    verdictWords(verdicts[m]!),
  ]);
  const mailVerdict = verdicts[mailMetric];
  return print(
    [
      `${lab}: ${vb} and ${va}, seeds ${seeds[0]}..${seeds[seeds.length - 1]} (${seeds.length}), parameters ${formatParams(runs.before[0]!.params)}`,
      mail
        ? `${mail.what}: its changes ${vb} -> ${va} beside the simulator's`
        : `the mail has no figures here: the verdicts say only whether each change is clear of the seeds' noise (journalclub sweep ${lab} runs the mail's rows)`,
      '',
      table(['metric', `${vb} median`, `${va} median`, `${va}/${vb} (95%)`, 'mail', 'verdict'], rowsOut, [`${vb} median`, `${va} median`]),
      '',
      ...(mailVerdict ? [`${mailMetric}: ${verdictReason(mailVerdict, ASCII)}`] : []),
      "change: each seed's two runs as a ratio, their geometric mean and its 95% t interval over the seeds (lib/verdict.ts)",
    ].join('\n'),
  );
}

/** A run in words and a table of its metrics. */
export function describeRun(result: RunResult): string {
  const units = new Map(result.metric_info.map((m) => [m.name, m]));
  const metrics = table(
    ['metric', 'value', 'unit', 'meaning'],
    Object.entries(result.metrics).map(([name, value]) => [
      name,
      value,
      units.get(name)?.unit ?? '',
      units.get(name)?.help ?? '',
    ]),
  );
  const { sim } = result;
  return [
    `${result.lab}, variant ${result.variant}, seed ${result.seed}, ${result.cpus} CPUs`,
    `parameters: ${formatParams(result.params)}`,
    '',
    metrics,
    '',
    `simulated ${formatNumber(sim.end_ns / 1e6, ASCII)} ms in ${sim.events} events, ${sim.steps} steps; hash ${sim.hash}`,
  ].join('\n');
}

export interface SweepOptions {
  /** the first seed */
  seed: string;
  /** how many seeds, from the first on */
  seeds: string;
  json?: boolean;
}

export async function sweepCommand(lab: string, opts: SweepOptions, print: Print): Promise<void> {
  const seeds = parseSweepSeeds(opts.seed, opts.seeds);
  const engine = await loadEngine();
  const total = sweepRunCount(engine, lab, sweepPlan(engine.rows(lab), engine.params(lab)).length, seeds.length);
  const bar = new SingleBar(
    {
      format: `sweep ${lab} [{bar}] {value}/{total} runs  {row} {variant}, seed {seed}`,
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: true,
    },
    Presets.shades_classic,
  );
  bar.start(total, 0, { row: '', variant: '', seed: '' });
  let result: SweepResult;
  try {
    result = await sweepOnThreads(
      engine,
      lab,
      (p) => bar.update(p.done, { row: p.label, variant: p.variant, seed: p.seed }),
      seeds,
    );
  } finally {
    bar.stop();
  }
  if (opts.json) return print(json(sweepJson(result)));
  print(describeSweep(result));
}

/**
 * `sweep --json`: one row per point of the sweep and variant, e.g.
 * {"case":"a","variant":"baseline","avg_scan_us":...,"seeds":[1,2,3],...}:
 * the point's keys, the variant, every metric's median over the seeds,
 * the seeds, and each metric's min, median and max under "ranges"; then
 * the mail's row the point belongs to (row, label, params, paper, note).
 */
export function sweepJson(result: SweepResult) {
  return {
    lab: result.lab,
    metric: result.metric,
    unit: result.unit,
    scale: result.scale,
    seed: result.seed,
    seeds: result.seeds,
    variants: result.variants,
    rows: result.rows.flatMap((r) =>
      result.variants.map((v) => ({
        ...r.keys,
        variant: v,
        ...r.runs[v]!.metrics,
        seeds: r.seeds,
        ranges: r.runs[v]!.ranges,
        row: r.row,
        label: r.label,
        params: r.params,
        paper: r.paper,
        note: r.note,
      })),
    ),
  };
}

/** The mail's ratio of a row: from its two figures, else the change it states ("-5% stated"), else "-". */
function paperRatio(paper: SweepResult['rows'][number]['paper']): string {
  if (!paper) return '-';
  if (paper.before !== null && paper.after !== null) return formatRatio({ before: paper.before, after: paper.after }, ASCII);
  return paper.change_pct != null ? `${formatChange(paper.change_pct, ASCII)} stated` : '-';
}

/**
 * The paper's table beside the simulator's, in the paper's unit: every
 * variant's median over the seeds with its min..max beside it, each of the
 * mail's two figures beside the variant it belongs to (its row's
 * before_variant and after_variant: by default the first, unpatched, and
 * the last, patched), and the change between those two variants seed by
 * seed with its 95% interval and its verdict against the mail's
 * (lib/verdict.ts). A sweep whose points vary
 * named parameters (keys) shows those instead of the row and its
 * parameters; "-" where the paper has no figure.
 */
export function describeSweep(result: SweepResult): string {
  const keyNames = [...new Set(result.rows.flatMap((r) => Object.keys(r.keys)))];
  const variants = result.variants;
  const rowEnds = result.rows.map((r) => endsOf(r, variants));
  /* the rows whose verdict needs its reason beside the table */
  const reasons: string[] = [];
  const paperOf = new Set(rowEnds.flatMap((e, i) => (result.rows[i]!.paper ? [e.before, e.after] : [])));
  if (paperOf.size === 0) {
    const ends = endVariants(variants);
    paperOf.add(ends.before).add(ends.after);
  }
  const uniform = new Set(rowEnds.map((e) => `${e.before}/${e.after}`));
  const [ratioAfter, ratioBefore] = uniform.size === 1 ? [rowEnds[0]!.after, rowEnds[0]!.before] : ['after', 'before'];
  const rows = result.rows.map((r, i) => {
    const ends = rowEnds[i]!;
    const simCells = (v: string) => {
      const range = paperSpread(r.runs[v]!, result, r);
      return [paperValue(r.runs[v]!, result, r) ?? NaN, range ? formatRange(range, ASCII) : '-'];
    };
    const paperCell = (v: string) =>
      !paperOf.has(v) ? [] : [(!r.paper ? null : v === ends.before ? r.paper.before : v === ends.after ? r.paper.after : null) ?? NaN];
    const { before: first, after: last } = endRuns(r, variants);
    const before = paperValue(first, result, r);
    const after = paperValue(last, result, r);
    const point = keyNames.length > 0 ? keyNames.map((k) => r.keys[k] ?? '') : [r.label, formatParams(r.params)];
    const v = seedVerdict(first, last, r.metric ?? result.metric, rowMailChange(result.lab, r));
    if (v.kind === 'no verdict' || v.noise) reasons.push(`  ${r.label}: ${verdictReason(v, ASCII)}`);
    return [
      ...point,
      ...variants.flatMap((name) => [...paperCell(name), ...simCells(name)]),
      paperRatio(r.paper),
      formatRatio({ before, after }, ASCII),
      changeText(v, ASCII),
      verdictWords(v),
    ];
  });
  const heads = (v: string) => [...(paperOf.has(v) ? [`paper ${v}`] : []), `sim ${v}`, `${v} min..max`];
  const notes = result.rows.filter((r) => r.note !== '').map((r) => `  ${r.label}: ${r.note}`);
  const seeds = result.seeds.join(', ');
  const one = result.seeds.length === 1;
  const pair = uniform.size === 1 ? `the ${ratioBefore} and ${ratioAfter}` : "each row's two";
  return [
    `${result.lab}: the paper's table beside the simulator's (${result.unit}; metric ${result.metric})`,
    one
      ? `simulator: seed ${seeds} alone, so no range and no verdict (--seeds 2 or more gives them)`
      : `simulator: the median over seeds ${seeds}, with min..max beside it; change: ${pair} runs of each seed as a ratio, their geometric mean and its 95% t interval over the seeds`,
    "verdict against the mail's change: as the mail (same direction, interval clear of no change, size within x2), weaker/stronger than the mail (off by more than x2), within the noise (interval includes no change), against the mail (the other way)",
    ...(uniform.size === 1 ? [] : ["each row's paper figures stand beside the variants they belong to; the ratios are between those two"]),
    '',
    table(
      [
        ...(keyNames.length > 0 ? keyNames : ['row', 'parameters']),
        ...variants.flatMap(heads),
        `paper ${ratioAfter}/${ratioBefore}`,
        `sim ${ratioAfter}/${ratioBefore}`,
        'change (95%)',
        'verdict',
      ],
      rows,
      variants.map((v) => `${v} min..max`),
    ),
    ...(reasons.length > 0 ? ['', 'verdicts:', ...reasons] : []),
    ...(notes.length > 0 ? ['', 'notes:', ...notes] : []),
  ].join('\n');
}

export interface TraceOptions {
  /** one of the lab's variants; absent: every variant, each a process of the trace */
  variant?: string;
  set: string[];
  seed: string;
  /** the first step recorded */
  from: string;
  /** how many steps from there */
  max: string;
  /** the file to write; absent: stdout */
  out?: string;
}

/**
 * `trace`: runs of the lab, each stopped once its window of steps is
 * recorded, as one Chrome trace JSON (chromeTrace.ts) for Perfetto.
 */
export async function traceCommand(lab: string, opts: TraceOptions, print: Print): Promise<void> {
  const params = parseSets(opts.set);
  const seed = parseSeed(opts.seed);
  const from = parseSteps('--from', opts.from, 0, STEP_MAX - TRACE_STEPS_MAX);
  const max = parseSteps('--max', opts.max, 1, TRACE_STEPS_MAX);
  const engine = await loadEngine();
  const info = engine.labs().find((l) => l.id === lab);
  if (info) checkSets(engine, lab, params);
  if (!info) throw new UsageError(`unknown lab "${lab}" (labs: ${engine.labs().map((l) => l.id).join(', ')})`);
  if (opts.variant !== undefined && !info.variants.includes(opts.variant))
    throw new UsageError(`--variant ${JSON.stringify(opts.variant)}: ${lab} has ${info.variants.join(', ')}`);
  const variants = opts.variant !== undefined ? [opts.variant] : info.variants;
  const trace = traceRuns(engine, variants.map((variant) => ({ lab, variant, params, seed })), { from, max });
  const text = JSON.stringify(trace);
  if (opts.out === undefined) return print(text);
  writeFileSync(opts.out, `${text}\n`);
  const runs = trace.metadata.runs as { variant: string; window: { steps: number } }[];
  const steps = runs.map((r) => `${r.variant} ${r.window.steps}`).join(', ');
  process.stderr.write(`wrote ${opts.out}: steps ${steps} (from step ${from}); open it in https://ui.perfetto.dev\n`);
}
