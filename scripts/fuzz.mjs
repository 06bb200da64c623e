#!/usr/bin/env node
// @ts-check
/**
 * Run the simulator's libFuzzer targets (wasm-core/fuzz/) and report each:
 * executions, executions per second, coverage (edges and features) and the
 * corpus it reached; a crash, a hang past the per-input timeout, a leak or a
 * sanitizer report fails the target and keeps the input that made it.
 *
 *   node scripts/fuzz.mjs [--seconds N] [--jobs J] [--target NAME[,NAME...]]
 *
 * Each target starts from its seed corpus (wasm-core/fuzz/corpus/<target>,
 * built from the labs' paper rows and kept in the repository) and from what
 * earlier runs here found (.cache/fuzz/corpus/<target>). Crashing inputs
 * land in .cache/fuzz/artifacts/. The last line per target is
 * "[  PASSED  ] 1 test(s)." or "[  FAILED  ] 1 test(s).", as cmocka prints,
 * so `npm test` counts them with the C tests' reader.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TARGETS = ['fuzz_params', 'fuzz_run', 'fuzz_readers'];
const WORK = join(ROOT, '.cache', 'fuzz');

/** @param {string} msg */
function usage(msg) {
  console.error(`fuzz: ${msg}`);
  console.error('usage: node scripts/fuzz.mjs [--seconds N] [--jobs J] [--target NAME[,NAME...]]');
  console.error(`targets: ${TARGETS.join(', ')}`);
  process.exit(2);
}

/** @param {string | undefined} text @param {string} name @param {number} min @param {number} max @param {number} def */
function int(text, name, min, max, def) {
  if (text === undefined) return def;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
    usage(`--${name} must be an integer from ${min} to ${max}, got '${text.slice(0, 40)}'`);
  return Number(text);
}

/**
 * The figures of a libFuzzer run from its output: the last status line
 * ("#N DONE cov: C ft: F corp: K/Sb ...") and -print_final_stats' lines.
 * @param {string} out
 */
export function fuzzFigures(out) {
  const lines = [...out.matchAll(/^#(\d+)\s+\w+\s+cov: (\d+) ft: (\d+) corp: (\d+)\//gm)];
  const last = lines.at(-1);
  const stat = (/** @type {string} */ name) => {
    const m = new RegExp(`^stat::${name}:\\s+(\\d+)`, 'm').exec(out);
    return m ? Number(m[1]) : null;
  };
  return {
    runs: stat('number_of_executed_units') ?? (last ? Number(last[1]) : 0),
    execPerSec: stat('average_exec_per_sec'),
    cov: last ? Number(last[2]) : null,
    ft: last ? Number(last[3]) : null,
    corpus: last ? Number(last[4]) : null,
    peakRssMb: stat('peak_rss_mb'),
  };
}

/** The lines of a failure worth showing: the sanitizer's or libFuzzer's summary and the artifact. @param {string} out */
export function failureLines(out) {
  return out
    .split('\n')
    .filter((l) => /^(==\d+==ERROR|SUMMARY:|fuzz: |artifact_prefix|Test unit written|ALARM|.*runtime error:)/.test(l))
    .slice(0, 12);
}

/**
 * @param {string} target @param {number} seconds
 * @returns {Promise<{ target: string, ok: boolean, out: string, code: number }>}
 */
function runTarget(target, seconds) {
  const corpus = join(WORK, 'corpus', target);
  const artifacts = join(WORK, 'artifacts');
  mkdirSync(corpus, { recursive: true });
  mkdirSync(artifacts, { recursive: true });
  const args = [
    `-max_total_time=${seconds}`,
    // a run is bounded by its event budget; one input taking 30 s is a hang
    '-timeout=30',
    '-rss_limit_mb=2048',
    '-print_final_stats=1',
    `-artifact_prefix=${artifacts}/${target}-`,
    corpus,
    join(ROOT, 'wasm-core', 'fuzz', 'corpus', target),
  ];
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(join(ROOT, 'wasm-core', 'build', 'fuzz', target), args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('error', (err) => resolve({ target, ok: false, out: `${out}\n${target}: ${err.message}`, code: 127 }));
    child.on('close', (code, signal) => {
      const c = code ?? (signal ? 128 : 1);
      resolve({ target, ok: c === 0 && /^Done \d+ runs/m.test(out), out, code: c });
    });
  });
}

async function main() {
  const { values } = parseArgs({
    options: { seconds: { type: 'string' }, jobs: { type: 'string' }, target: { type: 'string' } },
    strict: false,
  });
  const seconds = int(/** @type {string|undefined} */ (values.seconds), 'seconds', 1, 86400, 60);
  const jobs = int(/** @type {string|undefined} */ (values.jobs), 'jobs', 1, 16, 2);
  const targets = values.target ? String(values.target).split(',') : TARGETS;
  for (const t of targets) if (!TARGETS.includes(t)) usage(`unknown target '${t.slice(0, 40)}'`);

  const made = spawnSync('bash', ['scripts/make-core.sh', '-s', 'fuzz'], { cwd: ROOT, stdio: 'inherit' });
  if (made.status !== 0) {
    console.error('fuzz: building the targets failed (they need clang-14 and libclang-rt-14-dev: npm run setup installs them)');
    for (const t of targets) console.log(`[  FAILED  ] 1 test(s). ${t}: not built`);
    process.exit(1);
  }
  for (const t of targets) {
    const seeds = join(ROOT, 'wasm-core', 'fuzz', 'corpus', t);
    if (!existsSync(seeds) || readdirSync(seeds).length === 0) usage(`no seed corpus in ${seeds}: make -C wasm-core fuzz-corpus`);
  }

  console.log(`fuzz: ${targets.length} targets, ${seconds} s each, ${jobs} at a time`);
  const queue = [...targets];
  /** @type {Awaited<ReturnType<typeof runTarget>>[]} */
  const done = [];
  await Promise.all(
    Array.from({ length: Math.min(jobs, queue.length) }, async () => {
      for (let t = queue.shift(); t; t = queue.shift()) done.push(await runTarget(t, seconds));
    }),
  );
  let failed = 0;
  for (const t of targets) {
    const r = /** @type {Awaited<ReturnType<typeof runTarget>>} */ (done.find((d) => d.target === t));
    const f = fuzzFigures(r.out);
    const figures =
      `${f.runs.toLocaleString('en-US')} runs, ${f.execPerSec ?? '?'} exec/s, cov ${f.cov ?? '?'} edges, ` +
      `ft ${f.ft ?? '?'}, corpus ${f.corpus ?? '?'}, peak RSS ${f.peakRssMb ?? '?'} MB`;
    if (r.ok) {
      console.log(`${t}: clean, ${seconds} s: ${figures}`);
      console.log(`[  PASSED  ] 1 test(s). ${t}`);
    } else {
      failed++;
      console.log(`${t}: FAILED (exit ${r.code}) after ${figures}`);
      for (const l of failureLines(r.out)) console.log(`  ${l}`);
      console.log(`[  FAILED  ] 1 test(s). ${t}`);
    }
  }
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
