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
import { runClang } from '@yowasp/clang';
import { wrapModule, type Engine } from '../../web/src/core/engine';
import { loadEngine, REPO_ROOT } from '../../web/src/core/node';
import { makeSkeleton } from '../../web/src/exercises/skeleton';
import { compile, CompileError, instantiate, STUDENT_FILE, type Clang, type LabToolchain } from '../../web/src/core/wasi';

const WASI_DIR = join(REPO_ROOT, 'wasm-core', 'build', 'wasi');
const clang = runClang as unknown as Clang;

/* A student's file that defines nothing the model calls: the model alone, as the Emscripten build has it. */
const NOTHING = '/* nothing of the lab: the model alone */\nint yours_unused;\n';

/* Small configurations: each lab's own defaults scaled down where a run is long. */
const SMALL: Record<string, Record<string, number>> = {
  'fast-commit': { ways: 4, files: 8, loops: 2 },
};

function toolchain(file = 'model.a'): LabToolchain {
  const path = join(WASI_DIR, file);
  assert.ok(existsSync(path), `${path} is missing: run \`node scripts/build-wasi.mjs\``);
  const flags = JSON.parse(readFileSync(join(WASI_DIR, 'flags.json'), 'utf8')) as { flags: string[] };
  return {
    library: readFileSync(path),
    headers: JSON.parse(readFileSync(join(WASI_DIR, 'include.json'), 'utf8')) as Record<string, string>,
    flags: flags.flags,
  };
}

let emscripten: Engine;
let wasi: Engine;

before(async () => {
  emscripten = await loadEngine();
  const built = await compile(clang, NOTHING, toolchain());
  wasi = wrapModule(await instantiate(built.wasm));
});

describe('the WASI build of the model', () => {
  it('gives the Emscripten build\'s hash for every lab and variant, at two seeds', () => {
    let compared = 0;
    for (const lab of emscripten.labs()) {
      for (const variant of lab.variants) {
        for (const seed of [1, 42]) {
          const req = { lab: lab.id, variant, params: SMALL[lab.id] ?? {}, seed };
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

  it('reads the same tables and refuses the same bad parameter', () => {
    assert.deepEqual(wasi.labs(), emscripten.labs());
    const bad = { ways: 0 };
    assert.deepEqual(wasi.checkParams('fast-commit', bad), emscripten.checkParams('fast-commit', bad));
  });

  it('restores a checkpoint to the state a run stopped there has, after the heap grew', () => {
    const req = { lab: 'fast-commit', variant: 'before', params: SMALL['fast-commit']!, seed: 3 };
    const total = wasi.result(req).sim.steps;
    const stop = Math.floor(total / 3);
    wasi.runTo({ ...req, options: { stopStep: stop } });
    const cp = wasi.checkpoint();
    const direct = emscripten.runTo({ ...req, options: { stopStep: 2 * stop } }).hash;
    /* a bigger run in between, so that memory grows past the checkpoint */
    wasi.result({ lab: 'fast-commit', variant: 'before', params: { ways: 16, files: 64, loops: 1 }, seed: 1 });
    wasi.restore(cp);
    assert.equal(wasi.position().steps, stop);
    assert.equal(wasi.advanceTo(2 * stop).hash, direct);
  });
});

describe("the fast-commit exercise, linked as the page links it", () => {
  const lab = 'fast-commit';
  const solution = readFileSync(join(REPO_ROOT, 'exercises', lab, 'solution.c'), 'utf8');
  const params = { ways: 4, files: 8, loops: 2 };

  async function yoursEngine(source: string): Promise<Engine> {
    const flags = JSON.parse(readFileSync(join(WASI_DIR, 'flags.json'), 'utf8')) as { labs: Record<string, string> };
    const built = await compile(clang, source, { ...toolchain(`${lab}.a`), define: flags.labs[lab] });
    return wrapModule(await instantiate(built.wasm));
  }

  it("runs the solution as yours with after's hash, and the skeleton as yours with another", async () => {
    const skeleton = await yoursEngine(makeSkeleton(solution).text);
    const afterHash = emscripten.result({ lab, variant: 'after', params, seed: 1 }).sim.hash;
    assert.notEqual(skeleton.result({ lab, variant: 'yours', params, seed: 1 }).sim.hash, afterHash);
    for (const [source, like] of [[solution, 'after']] as const) {
      const engine = await yoursEngine(source);
      assert.deepEqual(engine.labs().find((l) => l.id === lab)?.variants, ['before', 'after', 'yours']);
      for (const seed of [1, 2]) {
        const want = engine.result({ lab, variant: like, params, seed }).sim.hash;
        assert.equal(engine.result({ lab, variant: 'yours', params, seed }).sim.hash, want, `${like} seed ${seed}`);
        assert.equal(emscripten.result({ lab, variant: like, params, seed }).sim.hash, want, `${like} seed ${seed} in the Emscripten build`);
      }
    }
  });
});

describe('every exercise, linked as the page links it', () => {
  it("compiles its solution against its lab's library and runs it as yours", async () => {
    const labs = readdirSync(join(REPO_ROOT, 'exercises'), { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(join(REPO_ROOT, 'exercises', e.name, 'solution.c')))
      .map((e) => e.name);
    assert.ok(labs.includes('fast-commit'), `exercises: ${labs.join(', ')}`);
    const flags = JSON.parse(readFileSync(join(WASI_DIR, 'flags.json'), 'utf8')) as { labs: Record<string, string> };
    for (const lab of labs) {
      const source = readFileSync(join(REPO_ROOT, 'exercises', lab, 'solution.c'), 'utf8');
      const built = await compile(clang, source, { ...toolchain(`${lab}.a`), define: flags.labs[lab] });
      const engine = wrapModule(await instantiate(built.wasm));
      assert.ok(engine.labs().find((l) => l.id === lab)?.variants.includes('yours'), `${lab} lists yours`);
      const r = engine.result({ lab, variant: 'yours', params: SMALL[lab] ?? {}, seed: 1 });
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
