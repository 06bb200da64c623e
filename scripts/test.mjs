#!/usr/bin/env node
// @ts-check
/**
 * npm test: set up, build the simulator (native and WASM), run the suites of
 * a tier, and close with a table of each suite's counts and time and one
 * line, `N passed, N failed`, over the tests of all of them. Each runner's
 * own count is read (cmocka's summary lines, vitest's and Playwright's JSON
 * reports, node's TAP summary); a suite that fails without a count of its
 * own (a crash, a build error) counts as one failed test.
 *
 *   node scripts/test.mjs                    everything, what CI runs
 *   node scripts/test.mjs --quick            every lab's C, unit, CLI and browser tests, without
 *                                            the soak, the runs at scale, fuzzing and the kernel lab
 *   node scripts/test.mjs --lab ID           one lab's C, unit, node and browser tests and its
 *                                            exercise and question checks (docs/testing.md)
 *   options: --kernel        with --quick or --lab: the kernel lab's suite too (--lab: that lab's
 *                            direction tests, after building the kernel and the guest image)
 *            --only S[,S...] only these of the tier's suites: c, fuzz, typecheck, unit, node, e2e, kernel
 *            --no-build      use the simulator's build that is there
 *            --list          print what each suite would run, and run nothing
 *
 * What belongs to a lab, and which browser specs are long or time frames:
 * scripts/test-tiers.mjs.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, homedir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { labFolders, labs } from './registry.mjs';
import { LAB_NODE_TEST, LONG_NODE_TESTS, LONG_SPECS, SPEC_GLOBS, holdsLabChecks, labOfPath, namedFiles, NODE_TEST_DIRS, namesLab, quickSpecs } from './test-tiers.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, '.cache', 'test');
const BIN = join(ROOT, 'node_modules', '.bin');
/* the simulator's builds and C tests use every CPU */
const MAKE_JOBS = `-j${availableParallelism()}`;

/** The kernel suite's tests, in the order they run: each may need what the one before it built. */
const KERNEL_TESTS = [
  'tests/kernel/kernel-lab.test.ts',
  /* each lab's runs and directions: kernel-lab/labs/<id>/kernel.test.ts */
  ...readdirSync(join(ROOT, 'kernel-lab', 'labs'))
    .sort()
    .map((lab) => join('kernel-lab', 'labs', lab, 'kernel.test.ts'))
    .filter((f) => existsSync(join(ROOT, f))),
  'tests/kernel/host-build.test.ts',
  'tests/kernel/host-run.test.ts',
  'tests/kernel/faults.test.ts',
];
/**
 * The kernel suite's shared files of the labs' direction tests: with --lab
 * ID --kernel, their tests that name the lab run (the suite's other shared
 * files boot guests and build packages in hooks that no lab needs).
 */
const KERNEL_DIRECTION_TESTS = ['tests/kernel/kernel-lab.test.ts'];

export const SUITE_NAMES = ['c', 'fuzz', 'typecheck', 'unit', 'node', 'e2e', 'kernel'];
/** Each tier's suites; --kernel adds the kernel suite to --quick and --lab. */
export const TIERS = {
  all: SUITE_NAMES,
  quick: ['c', 'typecheck', 'unit', 'node', 'e2e'],
  lab: ['c', 'unit', 'node', 'e2e'],
};

/**
 * @typedef {{ passed: number, failed: number }} Count
 * @typedef {{ code: number, output: string }} Ran
 * @typedef {'all' | 'quick' | 'lab'} Tier
 * @typedef {{ tier: Tier, lab: string | null, kernel: boolean, only: string[], build: boolean, list: boolean }} Options
 * @typedef {{ cmd: string, args: string[], env?: Record<string, string>, what: string,
 *   count: (ran: Ran) => Count, report?: string, mayBeEmpty?: boolean, gate?: boolean, alone?: boolean }} Step
 *   a command of a suite; report: the file its count is read from, removed before it runs;
 *   mayBeEmpty: it may run no test (a lab's tests in shared files, by name); gate: a build
 *   the steps after it need, which are not run when it fails; alone: it runs once every
 *   lane of its stage is done, with nothing beside it (the specs that time frames)
 * @typedef {{ steps: Step[], failures: string[] }} Plan
 *   failures: what the suite found wrong before running anything, one failed test each
 * @typedef {{ name: string, title: string, plan: (o: Options) => Promise<Plan> }} Suite
 */

/**
 * Where a lane's output goes: the console as it comes, or kept and shown
 * whole when its step ends (a lane that runs beside another).
 * @typedef {{ out: (text: string) => void, err: (text: string) => void, flush: () => void }} Sink
 */

/** @type {Sink} */
const CONSOLE = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t), flush: () => {} };

/**
 * A sink that keeps what it is given, in order, until it is flushed to the console.
 * @returns {Sink}
 */
function kept() {
  /** @type {[boolean, string][]} */
  let parts = [];
  return {
    out: (t) => parts.push([false, t]),
    err: (t) => parts.push([true, t]),
    flush: () => {
      for (const [isErr, t] of parts) (isErr ? process.stderr : process.stdout).write(t);
      parts = [];
    },
  };
}

/**
 * Run a command, its output shown as it comes (to @sink) and kept for parsing.
 * @param {string} cmd @param {string[]} args @param {NodeJS.ProcessEnv} [env] @param {Sink} [sink]
 * @returns {Promise<Ran>}
 */
function run(cmd, args, env = {}, sink = CONSOLE) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => {
      output += chunk;
      sink.out(String(chunk));
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      sink.err(String(chunk));
    });
    child.on('error', (err) => resolve({ code: 127, output: `${output}\n${cmd}: ${err.message}` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}

/**
 * Run a command quietly: its output kept, shown only if it fails.
 * @param {string} cmd @param {string[]} args
 * @returns {Promise<Ran>}
 */
function capture(cmd, args) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (err) => resolve({ code: 127, output: `${output}\n${cmd}: ${err.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** The journalclub commands that build what the kernel suite boots: the lab kernel and the guest image. */
const KERNEL_BUILDS = [
  ['kernel', 'build'],
  ['kernel', 'image'],
];

/**
 * The kernel suite's builds, started in the background when the run begins:
 * the lab kernel, the guest image and the host packages built from the
 * kernel's own config, each a cache hit when nothing changed. They run at
 * nice 19, so they take the cores only when the suites before the kernel
 * suite leave them idle (a browser test mostly waits on one core), and
 * their output goes to a log, not to the console. The kernel suite waits
 * for them and then runs its own `kernel build` and `kernel image` as before: a
 * build that failed here fails there, with its message.
 * @param {string} log
 * @returns {Promise<number>} the exit status of the first step that failed, or 0
 */
function prebuildKernel(log) {
  const xdg = process.env.XDG_CACHE_HOME?.startsWith('/') ? process.env.XDG_CACHE_HOME : join(homedir(), '.cache');
  const config = join(xdg, 'journalclub', 'kernel', 'current', 'config');
  const cli = join(ROOT, 'bin', 'journalclub.mjs');
  /** @type {string[][]} */
  const steps = [...KERNEL_BUILDS, ['kernel', 'build', '--target', 'host', '--config', config]];
  rmSync(log, { force: true });
  return (async () => {
    for (const step of steps) {
      const code = await new Promise((resolve) => {
        const child = spawn('nice', ['-n', '19', process.execPath, cli, ...step], {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let text = `$ journalclub ${step.join(' ')}\n`;
        child.stdout.on('data', (chunk) => (text += chunk));
        child.stderr.on('data', (chunk) => (text += chunk));
        child.on('error', (err) => {
          text += `${err.message}\n`;
          resolve(127);
        });
        child.on('close', (code) => {
          writeFileSync(log, text, { flag: 'a' });
          resolve(code ?? 1);
        });
      });
      if (code !== 0) return /** @type {number} */ (code);
    }
    return 0;
  })();
}

/** Sum every match of a pattern's first group. @param {string} text @param {RegExp} re */
function sum(text, re) {
  let total = 0;
  for (const m of text.matchAll(re)) total += Number(m[1]);
  return total;
}

/**
 * cmocka prints "[  PASSED  ] N test(s)." and "[  FAILED  ] N test(s)" per test program.
 * @param {string} output
 * @returns {Count}
 */
export function cmockaCount(output) {
  return {
    passed: sum(output, /^\[\s*PASSED\s*\]\s+(\d+)\s+test/gm),
    failed: sum(output, /^\[\s*FAILED\s*\]\s+(\d+)\s+test/gm),
  };
}

/**
 * node --test's TAP summary: "# pass N", "# fail N", "# cancelled N".
 * @param {string} tap
 * @returns {Count}
 */
export function tapCount(tap) {
  return {
    passed: sum(tap, /^# pass (\d+)$/gm),
    failed: sum(tap, /^# fail (\d+)$/gm) + sum(tap, /^# cancelled (\d+)$/gm),
  };
}

/**
 * vitest's JSON report; a test file that failed to load has no test results of its own.
 * @param {any} report
 * @returns {Count}
 */
export function vitestCount(report) {
  const broken = (report.testResults ?? []).filter(
    (/** @type {any} */ file) =>
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((/** @type {any} */ t) => t.status === 'failed'),
  ).length;
  return { passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + broken };
}

/**
 * Playwright's JSON report: expected = passed, unexpected = failed; errors
 * outside any test (a web server that did not start) count too.
 * @param {any} report
 * @returns {Count}
 */
export function playwrightCount(report) {
  const stats = report.stats ?? {};
  const failed = (stats.unexpected ?? 0) + (report.errors ?? []).length;
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed };
}

/**
 * A count from a runner's report; a crash that left no count, or a run of
 * no test at all (unless the step may run none), is one failure.
 * @param {Ran} ran @param {Count} count @param {string} what @param {boolean} [mayBeEmpty] @param {Sink} [sink]
 * @returns {Count}
 */
function settle(ran, count, what, mayBeEmpty = false, sink = CONSOLE) {
  if (ran.code !== 0 && count.failed === 0) {
    sink.err(`test: ${what} exited with status ${ran.code} and no failed test of its own: counted as 1 failed\n`);
    return { passed: count.passed, failed: 1 };
  }
  if (count.passed + count.failed === 0 && !mayBeEmpty) {
    sink.err(`test: ${what} ran no test: counted as 1 failed\n`);
    return { passed: 0, failed: 1 };
  }
  return count;
}

/** @param {string} path */
function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return {};
  }
}

/** @param {string} path */
function readText(path) {
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

/** @param {string} path */
function fresh(path) {
  rmSync(path, { force: true });
  return path;
}

/**
 * Every file under a folder of the root whose name matches, as paths
 * relative to the root; build products and dependencies are not walked.
 * @param {string} dir @param {RegExp} name
 * @returns {string[]}
 */
function findFiles(dir, name) {
  const skip = new Set(['node_modules', 'build', 'dist', '.cache', '.git']);
  /** @type {string[]} */
  const out = [];
  /** @param {string} d */
  const walk = (d) => {
    if (!existsSync(join(ROOT, d))) return;
    for (const e of readdirSync(join(ROOT, d), { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (!skip.has(e.name)) walk(p);
      } else if (name.test(e.name)) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * A suite's test files: each entry a file, or a folder that stands for
 * every *.test.ts under it.
 * @param {string[]} entries
 */
function testFiles(entries) {
  return entries.flatMap((e) => (existsSync(join(ROOT, e)) && statSync(join(ROOT, e)).isDirectory() ? findFiles(e, /\.test\.ts$/) : [e]));
}

/**
 * A lab's tests among a suite's files: `owned` belong to the lab by their
 * path and run whole; `checks` are shared files of exercise and question
 * checks, whose tests that name the lab run.
 * @param {string[]} files paths relative to the root @param {string} id @param {string[]} ids every lab's id
 * @returns {{ owned: string[], checks: string[] }}
 */
export function labFiles(files, id, ids) {
  const owned = files.filter((f) => labOfPath(f, ids) === id);
  const checks = files.filter((f) => labOfPath(f, ids) === null && holdsLabChecks(f));
  return { owned, checks };
}

/**
 * The node suite's files: those of tests/node/, then each lab's *.node.test.ts
 * in its own folders, the labs in their order.
 */
async function nodeTestFiles() {
  /** @type {string[]} */
  const own = [];
  for (const id of labIds()) for (const dir of await labFolders(id)) own.push(...findFiles(dir, LAB_NODE_TEST));
  return [...testFiles(NODE_TEST_DIRS), ...own];
}

/** @param {string} s */
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A node --test step, its TAP kept for the count.
 * @param {string} name @param {string[]} files @param {string[]} extra @param {string} what @param {boolean} [mayBeEmpty]
 * @returns {Step}
 */
function nodeStep(name, files, extra, what, mayBeEmpty = false) {
  const tap = join(OUT, `${name}.tap`);
  return {
    cmd: process.execPath,
    args: [
      '--import',
      'tsx',
      '--test',
      /* a file's tests spawn the CLI and wait on it: a file a core keeps the cores busy (a step may say otherwise) */
      ...(extra.some((a) => a.startsWith('--test-concurrency')) ? [] : [`--test-concurrency=${availableParallelism()}`]),
      ...extra,
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...files,
    ],
    what,
    report: tap,
    count: () => tapCount(readText(tap)),
    mayBeEmpty,
  };
}

/**
 * A vitest step, its JSON report kept for the count.
 * @param {string} name @param {string[]} args @param {string} what @param {boolean} [mayBeEmpty]
 * @returns {Step}
 */
function vitestStep(name, args, what, mayBeEmpty = false) {
  const json = join(OUT, `${name}.json`);
  return {
    cmd: join(BIN, 'vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`, ...args],
    what,
    report: json,
    count: () => vitestCount(readJson(json)),
    mayBeEmpty,
  };
}

/**
 * A Playwright step on the site test.mjs built (JC_E2E_BUILT), its JSON report kept for the count.
 * @param {string} name @param {string[]} args @param {string} what @param {boolean} [mayBeEmpty]
 * @returns {Step}
 */
function playwrightStep(name, args, what, mayBeEmpty = false) {
  const json = join(OUT, `${name}.json`);
  return {
    cmd: join(BIN, 'playwright'),
    args: ['test', ...args, ...(mayBeEmpty ? ['--pass-with-no-tests'] : [])],
    env: { JC_PLAYWRIGHT_JSON: json, JC_E2E_BUILT: '1' },
    what,
    report: json,
    count: () => playwrightCount(readJson(json)),
    mayBeEmpty,
  };
}

/**
 * A build the steps after it need: its only count is its exit status, and
 * when it fails they are not run.
 * @param {Step['cmd']} cmd @param {string[]} args @param {string} what @returns {Step}
 */
function buildStep(cmd, args, what) {
  return { cmd, args, what, count: (ran) => ({ passed: 0, failed: ran.code === 0 ? 0 : 1 }), mayBeEmpty: true, gate: true };
}

/** vitest's own list of its test files (vite.config.ts's test.include), relative to the root. */
async function vitestFiles() {
  const json = fresh(join(OUT, 'vitest-files.json'));
  const ran = await capture(join(BIN, 'vitest'), ['list', '--filesOnly', `--json=${json}`]);
  const list = readJson(json);
  if (ran.code !== 0 || !Array.isArray(list)) throw new Error(`vitest list failed:\n${ran.output}`);
  return list.map((/** @type {{ file: string }} */ f) => relative(ROOT, f.file)).sort();
}

/** @param {string} id @param {string} suite @param {string} where */
const noneOf = (id, suite, where) => `no ${suite} of lab ${id} (looked for ${where})`;

/** @type {Suite[]} */
const SUITES = [
  {
    name: 'c',
    title: 'C tests (make -C wasm-core test, built and run on every CPU)',
    async plan(o) {
      const what = 'make -C wasm-core test';
      if (!o.lab) return { steps: [{ cmd: 'bash', args: ['scripts/make-core.sh', MAKE_JOBS, 'test'], what, count: (ran) => cmockaCount(ran.output) }], failures: [] };
      /* a lab's C tests are the test-*.c of its folder, wasm-core/labs/<id>/: make test LAB=<id> runs them */
      const owned = findFiles(join('wasm-core', 'labs', o.lab), /^test-.*\.c$/);
      if (owned.length === 0) return { steps: [], failures: [noneOf(o.lab, 'C tests', `wasm-core/labs/${o.lab}/test-*.c`)] };
      return {
        steps: [{ cmd: 'bash', args: ['scripts/make-core.sh', MAKE_JOBS, `LAB=${o.lab}`, 'test'], what: `${what} LAB=${o.lab}`, count: (ran) => cmockaCount(ran.output) }],
        failures: [],
      };
    },
  },
  {
    name: 'fuzz',
    title: 'fuzzing the C ABI (libFuzzer, 60 s a target, the three at once)',
    async plan() {
      return {
        steps: [{ cmd: process.execPath, args: ['scripts/fuzz.mjs', '--seconds', '60', '--jobs', '3'], what: 'the fuzz targets', count: (ran) => cmockaCount(ran.output) }],
        failures: [],
      };
    },
  },
  {
    name: 'typecheck',
    title: 'TypeScript check (tsc, one test)',
    async plan() {
      return { steps: [{ cmd: join(BIN, 'tsc'), args: ['-p', 'tsconfig.json'], what: 'tsc', count: (ran) => (ran.code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }) }], failures: [] };
    },
  },
  {
    name: 'unit',
    title: 'unit tests (vitest)',
    async plan(o) {
      if (!o.lab) return { steps: [vitestStep('vitest', [], 'vitest')], failures: [] };
      const { owned, checks } = labFiles(await vitestFiles(), o.lab, labIds());
      /** @type {Step[]} */
      const steps = [];
      if (owned.length) steps.push(vitestStep('vitest', owned, `vitest (lab ${o.lab})`));
      if (checks.length) steps.push(vitestStep('vitest-checks', ['-t', namesLab(o.lab), ...checks], `vitest (the checks naming ${o.lab})`, true));
      return { steps, failures: [] };
    },
  },
  {
    name: 'node',
    title: 'CLI and native-vs-WASM tests (node --test)',
    async plan(o) {
      let files = await nodeTestFiles();
      if (files.length === 0) return { steps: [], failures: [`no tests in ${NODE_TEST_DIRS.join(', ')} or the labs' folders (*.node.test.ts)`] };
      if (o.tier === 'quick') files = files.filter((f) => !namedFiles(LONG_NODE_TESTS, 'test').test(f));
      if (!o.lab) return { steps: [nodeStep('node', files, [], 'node --test')], failures: [] };
      const { owned, checks } = labFiles(files, o.lab, labIds());
      /** @type {Step[]} */
      const steps = [];
      if (owned.length) steps.push(nodeStep('node', owned, [], `node --test (lab ${o.lab})`));
      if (checks.length) steps.push(nodeStep('node-checks', checks, [`--test-name-pattern=${namesLab(o.lab)}`], `node --test (the checks naming ${o.lab})`, true));
      return { steps, failures: [] };
    },
  },
  {
    name: 'e2e',
    title: 'browser tests (Playwright, Chromium)',
    async plan(o) {
      const build = buildStep(join(BIN, 'vite'), ['build', '--logLevel', 'warn'], 'the site (vite build)');
      const specs = () => SPEC_GLOBS.flatMap((g) => findFiles(g.slice(0, g.indexOf('/**')), /\.spec\.ts$/));
      if (!o.lab) {
        /* --quick runs each lab page's own spec, the exercise page's and the home page's (scripts/test-tiers.mjs) */
        const quickNames = quickSpecs(labIds());
        const quick = o.tier === 'quick' ? specs().filter((f) => quickNames.test(f)) : [];
        return {
          steps: [
            build,
            playwrightStep('playwright', ['--project=pages', ...quick], 'playwright (the pages, two workers)'),
            /* the specs that time frames, alone once the others are done */
            { ...playwrightStep('playwright-frames', ['--project=frames', ...quick], 'playwright (the specs that time frames, one at a time)'), alone: true },
          ],
          failures: [],
        };
      }
      const mine = labFiles(specs(), o.lab, labIds());
      /* the lab's share of --quick: its specs at the mail's scale run in npm test, or alone by their paths */
      const long = namedFiles(LONG_SPECS, 'spec');
      const owned = mine.owned.filter((f) => !long.test(f));
      const checks = mine.checks;
      if (owned.length + checks.length === 0) return { steps: [], failures: [noneOf(o.lab, 'browser specs', '*.spec.ts but the long ones')] };
      /* one run: the lab's own specs whole (their paths are in their tests' titles), the tests naming it in the others */
      const grep = [...owned.map(escapeRe), namesLab(o.lab)].join('|');
      return { steps: [build, playwrightStep('playwright', ['--grep', grep, ...owned, ...checks], `playwright (lab ${o.lab})`)], failures: [] };
    },
  },
  {
    name: 'kernel',
    title: 'kernel lab (Linux 6.12 build, guest image, every lab in QEMU both variants, bundle)',
    async plan(o) {
      const files = testFiles(KERNEL_TESTS);
      const flags = ['--test-concurrency=1', '--test-timeout=7200000'];
      if (!o.lab) return { steps: [nodeStep('kernel', files, flags, 'the kernel lab tests')], failures: [] };
      /* the kernel and the guest image first, which the lab's runs boot; then its own tests and those naming it */
      const cli = join(ROOT, 'bin', 'journalclub.mjs');
      const ids = labIds();
      const owned = files.filter((f) => labOfPath(f, ids) === o.lab);
      const shared = testFiles(KERNEL_DIRECTION_TESTS).filter((f) => labOfPath(f, ids) === null);
      /** @type {Step[]} */
      const steps = KERNEL_BUILDS.map((b) => buildStep(process.execPath, [cli, ...b], `journalclub ${b.join(' ')}`));
      if (shared.length) steps.push(nodeStep('kernel-checks', shared, [...flags, `--test-name-pattern=${namesLab(o.lab)}`], `the kernel lab tests naming ${o.lab}`, true));
      if (owned.length) steps.push(nodeStep('kernel', owned, flags, `the kernel lab tests of ${o.lab}`));
      return { steps, failures: [] };
    },
  },
];

const PREBUILD_LOG = join(OUT, 'kernel-prebuild.log');

/** The labs' ids, in their order (mails/<id>.json). */
function labIds() {
  return labs().map((l) => l.id);
}

/**
 * The command line: the tier, its lab, and the suites to run.
 * @param {string[]} argv @param {string[]} ids every lab's id
 * @returns {Options}
 */
export function parseOptions(argv, ids) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      only: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      lab: { type: 'string' },
      quick: { type: 'boolean', default: false },
      kernel: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
    },
  });
  if (positionals.length) throw new Error(`unexpected argument '${positionals[0].slice(0, 40)}' (a lab is --lab ID)`);
  if (values.lab !== undefined && values.quick) throw new Error('--lab and --quick are two tiers: give one');
  if (values.lab !== undefined && !ids.includes(values.lab))
    throw new Error(`unknown lab '${values.lab.slice(0, 40)}'; the labs: ${ids.join(', ')}`);
  /** @type {Tier} */
  const tier = values.lab !== undefined ? 'lab' : values.quick ? 'quick' : 'all';
  if (values.kernel && tier === 'all') throw new Error('--kernel is for --quick or --lab: npm test runs the kernel suite already');
  const suites = [...TIERS[tier], ...(values.kernel && tier !== 'all' ? ['kernel'] : [])];
  const only = values.only ? values.only.split(',') : suites;
  const unknown = only.filter((n) => !SUITE_NAMES.includes(n));
  if (unknown.length) throw new Error(`unknown suite ${unknown.join(', ')} (suites: ${SUITE_NAMES.join(', ')})`);
  const outside = only.filter((n) => !suites.includes(n));
  if (outside.length) {
    const name = tier === 'all' ? 'npm test' : `--${tier}`;
    throw new Error(`${name} does not run ${outside.join(', ')}; its suites: ${suites.join(', ')}${tier === 'all' ? '' : ' (kernel with --kernel)'}`);
  }
  return { tier, lab: values.lab ?? null, kernel: values.kernel, only: SUITE_NAMES.filter((n) => only.includes(n)), build: !values['no-build'], list: values.list };
}

/**
 * The groups of scripts/setup.sh the suites need: the kernel group for the
 * kernel suite, and for the node suite too, whose command line tests give
 * the kernel lab's commands bad arguments (the commands ask for their
 * packages before they read their arguments).
 * @param {string[]} suites
 */
export function setupGroups(suites) {
  return [
    '--serve',
    '--test',
    ...(suites.includes('fuzz') ? ['--fuzz'] : []),
    ...(suites.includes('kernel') || suites.includes('node') ? ['--kernel'] : []),
  ];
}

/**
 * One line of the closing summary: a suite, its counts and its wall time.
 * @param {string} name @param {Count | null} count @param {number | undefined} ms
 */
function summaryLine(name, count, ms) {
  const t = Math.round((ms ?? 0) / 1000);
  const time = ms === undefined ? '' : `${String(Math.floor(t / 60)).padStart(3)} min ${String(t % 60).padStart(2)} s`;
  return `${name.padEnd(10)} ${String(count?.passed ?? '').padStart(7)} ${String(count?.failed ?? '').padStart(7)} ${time}`;
}

/** @param {Step} step */
const shown = (step) => [...Object.entries(step.env ?? {}).map(([k, v]) => `${k}=${v}`), step.cmd.startsWith(ROOT) ? relative(ROOT, step.cmd) : step.cmd, ...step.args].join(' ');

/**
 * Run steps of a suite in order, adding their counts to @total; a failed
 * gate stops them. @returns whether they ran to the end
 * @param {string} name the suite's @param {Step[]} steps @param {Count} total @param {Sink} sink
 */
async function runSteps(name, steps, total, sink) {
  for (const step of steps) {
    sink.out(`$ ${shown(step)}\n`);
    if (step.report) fresh(step.report);
    const t0 = Date.now();
    const ran = await run(step.cmd, step.args, step.env, sink);
    const count = settle(ran, step.count(ran), step.what, step.mayBeEmpty, sink);
    sink.out(`test: ${step.what}: ${count.passed} passed, ${count.failed} failed in ${Math.round((Date.now() - t0) / 1000)} s\n`);
    sink.flush();
    total.passed += count.passed;
    total.failed += count.failed;
    if (step.gate && count.failed > 0) {
      sink.err(`test: ${step.what} failed: the rest of the ${name} suite is not run\n`);
      sink.flush();
      return false;
    }
  }
  return true;
}

/**
 * Run a suite's steps but those that must run alone, which it returns for
 * later (none when a gate failed).
 * @param {Suite} suite @param {Options} o @param {Sink} sink
 * @returns {Promise<{ count: Count, alone: Step[] }>}
 */
async function runSuite(suite, o, sink) {
  const { steps, failures } = await suite.plan(o);
  for (const f of failures) sink.err(`test: ${f}: counted as 1 failed\n`);
  const count = { passed: 0, failed: failures.length };
  const done = await runSteps(suite.name, steps.filter((s) => !s.alone), count, sink);
  sink.flush();
  return { count, alone: done ? steps.filter((s) => s.alone) : [] };
}

/**
 * The tier's suites in stages, one after another; a stage's lanes run at
 * once. In `--lab` and `--quick` the browser suite, which mostly waits on
 * its pages, runs beside the others: the C, type check, unit and node
 * suites run one after another in a second lane, and the lane that ends
 * first takes the next of them; a lane beside the first shows its output a
 * step at a time as each ends. The whole run keeps one lane: it is bound by
 * the CPU (the kernel's builds at nice 19 take what the suites leave idle),
 * and two lanes measured no faster while they loaded the browser tests
 * more. A step that must run alone (the specs that time frames) waits until
 * its stage's lanes are done; the kernel suite's guests take both cores, so
 * it runs alone after them all.
 * @param {Suite[]} suites in their order @param {Tier} tier
 * @returns {Suite[][][]}
 */
export function stages(suites, tier) {
  const browser = suites.filter((s) => s.name === 'e2e');
  const kernel = suites.filter((s) => s.name === 'kernel');
  const others = suites.filter((s) => s.name !== 'kernel');
  const beside = suites.filter((s) => s.name !== 'e2e' && s.name !== 'kernel');
  const first = tier === 'all' ? [others] : [browser, beside];
  const lanes = first.filter((l) => l.length > 0);
  return [...(lanes.length ? [lanes] : []), ...(kernel.length ? [[kernel]] : [])];
}

async function main() {
  const began = Date.now();
  /** @type {Options} */
  let o;
  try {
    o = parseOptions(process.argv.slice(2), labIds());
  } catch (err) {
    console.error(`test: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  }
  mkdirSync(OUT, { recursive: true });
  const suites = SUITES.filter((s) => o.only.includes(s.name));

  if (o.list) {
    for (const suite of suites) {
      const { steps, failures } = await suite.plan(o);
      console.log(`== ${suite.name}: ${suite.title}`);
      for (const f of failures) console.log(`   fails: ${f}`);
      for (const step of steps) console.log(`   ${shown(step)}${step.alone ? '   (alone, once the suites beside it are done)' : ''}`);
    }
    return;
  }

  /** @type {[string, Count][]} */
  const results = [];
  const setup = await run('bash', ['scripts/setup.sh', ...setupGroups(o.only)]);
  if (setup.code !== 0) {
    console.error('test: set-up failed (see above); no suite was run');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  /** @type {Promise<number> | null} */
  let prebuild = null;
  if (o.tier === 'all' && o.only.includes('kernel') && o.only.length > 1) {
    console.log(`\n== the kernel suite's builds start in the background at nice 19 (log ${PREBUILD_LOG}) ==`);
    prebuild = prebuildKernel(PREBUILD_LOG);
  }
  if (o.build) {
    console.log('\n== build: the simulator, native and WASM, and its WASI libraries for the exercise page ==');
    const build = await run('bash', ['scripts/make-core.sh', MAKE_JOBS, 'native', 'wasm']);
    const wasi = build.code === 0 ? await run(process.execPath, ['scripts/build-wasi.mjs']) : build;
    if (build.code !== 0 || wasi.code !== 0) {
      console.error('test: the simulator did not build (see above): counted as 1 failed');
      results.push(['build', { passed: 0, failed: 1 }]);
    }
  }
  /* each suite's wall time, to see where a run's time goes; a failed build has none of its own */
  const setUpMs = Date.now() - began;
  /** @type {Map<string, number>} */
  const took = new Map();
  /** @type {Map<string, Count>} */
  const counted = new Map();
  const heading = (/** @type {Suite} */ suite) => `\n== ${suite.title}${o.lab ? `: lab ${o.lab}` : o.tier === 'quick' ? ': --quick' : ''} ==\n`;
  /** @type {[Suite, Step[]][]} */
  let alone = [];
  /** @param {Suite} suite @param {Sink} sink */
  const runOne = async (suite, sink) => {
    sink.out(heading(suite));
    const t0 = Date.now();
    if (suite.name === 'kernel' && prebuild) {
      const code = await prebuild;
      sink.out(`test: the kernel suite's builds in the background ${code === 0 ? 'are done' : `stopped with status ${code}`} (log ${PREBUILD_LOG})\n`);
    }
    const ran = await runSuite(suite, o, sink);
    counted.set(suite.name, ran.count);
    if (ran.alone.length) alone.push([suite, ran.alone]);
    took.set(suite.name, Date.now() - t0);
  };
  for (const stage of stages(suites, o.tier)) {
    if (stage.length > 1)
      console.log(`\n== at once: ${stage.map((lane) => lane.map((s) => s.name).join(', then ')).join('; beside it, ')}; the lane that ends first takes the next of these (its output a step at a time) ==`);
    /* the first lane's suites, then whichever lane is free takes the next of the others */
    const queue = stage.slice(1).flat();
    /** @param {Suite[]} own @param {Sink} sink */
    const runLane = async (own, sink) => {
      for (const suite of own) await runOne(suite, sink);
      for (let next = queue.shift(); next; next = queue.shift()) await runOne(next, sink);
    };
    await Promise.all([runLane(stage[0] ?? [], CONSOLE), ...(stage.length > 1 ? [runLane([], kept())] : [])]);
    for (const [suite, steps] of alone) {
      console.log(`${heading(suite).trimEnd()}: the steps that run alone`);
      const t0 = Date.now();
      await runSteps(suite.name, steps, counted.get(suite.name) ?? { passed: 0, failed: 0 }, CONSOLE);
      took.set(suite.name, (took.get(suite.name) ?? 0) + Date.now() - t0);
    }
    alone = [];
  }
  for (const suite of suites) {
    let count = counted.get(suite.name);
    if (!count) continue;
    if (o.lab && count.passed + count.failed === 0) {
      console.error(`test: ${suite.name} ran no test of lab ${o.lab}: counted as 1 failed`);
      count = { passed: 0, failed: 1 };
    }
    results.push([suite.name, count]);
  }

  let passed = 0;
  let failed = 0;
  const together = stages(suites, o.tier).some((stage) => stage.length > 1) ? '; the browser suite ran beside the others' : '';
  console.log(`\nsuite       passed  failed    time  (${o.lab ? `--lab ${o.lab}` : o.tier === 'quick' ? '--quick' : 'all'}${together})`);
  console.log(summaryLine('set-up', null, setUpMs));
  for (const [name, count] of results) {
    console.log(summaryLine(name, count, took.get(name)));
    passed += count.passed;
    failed += count.failed;
  }
  console.log(summaryLine('all', null, Date.now() - began));
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err) => {
    console.error(`test: ${err instanceof Error ? err.message : String(err)}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  });
}
