/**
 * inode-hash's native and WASM runs agree where its lookups race: the
 * icache's reclaim, several passes, hard-linked trees, on both file systems
 * (tests/node/equality.test.ts holds every lab to it at its defaults and rows).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { encodeParams, type Engine } from '../../core/engine';
import { loadEngine } from '../../core/node';
import { nativeHash } from '../../../../tests/node/native';

const LAB = 'inode-hash';
let engine: Engine;

before(async () => {
  engine = await loadEngine();
});

describe('native and WASM give the same hash for inode-hash', () => {
  it('where lookups race: reclaim, several passes, hard-linked trees, both file systems', () => {
    const shapes = [
      { threads: 8, dirs: 2, files: 16, icache: 240, hash_bits: 5, passes: 4, shared: 0 },
      { threads: 8, dirs: 2, files: 8, icache: 32, hash_bits: 4, passes: 2, shared: 1 },
    ];
    for (const fs of [0, 1]) {
      for (const shape of shapes) {
        const params = { fs, ...shape };
        for (const variant of ['before', 'after']) {
          const wasm = engine.result({ lab: LAB, variant, params, seed: 3 }).sim.hash;
          assert.equal(nativeHash(LAB, variant, encodeParams(params), 3), wasm, `${encodeParams(params)} ${variant}`);
        }
      }
    }
  });
});
