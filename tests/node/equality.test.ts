/**
 * Native and WASM runs of the same lab, variant, parameters and seed agree
 * on the 64-bit trace hash: the simulator is one deterministic C source.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { encodeParams, type Engine } from '../../web/src/core/engine';
import { loadEngine, nativeBinary } from '../../web/src/core/node';

const SEEDS = [1, 2, 42, 4294967295];

function nativeHash(lab: string, variant: string, params: string, seed: number): string {
  return execFileSync(nativeBinary(), ['hash', lab, variant, params, String(seed)], { encoding: 'utf8' }).trim();
}

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

  it('for inode-hash where lookups race: reclaim, several passes, hard-linked trees, both file systems', () => {
    assert.ok(engine.labs().some((l) => l.id === 'inode-hash'));
    const shapes = [
      { threads: 8, dirs: 2, files: 16, icache: 240, hash_bits: 5, passes: 4, shared: 0 },
      { threads: 8, dirs: 2, files: 8, icache: 32, hash_bits: 4, passes: 2, shared: 1 },
    ];
    for (const fs of [0, 1]) {
      for (const shape of shapes) {
        const params = { fs, ...shape };
        for (const variant of ['before', 'after']) {
          const wasm = engine.result({ lab: 'inode-hash', variant, params, seed: 3 }).sim.hash;
          assert.equal(nativeHash('inode-hash', variant, encodeParams(params), 3), wasm, `${encodeParams(params)} ${variant}`);
        }
      }
    }
  });

  it("for a choice parameter by its name or its index", () => {
    const shape = { threads: 4, dirs: 2, files: 8, passes: 1 };
    for (const [name, index] of [
      ['ext4', 0],
      ['btrfs', 1],
    ] as const) {
      const wasm = engine.result({ lab: 'inode-hash', variant: 'after', params: { fs: name, ...shape }, seed: 5 }).sim.hash;
      assert.equal(engine.result({ lab: 'inode-hash', variant: 'after', params: { fs: index, ...shape }, seed: 5 }).sim.hash, wasm);
      for (const fs of [name, index])
        assert.equal(nativeHash('inode-hash', 'after', encodeParams({ fs, ...shape }), 5), wasm, `fs=${fs}`);
    }
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

describe('native and WASM check parameters alike', () => {
  it('accept what the other accepts, and refuse with the same structured error', () => {
    const cases: [string, Record<string, number | string>][] = [
      ['fast-commit', { ways: 8 }],
      ['fast-commit', { ways: 0 }],
      ['fast-commit', { loops: 'lots' }],
      ['fast-commit', { ways: 256, files: 65536, loops: 100 }],
      ['inode-hash', { fs: 'btrfs', threads: 64 }],
      ['inode-hash', { fs: 'xfs' }],
      ['inode-hash', { fs: 2 }],
      ['inode-hash', { threads: 64, dirs: 4096, files: 4096 }],
    ];
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
