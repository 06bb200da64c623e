/**
 * Native and WASM runs of the same lab, variant, parameters and seed agree
 * on the 64-bit trace hash: the simulator is one deterministic C source.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { encodeParams, type Engine } from '../../web/src/core/engine';
import { loadEngine, nativeBinary } from '../../web/src/core/node';
import type { ParamValue } from '../../web/src/core/types';
import { isLabId, LAB_FACES } from '../../web/src/labs/registry.gen';
import { nativeHash } from './native';

const SEEDS = [1, 2, 42, 4294967295];

let engine: Engine;

before(async () => {
  assert.ok(existsSync(nativeBinary()), `${nativeBinary()} is missing: run \`npm run build:native\``);
  engine = await loadEngine();
});

describe('native and WASM give the same hash', () => {
  it('for every lab, both variants and several seeds, with the default parameters', () => {
    let compared = 0;
    for (const lab of engine.labs()) {
      for (const variant of lab.variants) {
        for (const seed of SEEDS) {
          const wasm = engine.result({ lab: lab.id, variant, params: {}, seed }).sim.hash;
          assert.match(wasm, /^[0-9a-f]{16}$/);
          assert.equal(nativeHash(lab.id, variant, '', seed), wasm, `${lab.id} ${variant} seed ${seed}`);
          compared += 1;
        }
      }
    }
    assert.ok(compared >= SEEDS.length * 2 * engine.labs().length);
  });

  it("for every paper row of every lab, both variants", () => {
    for (const lab of engine.labs()) {
      for (const row of engine.rows(lab.id).rows) {
        for (const variant of lab.variants) {
          const wasm = engine.result({ lab: lab.id, variant, params: row.params, seed: 7 }).sim.hash;
          assert.equal(nativeHash(lab.id, variant, encodeParams(row.params), 7), wasm, `${lab.id} row ${row.label} ${variant}`);
        }
      }
    }
  });

  it('for a choice parameter by its name or its index, in every lab that has one, at its small run', () => {
    let compared = 0;
    for (const lab of engine.labs()) {
      assert.ok(isLabId(lab.id), `${lab.id} is not in web/src/labs/registry.gen.ts`);
      const { params: run, variant } = LAB_FACES[lab.id].engineRun;
      for (const spec of engine.params(lab.id)) {
        if (spec.type !== 'choice') continue;
        spec.choices.forEach((name, index) => {
          const what = `${lab.id} ${variant} ${spec.name}=${name}`;
          const wasm = engine.result({ lab: lab.id, variant, params: { ...run, [spec.name]: name }, seed: 5 }).sim.hash;
          assert.equal(engine.result({ lab: lab.id, variant, params: { ...run, [spec.name]: index }, seed: 5 }).sim.hash, wasm, what);
          for (const v of [name, index]) assert.equal(nativeHash(lab.id, variant, encodeParams({ ...run, [spec.name]: v }), 5), wasm, `${what} as ${v}`);
          compared += 1;
        });
      }
    }
    assert.ok(compared > 0, 'no lab has a choice parameter');
  });

  it('and different seeds give different traces', () => {
    const [lab] = engine.labs();
    const hashes = new Set(SEEDS.map((seed) => engine.result({ lab: lab!.id, variant: 'before', params: {}, seed }).sim.hash));
    assert.equal(hashes.size, SEEDS.length);
  });
});

/** `jc check LAB PARAMS`: its exit status and the JSON it prints. */
function nativeCheck(lab: string, params: string): { status: number; json: unknown } {
  const run = spawnSync(nativeBinary(), ['check', lab, params], { encoding: 'utf8' });
  return { status: run.status ?? -1, json: JSON.parse(run.stdout) as unknown };
}

/**
 * Parameters to check for a lab, from its own table: its first whole-number
 * parameter at its default, below its range, above it and as a word; its first
 * choice parameter by its last name, by a name it lacks and by an index past
 * its last; and every parameter at its least and at its most, which the lab's
 * cross-parameter checks may refuse.
 */
function checkCases(lab: string): Record<string, ParamValue>[] {
  const specs = engine.params(lab);
  const cases: Record<string, ParamValue>[] = [];
  const int = specs.find((s) => s.type === 'int');
  if (int) cases.push({ [int.name]: int.default }, { [int.name]: int.min - 1 }, { [int.name]: int.max + 1 }, { [int.name]: 'lots' });
  const choice = specs.find((s) => s.type === 'choice');
  if (choice) cases.push({ [choice.name]: choice.choices.at(-1)! }, { [choice.name]: 'no-such-choice' }, { [choice.name]: choice.choices.length });
  cases.push(Object.fromEntries(specs.map((s) => [s.name, s.min])), Object.fromEntries(specs.map((s) => [s.name, s.max])));
  return cases;
}

describe('native and WASM check parameters alike', () => {
  it("accept what the other accepts, and refuse with the same structured error, for every lab's parameters", () => {
    const cases = engine.labs().flatMap((l) => checkCases(l.id).map((params) => [l.id, params] as const));
    const refused = cases.filter(([lab, params]) => !engine.checkParams(lab, params).ok).length;
    assert.ok(refused >= 3 * engine.labs().length, `only ${refused} of ${cases.length} cases refused`);
    for (const [lab, params] of cases) {
      const wasm = engine.checkParams(lab, params);
      const native = nativeCheck(lab, encodeParams(params));
      const what = `${lab} ${encodeParams(params)}`;
      // jc exits 3 for an input refused (JC_EINVAL), its error's status; a refusal is no run's: no step, no check
      assert.equal(native.status, wasm.ok ? 0 : 3, what);
      if (wasm.ok) assert.deepEqual(native.json, { ok: true }, what);
      else {
        const { status, step, check, ...refusal } = native.json as { status: number; step: unknown; check: unknown };
        assert.deepEqual([status, step, check], [1, null, null], what);
        assert.deepEqual({ ok: false, ...refusal }, wasm, what);
      }
    }
  });
});
