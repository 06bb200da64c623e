/// <reference types="node" />
/**
 * Node loader for the WASM simulator: the CLI, the benchmarks and the tests
 * run the very module that the browser runs.
 *
 * The loader reads the .wasm bytes itself and hands them to the factory.
 * Built with ENVIRONMENT including node, Emscripten 3.1.6's ES module output
 * also reads `__dirname` when its factory is called, which an ES module does
 * not have: the loader lends it for that one synchronous call.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createEngine, type Engine, type JcFactory } from './engine';

/** The repository's root, three folders above web/src/core. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where `make -C wasm-core wasm` puts its output (JC_WASM_DIR overrides). */
export function wasmBuildDir(): string {
  return process.env.JC_WASM_DIR ? resolve(process.env.JC_WASM_DIR) : join(REPO_ROOT, 'wasm-core', 'build');
}

/** The native CLI built by `make -C wasm-core native`, beside the WASM build. */
export function nativeBinary(): string {
  return join(wasmBuildDir(), 'native', 'jc');
}

/** An error for a missing build product, telling the user what to run. */
export class MissingBuildError extends Error {
  constructor(path: string, command: string) {
    super(`${relative(process.cwd(), path) || path} is missing: run \`${command}\` first`);
    this.name = 'MissingBuildError';
  }
}

const loaded = new Map<string, Promise<Engine>>();

/**
 * Load the engine from a build folder; one instance per folder and process,
 * because each instance adds process listeners of its own.
 */
export function loadEngine(dir: string = wasmBuildDir()): Promise<Engine> {
  let engine = loaded.get(dir);
  if (!engine) {
    engine = newEngine(dir);
    loaded.set(dir, engine);
    engine.catch(() => loaded.delete(dir));
  }
  return engine;
}

/**
 * A new engine instance from a build folder, beside loadEngine()'s (tests that
 * need two). `onModule` sees the raw module, for what the Engine does not reach.
 */
export async function newEngine(dir: string = wasmBuildDir(), onModule?: (mod: unknown) => void): Promise<Engine> {
  const mjs = join(dir, 'journalclub.mjs');
  const wasm = join(dir, 'journalclub.wasm');
  for (const path of [mjs, wasm]) if (!existsSync(path)) throw new MissingBuildError(path, 'npm run build:wasm');
  const { default: load } = (await import(pathToFileURL(mjs).href)) as { default: JcFactory };
  const factory: JcFactory = onModule
    ? async (options) => {
        const mod = await load(options);
        onModule(mod);
        return mod;
      }
    : load;
  const wasmBinary = readFileSync(wasm);
  const g = globalThis as { __dirname?: string };
  const had = Object.prototype.hasOwnProperty.call(g, '__dirname');
  const saved = g.__dirname;
  g.__dirname = dir;
  let ready: Promise<Engine>;
  try {
    ready = createEngine(factory, wasmBinary);
  } finally {
    if (had) g.__dirname = saved;
    else delete g.__dirname;
  }
  return ready;
}
