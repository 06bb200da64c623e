/**
 * fast-commit's exercise linked as the exercise page links it (clang for
 * WebAssembly against the lab's library): the solution runs as `yours` step
 * for step as `after`, the skeleton (the old walk) as another run.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { Engine } from '../../core/engine';
import { loadEngine, REPO_ROOT } from '../../core/node';
import { makeSkeleton } from '../../exercises/skeleton';
import { yoursEngine } from '../../../../tests/node/wasi';

const lab = 'fast-commit';
let emscripten: Engine;

before(async () => {
  emscripten = await loadEngine();
});

describe('the fast-commit exercise, linked as the page links it', () => {
  const solution = readFileSync(join(REPO_ROOT, 'exercises', lab, 'solution.c'), 'utf8');
  const params = { ways: 4, files: 8, loops: 2 };

  it("runs the solution as yours with after's hash, and the skeleton as yours with another", async () => {
    const skeleton = await yoursEngine(lab, makeSkeleton(solution).text);
    const afterHash = emscripten.result({ lab, variant: 'after', params, seed: 1 }).sim.hash;
    assert.notEqual(skeleton.result({ lab, variant: 'yours', params, seed: 1 }).sim.hash, afterHash);
    const engine = await yoursEngine(lab, solution);
    assert.deepEqual(engine.labs().find((l) => l.id === lab)?.variants, ['before', 'after', 'yours']);
    for (const seed of [1, 2]) {
      const want = engine.result({ lab, variant: 'after', params, seed }).sim.hash;
      assert.equal(engine.result({ lab, variant: 'yours', params, seed }).sim.hash, want, `after seed ${seed}`);
      assert.equal(emscripten.result({ lab, variant: 'after', params, seed }).sim.hash, want, `after seed ${seed} in the Emscripten build`);
    }
  });
});
