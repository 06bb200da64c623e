/**
 * The step contract against the real WASM build: every step kind a view
 * switches on exists in its lab's C table (jc_labs_json()'s "steps") with
 * the argument names the view reads, and every step a run records has a
 * declared kind.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FC_STEP_ARGS } from '../labs/fast-commit/steps';
import { IH_STEP_ARGS } from '../labs/inode-hash/hashtable';
import { WALK_KINDS } from '../labs/fast-commit/queues';
import type { Engine } from './engine';
import { loadEngine } from './node';
import { contractProblems, type StepContract } from './steps';
import { labInfo, stepKindsRead } from './testing/labContract';

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

const kindsOf = (lab: string) => labInfo(engine, lab).steps;

/** The step kinds a view's source tests: `case 'kind':` and `.kind === 'kind'`. */
const kindsSwitchedOn = (...files: string[]): string[] =>
  stepKindsRead(files.map((f) => new URL(f, import.meta.url))).sort();

const VIEWS: { lab: string; contract: StepContract; files: string[]; more?: Iterable<string> }[] = [
  {
    lab: 'fast-commit',
    contract: FC_STEP_ARGS,
    files: ['../labs/fast-commit/queues.ts', '../labs/fast-commit/QueuesView.tsx'],
    more: WALK_KINDS,
  },
  { lab: 'inode-hash', contract: IH_STEP_ARGS, files: ['../labs/inode-hash/hashtable.ts', '../labs/inode-hash/HashTableView.tsx'] },
];

describe('the step contract', () => {
  for (const v of VIEWS) {
    it(`${v.lab}: every kind its view switches on is in the contract`, () => {
      const used = [...new Set([...kindsSwitchedOn(...v.files), ...(v.more ?? [])])];
      expect(used.length).toBeGreaterThan(5);
      expect(used.filter((k) => !(k in v.contract))).toEqual([]);
    });

    it(`${v.lab}: the contract's kinds and argument names are the C table's`, () => {
      expect(contractProblems(v.contract, kindsOf(v.lab))).toEqual([]);
    });
  }

  it('declares each kind once per lab, and every kind a run records', () => {
    for (const [lab, params] of [
      ['fast-commit', { ways: 4, files: 16 }],
      ['inode-hash', { fs: 'btrfs', threads: 4, dirs: 2, files: 16, icache: 64, hash_bits: 4 }],
    ] as const) {
      const kinds = kindsOf(lab).map((k) => k.kind);
      expect(new Set(kinds).size, lab).toBe(kinds.length);
      const out = engine.run({ lab, variant: 'before', params, seed: 1, options: { traceMax: 100_000, heatBuckets: 2 } });
      const recorded = new Set(out.steps.steps.map((s) => s.kind));
      expect(recorded.size, lab).toBeGreaterThan(5);
      expect([...recorded].filter((k) => !kinds.includes(k)), lab).toEqual([]);
    }
  });
});
