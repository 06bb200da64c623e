/**
 * The simulator as the exercise page builds it (clang for WebAssembly,
 * wasm32-wasip1, scripts/build-wasi.mjs, linked by web/src/core/wasi.ts)
 * runs as the Emscripten build does: the same hash for every lab's variants,
 * a checkpoint restored to the same state, and a compile error at its line.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { wrapModule, type Engine, type JcModule } from '../../web/src/core/engine';
import { loadEngine, REPO_ROOT } from '../../web/src/core/node';
import { compile, CompileError, instantiate, STUDENT_FILE } from '../../web/src/core/wasi';
import { LAB_EXERCISES } from '../../web/src/labs/exercises.gen';
import { LAB_FACES, LAB_IDS, type LabId } from '../../web/src/labs/registry.gen';
import { clang, toolchain, yoursEngine } from './wasi';

/* A student's file that defines nothing the model calls: the model alone, as the Emscripten build has it. */
const NOTHING = '/* nothing of the lab: the model alone */\nint yours_unused;\n';

/** A lab's small run (its lab.ts's engineRun: some thousands of steps). */
const small = (lab: string) => LAB_FACES[lab as LabId].engineRun.params;

let emscripten: Engine;
let model: Uint8Array;
let wasi: Engine;

before(async () => {
  emscripten = await loadEngine();
  model = (await compile(clang, NOTHING, toolchain())).wasm;
  wasi = wrapModule(await instantiate(model));
});

describe('the WASI build of the model', () => {
  it('gives the Emscripten build\'s hash for every lab and variant, at two seeds', () => {
    let compared = 0;
    for (const lab of emscripten.labs()) {
      for (const variant of lab.variants) {
        for (const seed of [1, 42]) {
          const req = { lab: lab.id, variant, params: small(lab.id), seed };
          const want = emscripten.result(req).sim;
          const got = wasi.result(req).sim;
          assert.match(got.hash, /^[0-9a-f]{16}$/);
          assert.equal(got.hash, want.hash, `${lab.id} ${variant} seed ${seed}`);
          assert.equal(got.steps, want.steps, `${lab.id} ${variant} seed ${seed}: steps`);
          compared++;
        }
      }
    }
    assert.ok(compared >= 10, `compared ${compared} runs`);
  });

  it('reads the same tables and refuses the same bad parameter, in every lab', () => {
    assert.deepEqual(wasi.labs(), emscripten.labs());
    for (const lab of emscripten.labs()) {
      const int = emscripten.params(lab.id).find((p) => p.type === 'int')!;
      const bad = { [int.name]: int.min - 1 };
      assert.equal(emscripten.checkParams(lab.id, bad).ok, false, `${lab.id} ${int.name}=${int.min - 1}`);
      assert.deepEqual(wasi.checkParams(lab.id, bad), emscripten.checkParams(lab.id, bad), lab.id);
    }
  });

  it('restores a checkpoint to the state a run stopped there has, after the heap grew', async () => {
    /* a module of its own, whose heap has not yet grown for the other tests' runs */
    const mod: JcModule = await instantiate(model);
    const engine = wrapModule(mod);
    const lab = LAB_IDS[0];
    const { params, variant } = LAB_FACES[lab].engineRun;
    const req = { lab, variant, params, seed: 3 };
    const total = engine.result(req).sim.steps;
    const stop = Math.floor(total / 3);
    engine.runTo({ ...req, options: { stopStep: stop } });
    const cp = engine.checkpoint();
    const direct = emscripten.runTo({ ...req, options: { stopStep: 2 * stop } }).hash;
    /* bigger runs in between, the labs' defaults one after another, until memory grows past the checkpoint */
    const heap = mod.HEAPU8!.length;
    for (const other of engine.labs()) {
      if (mod.HEAPU8!.length > heap) break;
      engine.result({ lab: other.id, variant: other.variants[0]!, params: {}, seed: 1 });
    }
    assert.ok(mod.HEAPU8!.length > heap, `no lab's default run grew the heap past ${heap} bytes`);
    engine.restore(cp);
    assert.equal(engine.position().steps, stop);
    assert.equal(engine.advanceTo(2 * stop).hash, direct);
  });
});

describe('every exercise, linked as the page links it', () => {
  it("compiles its solution against its lab's library and runs it as yours", async () => {
    const labs = readdirSync(join(REPO_ROOT, 'exercises'), { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(join(REPO_ROOT, 'exercises', e.name, 'solution.c')))
      .map((e) => e.name);
    assert.deepEqual(labs.sort(), LAB_EXERCISES.map((e) => e.lab).sort(), 'exercises/<lab>/solution.c against the registry\'s exercises');
    for (const lab of labs) {
      const source = readFileSync(join(REPO_ROOT, 'exercises', lab, 'solution.c'), 'utf8');
      const engine = await yoursEngine(lab, source);
      assert.ok(engine.labs().find((l) => l.id === lab)?.variants.includes('yours'), `${lab} lists yours`);
      const r = engine.result({ lab, variant: 'yours', params: small(lab), seed: 1 });
      assert.match(r.sim.hash, /^[0-9a-f]{16}$/, lab);
      assert.ok(r.sim.steps > 0, lab);
    }
  });
});

describe('compile errors', () => {
  it('name the student\'s file, line and column', async () => {
    const source = '#include <stdint.h>\n\nint ok(void)\n{\n\treturn missing_name;\n}\n';
    const err = await compile(clang, source, toolchain()).then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(err instanceof CompileError, `expected a CompileError, got ${String(err)}`);
    const first = err.diagnostics.find((d) => d.severity === 'error');
    assert.ok(first, err.output);
    assert.equal(first.file, STUDENT_FILE);
    assert.equal(first.line, 5);
    assert.equal(first.column, 9);
    assert.match(first.message, /missing_name/);
  });

  it('name the file as the student saved it when compile() is told its name, and a name that is no C file is refused', async () => {
    const source = 'int ok(void)\n{\n\treturn missing_name;\n}\n';
    const err = await compile(clang, source, toolchain(), 'my-lab.c').then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(err instanceof CompileError, `expected a CompileError, got ${String(err)}`);
    assert.deepEqual(
      err.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.file, d.line]),
      [['my-lab.c', 3]],
    );
    assert.match(err.message, /^compiling failed: my-lab\.c:3:9: /);
    for (const bad of ['../x.c', 'x.h', '-x.c', 'dir/x.c', ''])
      await assert.rejects(compile(clang, source, toolchain(), bad), /the student's file name must be a C file's name without a folder/);
  });
});
