/**
 * The folders import one way only: lib/ (the schema, the lab table, the
 * formatting and comparison shared by all sides) imports none of the others;
 * kernel-lab/ imports lib/ but never web/ or cli/; web/ never imports cli/, and
 * web/src/core/ never imports web/src/exercises/.
 * A cycle between them is what lib/ exists to prevent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The TypeScript files below a folder of the repository; not the browser
 * specs a lab keeps beside its page (*.spec.ts), which take the browser
 * tests' fixtures from tests/e2e.
 */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.spec.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** The top folder of the repository that each relative import of a file lands in. */
function importedFolders(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)].map((m) => m[1]!);
  return specs.map((s) => relative(ROOT, resolve(ROOT, dirname(file), s)).split(/[\\/]/)[0]!);
}

/** Each file of `from` with the folders among `forbidden` that it imports. */
function offenders(from: string, forbidden: readonly string[]): string[] {
  return sources(from).flatMap((f) => importedFolders(f).filter((d) => forbidden.includes(d)).map((d) => `${f} imports ${d}/`));
}

describe('import direction', () => {
  it('lib/ imports none of web/, cli/, kernel-lab/', () => {
    expect(sources('lib').length).toBeGreaterThan(0);
    expect(offenders('lib', ['web', 'cli', 'kernel-lab', 'tests'])).toEqual([]);
  });

  it('kernel-lab/ imports lib/, never web/ or cli/', () => {
    /*
     * a lab's kernel direction tests (kernel-lab/labs/<lab>/kernel.test.ts) are files of the kernel suite, whose steps
     * are tests/kernel/, and its node tests (*.node.test.ts) files of the node suite, whose helpers are tests/node/
     */
    const suite = /^kernel-lab\/labs\/[^/]+\/(kernel\.test\.ts|.*\.node\.test\.ts) imports tests\/$/;
    /* a lab's tests of the kernel commands on its own runs (compare, run, host-run) test cli/, and take their fixtures from tests/ */
    const commandTests = /^kernel-lab\/labs\/[^/]+\/[^/]+\.test\.ts imports (cli|tests)\/$/;
    expect(offenders('kernel-lab', ['web', 'cli', 'tests']).filter((o) => !suite.test(o) && !commandTests.test(o))).toEqual([]);
    expect(offenders('kernel-lab', ['web', 'cli']).filter((o) => !commandTests.test(o))).toEqual([]);
    expect(sources('kernel-lab').filter((f) => !f.endsWith('.test.ts')).flatMap((f) => importedFolders(f).filter((d) => d === 'cli' || d === 'web'))).toEqual([]);
    expect(sources('kernel-lab').some((f) => importedFolders(f).includes('lib'))).toBe(true);
  });

  it('web/ never imports cli/', () => {
    /* a lab's tests (web/src/labs/<lab>/*.test.ts, *.node.test.ts) take the test suites' helpers from tests/ */
    const suite = /^web\/src\/labs\/[^/]+\/.*\.(node\.)?test\.ts imports tests\/$/;
    expect(offenders('web', ['cli', 'tests']).filter((o) => !suite.test(o))).toEqual([]);
    expect(offenders('web', ['cli'])).toEqual([]);
  });

  it('web/src/core/ never imports web/src/exercises/: the exercises build on the core', () => {
    const exercises = join(ROOT, 'web', 'src', 'exercises');
    const bad = sources('web/src/core').filter((f) =>
      [...readFileSync(join(ROOT, f), 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)].some((m) => {
        const to = resolve(ROOT, dirname(f), m[1]!);
        return to === exercises || to.startsWith(`${exercises}/`);
      }),
    );
    expect(bad).toEqual([]);
  });
});
