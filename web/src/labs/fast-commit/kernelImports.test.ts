/** fast-commit's kernel results imported into its page, from the synthetic fixtures of its runs. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KERNEL_LABS, KernelResult } from '../../../../lib/kernel-results';
import { applyImport, clearImports, dismissProblems, EMPTY_IMPORTS, MAX_RESULT_BYTES, removeRun, sizeProblem } from '../../viz/kernel/imports';

const FIXTURES = new URL('./fixtures/kernel/', import.meta.url);

function fixture(name: string): { name: string; text: string } {
  return { name, text: readFileSync(new URL(name, FIXTURES), 'utf8') };
}

const BEFORE = 'synthetic-fast-commit-before.json';
const BEFORE2 = 'synthetic-fast-commit-before-2.json';
const AFTER = 'synthetic-fast-commit-after.json';

describe('the synthetic fixtures', () => {
  it('are valid results where they are meant to be', () => {
    for (const f of [BEFORE, BEFORE2, AFTER, 'synthetic-fast-commit-after-not-live.json'].map((name) => fixture(name))) {
      const parsed = KernelResult.safeParse(JSON.parse(f.text));
      expect(parsed.success, f.name).toBe(true);
    }
  });
});

describe('applyImport', () => {
  it('adds valid files as runs, in order, with fresh ids', () => {
    const s = applyImport(EMPTY_IMPORTS, 'fast-commit', [fixture(BEFORE), fixture(AFTER)]);
    expect(s.problems).toEqual([]);
    expect(s.runs.map((r) => [r.id, r.file, r.result.variant])).toEqual([
      [1, BEFORE, 'before'],
      [2, AFTER, 'after'],
    ]);
    expect(s.nextId).toBe(3);
  });

  it('names a file that is not JSON, and keeps the runs imported before', () => {
    const s1 = applyImport(EMPTY_IMPORTS, 'fast-commit', [fixture(BEFORE)]);
    const s2 = applyImport(s1, 'fast-commit', [fixture('synthetic-not-json.json'), fixture(AFTER)]);
    expect(s2.runs.map((r) => r.file)).toEqual([BEFORE, AFTER]);
    expect(s2.problems).toHaveLength(1);
    expect(s2.problems[0].file).toBe('synthetic-not-json.json');
    expect(s2.problems[0].message).toMatch(/^synthetic-not-json\.json is not JSON: /);
  });

  it('names the field and what is allowed for a file of the wrong schema', () => {
    const s = applyImport(EMPTY_IMPORTS, 'fast-commit', [fixture('synthetic-wrong-schema.json')]);
    expect(s.runs).toEqual([]);
    expect(s.problems[0].message).toMatch(
      /^synthetic-wrong-schema\.json is not a journalclub kernel result: metrics\.files: a metric key is snake_case and ends in a unit: _s, _ms, /,
    );
  });

  it('refuses a result of another lab and says where it belongs', () => {
    const other = KERNEL_LABS.find((l) => l !== 'fast-commit')!;
    const text = JSON.stringify({ ...JSON.parse(fixture(AFTER).text), lab: other });
    const s = applyImport(EMPTY_IMPORTS, 'fast-commit', [{ name: 'other-after.json', text }]);
    expect(s.runs).toEqual([]);
    expect(s.problems[0].message).toBe(
      `other-after.json holds a result of the ${other} lab; this page imports fast-commit results only (open the ${other} page for it)`,
    );
  });

  it('does not import the same run twice, under its name or another', () => {
    const s1 = applyImport(EMPTY_IMPORTS, 'fast-commit', [fixture(BEFORE)]);
    const again = applyImport(s1, 'fast-commit', [fixture(BEFORE), { name: 'copy.json', text: fixture(BEFORE).text }]);
    expect(again.runs).toHaveLength(1);
    expect(again.problems.map((p) => p.message)).toEqual([
      `${BEFORE} is already imported`,
      `copy.json is the same run as ${BEFORE}, already imported (same variant, host and start time)`,
    ]);
  });

  it('passes on why a file was not read, after its name', () => {
    const s = applyImport(EMPTY_IMPORTS, 'fast-commit', [{ name: 'big.json', error: sizeProblem(MAX_RESULT_BYTES + 1)! }]);
    expect(s.problems[0].message).toBe('big.json is 20.0 MiB; a results file is at most 20.0 MiB');
  });

  it('replaces the problems of the previous import', () => {
    const s1 = applyImport(EMPTY_IMPORTS, 'fast-commit', [fixture('synthetic-not-json.json')]);
    const s2 = applyImport(s1, 'fast-commit', [fixture(BEFORE)]);
    expect(s2.problems).toEqual([]);
  });
});

describe('sizeProblem', () => {
  it('refuses empty and oversized files only', () => {
    expect(sizeProblem(0)).toMatch(/^is empty/);
    expect(sizeProblem(1)).toBeNull();
    expect(sizeProblem(MAX_RESULT_BYTES)).toBeNull();
    expect(sizeProblem(MAX_RESULT_BYTES * 2)).toBe('is 40.0 MiB; a results file is at most 20.0 MiB');
  });
});

describe('removing and clearing', () => {
  const s = applyImport(EMPTY_IMPORTS, 'fast-commit', [fixture(BEFORE), fixture(BEFORE2), fixture(AFTER), fixture('synthetic-not-json.json')]);
  it('removes one run by id', () => {
    expect(removeRun(s, 2).runs.map((r) => r.file)).toEqual([BEFORE, AFTER]);
  });
  it('dismisses problems and keeps runs', () => {
    const d = dismissProblems(s);
    expect(d.problems).toEqual([]);
    expect(d.runs).toHaveLength(3);
  });
  it('clears runs and problems but never reuses an id', () => {
    const c = clearImports(s);
    expect(c.runs).toEqual([]);
    expect(c.problems).toEqual([]);
    const again = applyImport(c, 'fast-commit', [fixture(BEFORE)]);
    expect(again.runs[0].id).toBe(s.nextId);
  });
});
