/**
 * journalclub exercise list | show <lab> | skeleton <lab> | hint <lab> [n] | check <lab> [--file F] | grade <lab> <folder>
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { StudentRunner } from '../../web/src/core/studentRunner';
import { runExercise } from '../../web/src/exercises/checker';
import { EXERCISES } from '../../web/src/exercises/registry';
import type { CheckReport, Exercise, ExerciseReport, ExerciseRunner, RunOutcome, RunRequest } from '../../web/src/exercises/types';
import { LAB_ARGUMENT, parseSeed } from '../args';
import { EXIT_FAILURE, UsageError } from '../errors';
import { table } from '../format';
import { buildSubmission, type BuildOutcome } from './build';
import { exerciseOrFail, hints, readme, sections, skeletonOf } from './files';
import { DEFAULT_LIMITS, NativeBuild, type SandboxLimits } from './sandbox';

type Print = (text: string) => void;

const json = (v: unknown): string => JSON.stringify(v, null, 2);

export function listCommand(opts: { json?: boolean }, print: Print): void {
  if (opts.json) return print(json(EXERCISES.map(({ lab, title, mirrors, header, defines, open }) => ({ lab, title, mirrors, header, defines, open: !!open }))));
  print(table(['lab', 'exercise', 'you write', 'it mirrors'], EXERCISES.map((e) => [e.lab, e.title, e.defines.join(', '), e.mirrors])));
}

export function showCommand(lab: string, print: Print): void {
  exerciseOrFail(lab);
  const md = readme(lab);
  const s = sections(md);
  const title = /^# (.*)$/m.exec(md)?.[1] ?? lab;
  const parts = [`${title}`, '', s.get('The task, in teaching order') ?? '', '', 'What the checker checks:', s.get('What the checker checks') ?? ''];
  const n = hints(md).length;
  parts.push('', `${n} hints: journalclub exercise hint ${lab} 1 (to ${n}). Start: journalclub exercise skeleton ${lab} > ${lab}.c`);
  print(parts.join('\n'));
}

export function skeletonCommand(lab: string, opts: { out?: string }, print: Print): void {
  exerciseOrFail(lab);
  const text = skeletonOf(lab);
  if (!opts.out) return print(text.trimEnd());
  if (existsSync(opts.out)) throw new UsageError(`${opts.out} exists: the skeleton does not overwrite a file; name another or remove it`);
  writeFileSync(opts.out, text);
  print(`wrote ${opts.out}: check it with journalclub exercise check ${lab} --file ${opts.out}`);
}

export function hintCommand(lab: string, n: string | undefined, print: Print): void {
  exerciseOrFail(lab);
  const all = hints(readme(lab));
  const k = n === undefined ? 1 : Number(n);
  if (!Number.isInteger(k) || k < 1 || k > all.length)
    throw new UsageError(`hint must be a number from 1 to ${all.length} (got '${String(n).slice(0, 20)}')`);
  print(`hint ${k} of ${all.length}: ${all[k - 1]}`);
}

/** A runner that refuses further runs once a submission has used its whole time. */
export class BudgetRunner implements ExerciseRunner {
  private used = 0;
  constructor(
    private readonly inner: ExerciseRunner,
    private readonly budgetS: number,
  ) {}
  async run(req: RunRequest): Promise<RunOutcome> {
    if (this.used >= this.budgetS * 1000)
      return { ok: false, variant: req.variant, params: req.params, seed: req.seed, failure: 'timeout', message: `not run: the submission used up its ${this.budgetS} s` };
    const t0 = Date.now();
    const o = await this.inner.run(req);
    this.used += Date.now() - t0;
    return o;
  }
}

export interface CheckOptions {
  file?: string;
  seed?: string;
  only?: string;
  timeout?: string;
  mem?: string;
  json?: boolean;
}

function limitsOf(opts: { timeout?: string; mem?: string }): SandboxLimits {
  const num = (v: string | undefined, name: string, min: number, max: number, def: number): number => {
    if (v === undefined) return def;
    const x = Number(v);
    if (!/^\d+$/.test(v) || x < min || x > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max} (got '${v.slice(0, 20)}')`);
    return x;
  };
  return { timeoutS: num(opts.timeout, 'timeout', 1, 3600, DEFAULT_LIMITS.timeoutS), memMb: num(opts.mem, 'mem', 64, 16384, DEFAULT_LIMITS.memMb) };
}

/** check one file: build, run the checks; the build's failure is a report too */
export async function checkFile(
  ex: Exercise,
  file: string,
  shownAs: string,
  opts: { seeds?: number[]; only?: string[]; limits: SandboxLimits; budgetS?: number; onCheck?: (r: CheckReport) => void },
): Promise<{ build: BuildOutcome; report: ExerciseReport | null }> {
  const workdir = mkdtempSync(join(tmpdir(), `jc-exercise-${ex.lab}-`));
  try {
    const build = await buildSubmission(ex, file, workdir, shownAs);
    if (!build.ok) return { build, report: null };
    let runner: ExerciseRunner = new StudentRunner(new NativeBuild(build.binary, workdir, shownAs, opts.limits), ex.lab);
    if (opts.budgetS) runner = new BudgetRunner(runner, opts.budgetS);
    const report = await runExercise(ex, runner, { seeds: opts.seeds, only: opts.only, onCheck: opts.onCheck });
    return { build, report };
  } finally {
    rmSync(workdir, { recursive: true, force: true });
  }
}

function describeCheck(r: CheckReport, reproduce: string): string {
  const o = r.outcome;
  const lines = [`${o.pass ? 'PASS' : 'FAIL'}  ${r.id}: ${r.title} (${(r.ms / 1000).toFixed(1)} s)`, `      ${o.detail}`];
  if (!o.pass && o.seed !== undefined) {
    lines.push(`      run: variant ${o.variant ?? 'yours'}, seed ${o.seed}, ${o.params}${o.step ? `, failed at step ${o.step}` : ''}${o.refusedBy ? ` (${o.refusedBy})` : ''}`);
    if (o.lastSteps?.length) lines.push('      the last steps before it:', ...o.lastSteps.map((l) => `        ${l}`));
    lines.push(`      again: ${reproduce} --only ${r.id} --seed ${o.seed}`);
  }
  return lines.join('\n');
}

export async function checkCommand(lab: string, opts: CheckOptions, print: Print): Promise<number> {
  const ex = exerciseOrFail(lab);
  const file = opts.file ?? `${lab}.c`;
  if (!existsSync(file) || !statSync(file).isFile())
    throw new UsageError(
      opts.file
        ? `no file ${file.slice(0, 200)}`
        : `no ${file} here: start one with \`journalclub exercise skeleton ${lab} --out ${file}\`, or name yours with --file`,
    );
  const seeds = opts.seed === undefined ? undefined : [parseSeed(opts.seed)];
  const ids = ex.checks.map((c) => c.id);
  const only = opts.only?.split(',').map((s) => s.trim());
  const unknown = only?.filter((o) => !ids.includes(o));
  if (unknown?.length) throw new UsageError(`--only: no check '${unknown[0]!.slice(0, 40)}' in the ${lab} exercise: its checks are ${ids.join(', ')}`);
  const limits = limitsOf(opts);
  const reproduce = `journalclub exercise check ${lab} --file ${file}`;
  if (!opts.json) print(`${lab}: building ${file} with AddressSanitizer and UndefinedBehaviorSanitizer...`);
  const { build, report } = await checkFile(ex, file, file, {
    seeds,
    only,
    limits,
    onCheck: opts.json ? undefined : (r) => print(describeCheck(r, reproduce)),
  });
  if (!build.ok) {
    if (opts.json) print(json({ lab, file, build: { ok: false, stage: build.stage, message: build.message }, report: null }));
    else print(`${build.stage === 'compile' ? 'it does not compile' : `the build failed (${build.stage})`}:\n${build.message}`);
    return EXIT_FAILURE;
  }
  if (opts.json) print(json({ lab, file, build: { ok: true, warnings: build.warnings }, report }));
  else {
    if (build.warnings) print(`compiler warnings:\n${build.warnings}`);
    print(`${report!.passed} of ${report!.total} checks passed${report!.passed === report!.total ? '' : ': see FAIL above'}`);
  }
  return report!.passed === report!.total ? 0 : EXIT_FAILURE;
}

export interface GradeOptions {
  format?: string;
  out?: string;
  timeout?: string;
  mem?: string;
  budget?: string;
  seed?: string;
}

interface Graded {
  student: string;
  file: string | null;
  score: number;
  passed: number;
  total: number;
  failed: string[];
  error?: string;
  checks: CheckReport[];
}

/** the submissions of a folder: each .c file in it, or each subfolder's one .c file (its <lab>.c if several) */
export function submissions(folder: string, lab: string): { student: string; file: string | null; error?: string }[] {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new UsageError(`no folder ${folder.slice(0, 200)}`);
  const out: { student: string; file: string | null; error?: string }[] = [];
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    const st = statSync(path, { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isFile() && name.endsWith('.c')) out.push({ student: basename(name, '.c'), file: path });
    else if (st.isDirectory()) {
      const cs = readdirSync(path).filter((f) => f.endsWith('.c') && statSync(join(path, f)).isFile());
      const pick = cs.includes(`${lab}.c`) ? `${lab}.c` : cs.length === 1 ? cs[0]! : null;
      out.push(pick ? { student: name, file: join(path, pick) } : { student: name, file: null, error: cs.length ? `${cs.length} .c files and none named ${lab}.c` : 'no .c file' });
    }
  }
  if (!out.length) throw new UsageError(`${folder.slice(0, 200)} holds no submission: put each student's file there as <student>.c, or a folder per student`);
  return out;
}

/** the line of a build's message that says what is wrong: a compiler's first error, or its first line */
function firstError(message: string): string {
  const lines = message.split('\n');
  const err = lines.find((l) => /: (fatal )?error: /.test(l));
  return err ? `${lines[0]!.replace(/:.*$/, '')}: ${err.trim()}` : lines[0]!;
}

function gradescope(g: Graded, ex: Exercise): unknown {
  const tests = g.checks.length
    ? g.checks.map((c) => ({
        name: `${c.id}: ${c.title}`,
        score: c.outcome.score ?? (c.outcome.pass ? 1 : 0),
        max_score: 1,
        status: c.outcome.pass ? 'passed' : 'failed',
        output: [c.outcome.detail, c.outcome.seed !== undefined ? `seed ${c.outcome.seed}, ${c.outcome.params}` : '', ...(c.outcome.lastSteps ?? [])].filter(Boolean).join('\n'),
      }))
    : [{ name: 'build', score: 0, max_score: ex.checks.length, status: 'failed', output: g.error ?? 'not built' }];
  return { score: g.score * ex.checks.length, max_score: ex.checks.length, output: g.error ?? `${g.passed} of ${g.total} checks passed`, tests };
}

export async function gradeCommand(lab: string, folder: string, opts: GradeOptions, print: Print): Promise<number> {
  const ex = exerciseOrFail(lab);
  const format = opts.format ?? 'table';
  if (!['table', 'json', 'csv', 'gradescope'].includes(format)) throw new UsageError(`--format must be one of table, json, csv, gradescope (got '${format.slice(0, 20)}')`);
  const limits = limitsOf(opts);
  const budgetS = opts.budget === undefined ? 300 : Number(opts.budget);
  if (!Number.isInteger(budgetS) || budgetS < 1 || budgetS > 86400) throw new UsageError(`--budget must be a whole number of seconds from 1 to 86400 (got '${String(opts.budget).slice(0, 20)}')`);
  const seeds = opts.seed === undefined ? undefined : [parseSeed(opts.seed)];
  const graded: Graded[] = [];
  for (const sub of submissions(resolve(folder), lab)) {
    if (!sub.file) {
      graded.push({ student: sub.student, file: null, score: 0, passed: 0, total: ex.checks.length, failed: ['build'], error: sub.error, checks: [] });
      continue;
    }
    if (format === 'table') process.stderr.write(`grading ${sub.student}...\n`);
    const { build, report } = await checkFile(ex, sub.file, basename(sub.file), { seeds, limits, budgetS });
    if (!build.ok) {
      graded.push({ student: sub.student, file: sub.file, score: 0, passed: 0, total: ex.checks.length, failed: [build.stage], error: `${build.stage === 'compile' ? 'does not compile' : `${build.stage} refused`}: ${build.message}`, checks: [] });
      continue;
    }
    graded.push({
      student: sub.student,
      file: sub.file,
      score: report!.score,
      passed: report!.passed,
      total: report!.total,
      failed: report!.checks.filter((c) => !c.outcome.pass).map((c) => c.id),
      checks: report!.checks,
    });
  }
  if (format === 'json') print(json({ lab, submissions: graded.map(({ checks, ...g }) => ({ ...g, checks: checks.map((c) => ({ id: c.id, pass: c.outcome.pass, detail: c.outcome.detail, seed: c.outcome.seed, params: c.outcome.params })) })) }));
  else if (format === 'csv') {
    const q = (s: string): string => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    print(['student,score,passed,total,failed,error', ...graded.map((g) => [g.student, g.score.toFixed(3), g.passed, g.total, g.failed.join(' '), g.error ?? ''].map((v) => q(String(v))).join(','))].join('\n'));
  } else if (format === 'gradescope') {
    if (opts.out) {
      for (const g of graded) {
        mkdirSync(join(opts.out, g.student), { recursive: true });
        writeFileSync(join(opts.out, g.student, 'results.json'), json(gradescope(g, ex)));
      }
      print(`wrote ${graded.length} results.json under ${opts.out}`);
    } else print(json(Object.fromEntries(graded.map((g) => [g.student, gradescope(g, ex)]))));
  } else
    print(
      table(
        ['student', 'score', 'passed', 'failed checks'],
        graded.map((g) => [g.student, g.score.toFixed(2), `${g.passed}/${g.total}`, g.error ? firstError(g.error).slice(0, 120) : g.failed.join(', ')]),
      ),
    );
  return 0;
}

export function exerciseCommand(cli: Command, print: Print, setExit: (code: number) => void): void {
  const ex = cli.command('exercise').description('the exercises: write the patch yourself and check it on the simulator');
  ex.command('list')
    .description('list the exercises')
    .option('--json', 'print JSON')
    .action((opts: { json?: boolean }) => listCommand(opts, print));
  ex.command('show')
    .description("an exercise's task and what its checker checks")
    .argument('<lab>', LAB_ARGUMENT)
    .action((lab: string) => showCommand(lab, print));
  ex.command('skeleton')
    .description('print the file you start from (generated from the solution), or write it with --out')
    .argument('<lab>', LAB_ARGUMENT)
    .option('--out <file>', 'write it to this file (never overwrites)')
    .action((lab: string, opts: { out?: string }) => skeletonCommand(lab, opts, print));
  ex.command('hint')
    .description("one of an exercise's numbered hints")
    .argument('<lab>', LAB_ARGUMENT)
    .argument('[n]', 'which hint, from 1')
    .action((lab: string, n: string | undefined) => hintCommand(lab, n, print));
  ex.command('check')
    .description('build your file into the simulator with sanitizers and run the checks on it')
    .argument('<lab>', LAB_ARGUMENT)
    .option('--file <file>', 'your file (default: ./<lab>.c)')
    .option('--seed <n>', 'run the checks with this seed only')
    .option('--only <checks>', 'run only these checks, comma-separated')
    .option('--timeout <s>', `seconds one run may take (default ${DEFAULT_LIMITS.timeoutS})`)
    .option('--mem <MiB>', `memory one run may use (default ${DEFAULT_LIMITS.memMb})`)
    .option('--json', 'print the report as JSON')
    .action(async (lab: string, opts: CheckOptions) => setExit(await checkCommand(lab, opts, print)));
  ex.command('grade')
    .description("grade a folder of submissions: one score per student, each built and run in its own sandbox")
    .argument('<lab>', LAB_ARGUMENT)
    .argument('<folder>', 'a folder of <student>.c files, or of one folder per student')
    .option('--format <format>', 'table, json, csv or gradescope (its results.json)', 'table')
    .option('--out <dir>', 'with --format gradescope: write <dir>/<student>/results.json')
    .option('--timeout <s>', `seconds one run may take (default ${DEFAULT_LIMITS.timeoutS})`)
    .option('--mem <MiB>', `memory one run may use (default ${DEFAULT_LIMITS.memMb})`)
    .option('--budget <s>', 'seconds of runs one submission may use in all (default 300)')
    .option('--seed <n>', 'grade with this seed only')
    .action(async (lab: string, folder: string, opts: GradeOptions) => setExit(await gradeCommand(lab, folder, opts, print)));
}
