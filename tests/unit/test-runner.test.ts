import { describe, expect, it } from 'vitest';
import { cmockaCount, labFiles, parseOptions, playwrightCount, setupGroups, stages, tapCount, TIERS, vitestCount } from '../../scripts/test.mjs';
import { labs } from '../../scripts/registry.mjs';
import { FRAME_SPECS, LAB_NODE_TEST, LONG_SPECS, labOfPath, namedFiles, namesLab, quickSpecs } from '../../scripts/test-tiers.mjs';

/* made-up labs: the runner's rules hold for any ids */
const IDS = ['page-cache', 'dir-index', 'inode-lru', 'log-sync', 'block-map'];

describe("npm test's counting", () => {
  it("reads cmocka's summary lines of every test program", () => {
    const output = [
      '[==========] Running 3 test(s).',
      '[ RUN      ] list_add',
      '[       OK ] list_add',
      '[==========] 3 test(s) run.',
      '[  PASSED  ] 2 test(s).',
      '[  FAILED  ] 1 test(s), listed below:',
      '[  FAILED  ] rb_insert',
      '',
      ' 1 FAILED TEST(S)',
      '[==========] Running 4 test(s).',
      '[  PASSED  ] 4 test(s).',
    ].join('\n');
    expect(cmockaCount(output)).toEqual({ passed: 6, failed: 1 });
  });

  it("reads node's TAP summary, cancelled tests as failed", () => {
    expect(tapCount('ok 1 - a\n# tests 5\n# pass 3\n# fail 1\n# cancelled 1\n# skipped 0\n')).toEqual({ passed: 3, failed: 2 });
  });

  it("reads vitest's JSON report, a file that did not load as a failure", () => {
    const report = {
      numPassedTests: 7,
      numFailedTests: 1,
      testResults: [
        { status: 'passed', assertionResults: [{ status: 'passed' }] },
        { status: 'failed', assertionResults: [{ status: 'failed' }] },
        { status: 'failed', assertionResults: [] },
      ],
    };
    expect(vitestCount(report)).toEqual({ passed: 7, failed: 2 });
  });

  it("reads Playwright's JSON report, errors outside tests as failures", () => {
    expect(playwrightCount({ stats: { expected: 9, unexpected: 2, flaky: 0, skipped: 1 }, errors: [] })).toEqual({ passed: 9, failed: 2 });
    expect(playwrightCount({ stats: { expected: 0, unexpected: 0 }, errors: [{ message: 'webServer' }] })).toEqual({ passed: 0, failed: 1 });
  });
});

describe("npm test's tiers", () => {
  it('runs everything by default, --quick without fuzzing and the kernel lab, --lab without fuzzing and the type check', () => {
    expect(parseOptions([], IDS)).toMatchObject({ tier: 'all', lab: null, only: TIERS.all, build: true, list: false });
    expect(parseOptions(['--quick'], IDS).only).toEqual(['c', 'typecheck', 'unit', 'node', 'e2e']);
    expect(parseOptions(['--lab', 'inode-lru'], IDS)).toMatchObject({ tier: 'lab', lab: 'inode-lru', only: ['c', 'unit', 'node', 'e2e'] });
    expect(parseOptions(['--lab', 'inode-lru', '--kernel'], IDS).only).toEqual(['c', 'unit', 'node', 'e2e', 'kernel']);
    expect(parseOptions(['--quick', '--only', 'e2e,c', '--no-build'], IDS)).toMatchObject({ only: ['c', 'e2e'], build: false });
  });

  it('refuses an unknown lab, listing the labs, and a suite its tier does not run', () => {
    expect(() => parseOptions(['--lab', 'no-such-lab'], IDS)).toThrow("unknown lab 'no-such-lab'; the labs: page-cache, dir-index, inode-lru, log-sync, block-map");
    expect(() => parseOptions(['--lab', 'page-cache', '--only', 'fuzz'], IDS)).toThrow('--lab does not run fuzz; its suites: c, unit, node, e2e (kernel with --kernel)');
    expect(() => parseOptions(['--only', 'browser'], IDS)).toThrow('unknown suite browser');
    expect(() => parseOptions(['--kernel'], IDS)).toThrow('--kernel is for --quick or --lab');
    expect(() => parseOptions(['--lab', 'page-cache', '--quick'], IDS)).toThrow('two tiers');
    expect(() => parseOptions(['page-cache'], IDS)).toThrow("unexpected argument 'page-cache'");
  });

  it('runs the browser suite beside the others in --quick and --lab, the whole run in one lane, and the kernel suite after them all', () => {
    const names = (argv: string[]) => {
      const o = parseOptions(argv, IDS);
      const suites = o.only.map((name) => ({ name, title: name, plan: async () => ({ steps: [], failures: [] }) }));
      return stages(suites, o.tier).map((stage) => stage.map((lane) => lane.map((s) => s.name)));
    };
    expect(names([])).toEqual([[['c', 'fuzz', 'typecheck', 'unit', 'node', 'e2e']], [['kernel']]]);
    expect(names(['--quick'])).toEqual([[['e2e'], ['c', 'typecheck', 'unit', 'node']]]);
    expect(names(['--lab', 'log-sync', '--kernel'])).toEqual([[['e2e'], ['c', 'unit', 'node']], [['kernel']]]);
    expect(names(['--lab', 'log-sync', '--only', 'c,unit'])).toEqual([[['c', 'unit']]]);
    expect(names(['--quick', '--only', 'e2e'])).toEqual([[['e2e']]]);
    expect(names(['--only', 'kernel'])).toEqual([[['kernel']]]);
  });

  it('installs the kernel group for the kernel suite and the CLI tests, fuzzing for the fuzz suite', () => {
    expect(setupGroups(TIERS.all)).toEqual(['--serve', '--test', '--fuzz', '--kernel']);
    expect(setupGroups(['c', 'unit', 'e2e'])).toEqual(['--serve', '--test']);
    expect(setupGroups(['node'])).toEqual(['--serve', '--test', '--kernel']);
  });
});

describe("a lab's tests, by path", () => {
  it('belong to the lab whose id is a folder of their path or starts their name', () => {
    expect(labOfPath('web/src/labs/page-cache/queues.test.ts', IDS)).toBe('page-cache');
    expect(labOfPath('web/src/labs/log-sync/log-sync.spec.ts', IDS)).toBe('log-sync');
    expect(labOfPath('wasm-core/labs/inode-lru/test_walk.c', IDS)).toBe('inode-lru');
    expect(labOfPath('kernel-lab/labs/block-map/direction.test.ts', IDS)).toBe('block-map');
    expect(labOfPath('exercises/dir-index/check.test.ts', IDS)).toBe('dir-index');
    expect(labOfPath('tests/e2e/page-cache.spec.ts', IDS)).toBe('page-cache');
    expect(labOfPath('web/src/exercises/labs/log-sync.test.ts', IDS)).toBe('log-sync');
    expect(labOfPath('wasm-core/tests/test_block_map.c', IDS)).toBe('block-map');
    expect(labOfPath('wasm-core/tests/test_page_cache_walk.c', IDS)).toBe('page-cache');
    expect(labOfPath('web/src/labs/log-sync/cli.node.test.ts', IDS)).toBe('log-sync');
    expect(labOfPath('kernel-lab/labs/inode-lru/workload/statwalk.node.test.ts', IDS)).toBe('inode-lru');
  });

  it('in a node test of its folders (*.node.test.ts) are the node suite\'s, not vitest\'s', () => {
    expect(LAB_NODE_TEST.test('web/src/labs/log-sync/cli.node.test.ts')).toBe(true);
    expect(LAB_NODE_TEST.test('web/src/labs/log-sync/compare.test.ts')).toBe(false);
    expect(LAB_NODE_TEST.test('web/src/labs/log-sync/node.ts')).toBe(false);
  });

  it('are not the shared tests that merely mention a lab', () => {
    for (const f of ['tests/unit/exercise-inode-lru.test.ts', 'tests/e2e/home.spec.ts', 'wasm-core/tests/test_engine.c', 'tests/node/page-caches.test.ts'])
      expect(labOfPath(f, IDS), f).toBeNull();
  });

  it('go to the longest id where two match', () => {
    expect(labOfPath('web/src/labs/page-cache/x.test.ts', ['page', 'page-cache'])).toBe('page-cache');
    expect(labOfPath('tests/e2e/page-cache.spec.ts', ['page', 'page-cache'])).toBe('page-cache');
    expect(labOfPath('tests/e2e/page.spec.ts', ['page', 'page-cache'])).toBe('page');
  });

  it("are the lab's own files whole and, in the shared exercise and question files, the tests naming it", () => {
    const files = [
      'tests/e2e/page-cache.spec.ts',
      'tests/e2e/inode-lru.spec.ts',
      'tests/e2e/questions.spec.ts',
      'tests/e2e/exercise-page.spec.ts',
      'tests/e2e/home.spec.ts',
      'web/src/labs/page-cache/page-cache.spec.ts',
    ];
    expect(labFiles(files, 'page-cache', IDS)).toEqual({
      owned: ['tests/e2e/page-cache.spec.ts', 'web/src/labs/page-cache/page-cache.spec.ts'],
      checks: ['tests/e2e/questions.spec.ts', 'tests/e2e/exercise-page.spec.ts'],
    });
    const names = new RegExp(namesLab('page-cache'));
    expect(names.test('the page-cache exercise > fails its checker')).toBe(true);
    expect(names.test("page-cache: the old walk question reveals the terminal's count")).toBe(true);
    expect(names.test('the page-caches of a run')).toBe(false);
    expect(names.test('inode-lru: answer, reveal')).toBe(false);
  });
});

describe('the browser specs of each tier', () => {
  it("keeps in --quick each lab page's own spec, the exercise page's and the home page's, and no long one", () => {
    const quick = quickSpecs(IDS);
    for (const f of ['web/src/labs/page-cache/page-cache.spec.ts', 'tests/e2e/exercise-page.spec.ts', 'web/src/labs/log-sync/exercise-page.spec.ts', 'tests/e2e/home.spec.ts'])
      expect(quick.test(f), f).toBe(true);
    for (const f of ['tests/e2e/long-session.spec.ts', 'web/src/labs/page-cache/views-at-scale.spec.ts', 'web/src/labs/page-cache/at-scale.spec.ts', 'tests/e2e/links.spec.ts', 'web/src/labs/page-cache/page-cache.test.ts', 'web/src/labs/page-cache/my-page-cache.spec.ts'])
      expect(quick.test(f), f).toBe(false);
    for (const spec of [...labs().map((l) => l.id), 'exercise-page']) expect(LONG_SPECS).not.toContain(spec);
  });

  it("leaves a lab's specs at the mail's scale out of --lab by their file names", () => {
    const long = namedFiles(LONG_SPECS, 'spec');
    expect(long.test('web/src/labs/page-cache/at-scale.spec.ts')).toBe(true);
    expect(long.test('web/src/labs/page-cache/views-at-scale.spec.ts')).toBe(true);
    expect(long.test('web/src/labs/page-cache/page-cache.spec.ts')).toBe(false);
  });

  it('names the frame-timing specs by file, wherever they are', () => {
    const frames = namedFiles(FRAME_SPECS, 'spec');
    expect(frames.test('/work/x/tests/e2e/views-at-scale.spec.ts')).toBe(true);
    expect(frames.test('/work/x/web/src/labs/page-cache/code-pane.spec.ts')).toBe(true);
    expect(frames.test('/work/x/tests/e2e/page-cache.spec.ts')).toBe(false);
  });
});
