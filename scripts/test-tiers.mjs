// @ts-check
/**
 * What each tier of `npm test` runs (docs/testing.md), shared by
 * scripts/test.mjs and playwright.config.ts.
 *
 * A test file belongs to a lab when a segment of its path is the lab's id
 * (web/src/labs/<id>/..., wasm-core/labs/<id>/..., kernel-lab/labs/<id>/...,
 * exercises/<id>/...) or its file name starts with the id or with test_ and
 * the id's C form (page-cache.spec.ts, test_page_cache.c). The labs'
 * exercise and question checks that live in shared files (a path segment or
 * file name starting with "exercise" or "question") are the tests of those
 * files whose names name the lab.
 */

/**
 * Browser specs that time frames (a frame's draw, a scroll's frames, the
 * animation's speed at the mail's size, the exercise page's compile and first
 * frame): a project of their own, one at a time, with nothing else running.
 */
export const FRAME_SPECS = ['views-at-scale', 'code-pane', 'animate-at-scale', 'exercise-page'];

/**
 * Left out of `--quick` and `--lab`: the soak (300 configurations in a row
 * on one page, and its node twin) and the runs at the mail's own scale (a
 * lab's at-scale.spec.ts holds those of them that time no frames).
 */
export const LONG_SPECS = ['long-session', 'animate-at-scale', 'views-at-scale', 'at-scale'];
export const LONG_NODE_TESTS = ['long-session'];

/**
 * The browser specs `--quick` keeps, by file name: each lab page's own
 * (`<id>.spec.ts`), the exercise page's and the home page's. The specs
 * that check every page alike (links, layout, presenter mode, accessibility,
 * exports, embeds, the kernel panel, the lesson, player keys, ...) and a
 * lab's other specs run in `npm test` and in `--lab`.
 */
export const QUICK_SPECS = ['exercise-page', 'home'];

/**
 * The spec files `--quick` runs, by their names.
 * @param {string[]} ids every lab's id
 * @returns {RegExp}
 */
export function quickSpecs(ids) {
  return namedFiles([...ids, ...QUICK_SPECS], 'spec');
}

/**
 * The node suite's tests (node:test, run under tsx): every *.test.ts of
 * tests/node/, and the files a lab keeps in its own folders
 * (scripts/registry.mjs's labFolders) named *.node.test.ts, which vitest
 * leaves to it (vite.config.ts).
 */
export const NODE_TEST_DIRS = ['tests/node'];
export const LAB_NODE_TEST = /\.node\.test\.ts$/;
export const LAB_NODE_TEST_GLOB = '**/*.node.test.ts';

/** The browser specs' folders (playwright.config.ts): the shared specs, and the labs' own beside their pages. */
export const SPEC_GLOBS = ['tests/e2e/**/*.spec.ts', 'web/src/**/*.spec.ts'];

/** @param {string} s */
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A file whose name, less `.spec.ts` or `.test.ts`, is one of `names`, in any folder.
 * @param {string[]} names @param {'spec' | 'test'} kind
 */
export function namedFiles(names, kind) {
  return new RegExp(`(^|/)(${names.map(escape).join('|')})\\.${kind}\\.ts$`);
}

/**
 * The lab a file belongs to, by its path (relative to the root, with
 * slashes); the longest id wins where two match. null: a shared file.
 * @param {string} path @param {string[]} ids
 * @returns {string | null}
 */
export function labOfPath(path, ids) {
  const segments = path.split('/');
  const name = segments.at(-1) ?? '';
  /** @type {string | null} */
  let best = null;
  for (const id of ids) {
    const symbol = id.replace(/-/g, '_');
    const owns =
      segments.slice(0, -1).includes(id) ||
      new RegExp(`^${escape(id)}([^a-z0-9]|$)`).test(name) ||
      new RegExp(`^test_${escape(symbol)}([^a-z0-9]|$)`).test(name);
    if (owns && (best === null || id.length > best.length)) best = id;
  }
  return best;
}

/**
 * A shared file that holds labs' exercise or question checks: a segment of
 * its path starts with "exercise" or "question".
 * @param {string} path
 */
export function holdsLabChecks(path) {
  return path.split('/').some((s) => /^(exercise|question)/.test(s));
}

/**
 * A pattern that matches a test's name when it names the lab: the id as a
 * word of its own (not page-cache in page-caches or a-page-cache).
 * @param {string} id
 */
export function namesLab(id) {
  return `(^|[^a-z0-9-])${escape(id)}([^a-z0-9-]|$)`;
}
