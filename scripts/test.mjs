#!/usr/bin/env node
// @ts-check
/**
 * npm test: set up, build the simulator (native and WASM), run every suite,
 * and close with one line, `N passed, N failed`, over the tests of all of
 * them. Each runner's own count is read (cmocka's summary lines, vitest's and
 * Playwright's JSON reports, node's TAP summary); a suite that fails without
 * a count of its own (a crash, a build error) counts as one failed test.
 *
 *   node scripts/test.mjs [--only SUITE[,SUITE...]] [--no-build]
 *   suites: c, fuzz, typecheck, unit, node, e2e, kernel
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, '.cache', 'test');
const BIN = join(ROOT, 'node_modules', '.bin');
/* the simulator's builds and C tests use every CPU */
const MAKE_JOBS = `-j${availableParallelism()}`;

/**
 * @typedef {{ passed: number, failed: number }} Count
 * @typedef {{ code: number, output: string }} Ran
 * @typedef {{ name: string, title: string, run: () => Promise<Count> }} Suite
 */

/**
 * Run a command, its output shown as it comes and kept for parsing.
 * @param {string} cmd @param {string[]} args @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<Ran>}
 */
function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('error', (err) => resolve({ code: 127, output: `${output}\n${cmd}: ${err.message}` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}

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
  const steps = [
    ['kernel', 'build'],
    ['kernel', 'image'],
    ['kernel', 'build', '--target', 'host', '--config', config],
  ];
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
 * no test at all, is one failure.
 * @param {Ran} ran @param {Count} count @param {string} what
 * @returns {Count}
 */
function settle(ran, count, what) {
  if (ran.code !== 0 && count.failed === 0) {
    console.error(`test: ${what} exited with status ${ran.code} and no failed test of its own: counted as 1 failed`);
    return { passed: count.passed, failed: 1 };
  }
  if (count.passed + count.failed === 0) {
    console.error(`test: ${what} ran no test: counted as 1 failed`);
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
function fresh(path) {
  rmSync(path, { force: true });
  return path;
}

/** @type {Suite[]} */
const SUITES = [
  {
    name: 'c',
    title: 'C tests (make -C wasm-core test, built and run on every CPU)',
    async run() {
      const ran = await run('bash', ['scripts/make-core.sh', MAKE_JOBS, 'test']);
      return settle(ran, cmockaCount(ran.output), 'make -C wasm-core test');
    },
  },
  {
    name: 'fuzz',
    title: 'fuzzing the C ABI (libFuzzer, 60 s a target, the three at once)',
    async run() {
      const ran = await run(process.execPath, ['scripts/fuzz.mjs', '--seconds', '60', '--jobs', '3']);
      return settle(ran, cmockaCount(ran.output), 'the fuzz targets');
    },
  },
  {
    name: 'typecheck',
    title: 'TypeScript check (tsc, one test)',
    async run() {
      const ran = await run(join(BIN, 'tsc'), ['-p', 'tsconfig.json']);
      return ran.code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
    },
  },
  {
    name: 'unit',
    title: 'unit tests (vitest)',
    async run() {
      const json = fresh(join(OUT, 'vitest.json'));
      const ran = await run(join(BIN, 'vitest'), [
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${json}`,
      ]);
      return settle(ran, vitestCount(readJson(json)), 'vitest');
    },
  },
  {
    name: 'node',
    title: 'CLI and native-vs-WASM tests (node --test)',
    async run() {
      const dir = join(ROOT, 'tests', 'node');
      const files = existsSync(dir)
        ? readdirSync(dir)
            .filter((f) => f.endsWith('.test.ts'))
            .sort()
            .map((f) => join('tests', 'node', f))
        : [];
      if (files.length === 0) {
        console.error('test: no tests in tests/node');
        return { passed: 0, failed: 1 };
      }
      const tap = fresh(join(OUT, 'node.tap'));
      const ran = await run(process.execPath, [
        '--import',
        'tsx',
        '--test',
        '--test-reporter=spec',
        '--test-reporter-destination=stdout',
        '--test-reporter=tap',
        `--test-reporter-destination=${tap}`,
        ...files,
      ]);
      const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
      return settle(ran, tapCount(text), 'node --test');
    },
  },
  {
    name: 'e2e',
    title: 'browser tests (Playwright, Chromium)',
    async run() {
      const json = fresh(join(OUT, 'playwright.json'));
      const ran = await run(join(BIN, 'playwright'), ['test'], { JC_PLAYWRIGHT_JSON: json });
      return settle(ran, playwrightCount(readJson(json)), 'playwright');
    },
  },
  {
    name: 'kernel',
    title: 'kernel lab (Linux 6.12 build, guest image, every lab in QEMU both variants, bundle)',
    async run() {
      if (prebuild) {
        const code = await prebuild;
        console.log(`test: the kernel suite's builds in the background ${code === 0 ? 'are done' : `stopped with status ${code}`} (log ${PREBUILD_LOG})`);
      }
      const files = [
        'tests/kernel/kernel-lab.test.ts',
        /* each lab's runs and directions: kernel-lab/labs/<lab>/kernel.test.ts */
        ...readdirSync(join(ROOT, 'kernel-lab', 'labs'))
          .sort()
          .map((lab) => join('kernel-lab', 'labs', lab, 'kernel.test.ts'))
          .filter((f) => existsSync(join(ROOT, f))),
        'tests/kernel/host-build.test.ts',
        'tests/kernel/host-run.test.ts',
        'tests/kernel/faults.test.ts',
      ];
      const tap = fresh(join(OUT, 'kernel.tap'));
      const ran = await run(process.execPath, [
        '--import',
        'tsx',
        '--test',
        '--test-concurrency=1',
        '--test-timeout=7200000',
        '--test-reporter=spec',
        '--test-reporter-destination=stdout',
        '--test-reporter=tap',
        `--test-reporter-destination=${tap}`,
        ...files,
      ]);
      const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
      return settle(ran, tapCount(text), 'the kernel lab tests');
    },
  },
];

const PREBUILD_LOG = join(OUT, 'kernel-prebuild.log');
/** @type {Promise<number> | null} */
let prebuild = null;

/**
 * One line of the closing summary: a suite, its counts and its wall time.
 * @param {string} name @param {Count | null} count @param {number | undefined} ms
 */
function summaryLine(name, count, ms) {
  const t = Math.round((ms ?? 0) / 1000);
  const time = ms === undefined ? '' : `${String(Math.floor(t / 60)).padStart(3)} min ${String(t % 60).padStart(2)} s`;
  return `${name.padEnd(10)} ${String(count?.passed ?? '').padStart(7)} ${String(count?.failed ?? '').padStart(7)} ${time}`;
}

async function main() {
  const began = Date.now();
  const { values } = parseArgs({
    options: { only: { type: 'string' }, 'no-build': { type: 'boolean', default: false } },
  });
  const only = values.only ? values.only.split(',') : SUITES.map((s) => s.name);
  const unknown = only.filter((n) => !SUITES.some((s) => s.name === n));
  if (unknown.length > 0) {
    console.error(`test: unknown suite ${unknown.join(', ')} (suites: ${SUITES.map((s) => s.name).join(', ')})`);
    process.exit(2);
  }
  mkdirSync(OUT, { recursive: true });

  /** @type {[string, Count][]} */
  const results = [];
  const setup = await run('bash', ['scripts/setup.sh']);
  if (setup.code !== 0) {
    console.error('test: set-up failed (see above); no suite was run');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  if (only.includes('kernel') && only.length > 1) {
    console.log(`\n== the kernel suite's builds start in the background at nice 19 (log ${PREBUILD_LOG}) ==`);
    prebuild = prebuildKernel(PREBUILD_LOG);
  }
  if (!values['no-build']) {
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
  for (const suite of SUITES.filter((s) => only.includes(s.name))) {
    console.log(`\n== ${suite.title} ==`);
    const t0 = Date.now();
    results.push([suite.name, await suite.run()]);
    took.set(suite.name, Date.now() - t0);
  }

  let passed = 0;
  let failed = 0;
  console.log('\nsuite       passed  failed    time');
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
