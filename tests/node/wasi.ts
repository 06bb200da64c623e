/** The exercise page's toolchain for the node tests: clang for WebAssembly and the model's libraries (scripts/build-wasi.mjs). */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runClang } from '@yowasp/clang';
import { wrapModule, type Engine } from '../../web/src/core/engine';
import { REPO_ROOT } from '../../web/src/core/node';
import { compile, instantiate, type Clang, type LabToolchain } from '../../web/src/core/wasi';

export const WASI_DIR = join(REPO_ROOT, 'wasm-core', 'build', 'wasi');
export const clang = runClang as unknown as Clang;

/** A library of WASI_DIR (model.a: the model alone; <lab>.a: built for the lab's exercise) with the headers and flags. */
export function toolchain(file = 'model.a'): LabToolchain {
  const path = join(WASI_DIR, file);
  assert.ok(existsSync(path), `${path} is missing: run \`node scripts/build-wasi.mjs\``);
  const flags = JSON.parse(readFileSync(join(WASI_DIR, 'flags.json'), 'utf8')) as { flags: string[] };
  return {
    library: readFileSync(path),
    headers: JSON.parse(readFileSync(join(WASI_DIR, 'include.json'), 'utf8')) as Record<string, string>,
    flags: flags.flags,
  };
}

/** A student's file compiled and linked against its lab's library, with the lab's -D, as the page links it. */
export async function yoursEngine(lab: string, source: string): Promise<Engine> {
  const flags = JSON.parse(readFileSync(join(WASI_DIR, 'flags.json'), 'utf8')) as { labs: Record<string, string> };
  const built = await compile(clang, source, { ...toolchain(`${lab}.a`), define: flags.labs[lab] });
  return wrapModule(await instantiate(built.wasm));
}
