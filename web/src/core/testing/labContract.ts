/**
 * What the labs' tests against the WASM build share: the lab's entry in the
 * registry, its parameters with the page's animation preset, and the three
 * checks of its step contract (its variants in the page's order, every step
 * kind's arguments named as the page reads them, no kind read that the
 * contract lacks).
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Engine } from '../engine';
import { contractProblems } from '../steps';
import type { LabInfo } from '../types';

/** The lab's entry in jc_labs_json(); a build without it fails the test. */
export function labInfo(engine: Engine, lab: string): LabInfo {
  const l = engine.labs().find((x) => x.id === lab);
  if (!l) throw new Error(`the WASM build has no lab ${lab}`);
  return l;
}

/** Every parameter of the lab at the page's preset value, else its default. */
export function presetParams(engine: Engine, lab: string, preset: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(engine.params(lab).map((s) => [s.name, preset[s.name] ?? s.default]));
}

/** The step kinds a page's source files read: `case 'kind':` and `.kind === 'kind'`. */
export function stepKindsRead(files: readonly URL[]): string[] {
  const used = new Set<string>();
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(/case '([a-z_]+)':/g)) used.add(m[1]!);
    for (const m of text.matchAll(/\.kind === '([a-z_]+)'/g)) used.add(m[1]!);
  }
  return [...used];
}

/** The step contract's three checks, as tests of the enclosing describe(). */
export function stepContractTests(c: {
  engine: () => Engine;
  lab: string;
  variants: readonly string[];
  stepArgs: Parameters<typeof contractProblems>[0];
  /** the page's files that read step kinds */
  readers: readonly URL[];
}): void {
  it(`declares its ${c.variants.length} variants in the page’s order`, () => {
    expect(labInfo(c.engine(), c.lab).variants).toEqual([...c.variants]);
  });

  it("names every step kind's arguments as the page reads them", () => {
    expect(contractProblems(c.stepArgs, labInfo(c.engine(), c.lab).steps)).toEqual([]);
  });

  it('reads no step kind the contract lacks', () => {
    expect(stepKindsRead(c.readers).filter((k) => !(k in c.stepArgs))).toEqual([]);
  });
}
