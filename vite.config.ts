/**
 * One configuration for the web app (root web/, built to web/dist) and for
 * vitest (the TypeScript unit tests of web/src, lib/, cli/, kernel-lab/, exercises/ and tests/unit).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { LAB_NODE_TEST_GLOB } from './scripts/test-tiers.mjs';
import { parseBundleManifest, type BundleManifest } from './web/src/viz/kernel/bundleManifest.ts';

const repo = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** The WASM build the app bundles: wasm-core/build, or JC_WASM_DIR (as web/src/core/node.ts reads it). */
const wasmBuild = process.env.JC_WASM_DIR ? resolve(process.env.JC_WASM_DIR) : repo('wasm-core/build');

/** The one address of the lab, for `npm start` and `vite preview` (playwright.config.ts uses it too). */
const HOST = '127.0.0.1';
const PORT = 5173;

/**
 * The kernel-lab bundle this build of the site offers, from the manifest
 * `journalclub kernel package` writes into web/public/kernel/; null when there
 * is none. A manifest that is broken or names a missing file stops the build.
 */
function kernelBundle(): BundleManifest | null {
  const manifest = repo('web/public/kernel/bundle.json');
  if (!existsSync(manifest)) return null;
  const m = parseBundleManifest(readFileSync(manifest, 'utf8'), manifest);
  const archive = repo(`web/public/kernel/${m.file}`);
  if (!existsSync(archive))
    throw new Error(`${manifest} names ${m.file}, which is not beside it; run \`npx journalclub kernel package\` again`);
  const bytes = statSync(archive).size;
  if (bytes !== m.bytes)
    throw new Error(`${archive} is ${bytes} bytes, ${manifest} says ${m.bytes}; run \`npx journalclub kernel package\` again`);
  return m;
}

/**
 * The production build's Content-Security-Policy, as a meta tag so that it
 * holds on any static file server: scripts, workers, styles and fetches only
 * from the page's own origin, no inline script and no eval; WebAssembly may
 * be compiled ('wasm-unsafe-eval', which allows that and nothing else). Images
 * may also be blob: and data: URLs, which the chart export draws through
 * (an SVG serialized into an image, then a canvas). The dev server injects an
 * inline script of its own (React's refresh preamble), so the policy is
 * added to the build only.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'journalclub-csp',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' },
    ],
  };
}

/**
 * The model built for the exercise page's compiler (scripts/build-wasi.mjs,
 * cached by the hash of its inputs), before the build bundles it.
 */
function wasiModel(): Plugin {
  return {
    name: 'journalclub-wasi-model',
    /* the build and the dev server; vitest's runs need none of it */
    apply: () => !process.env.VITEST,
    async buildStart() {
      const { build } = (await import('./scripts/build-wasi.mjs')) as { build(out: string): Promise<void> };
      await build(resolve(wasmBuild, 'wasi'));
    },
  };
}

/**
 * The exercise editor's own copy of CodeMirror, in the build. A module is
 * bundled once with every export any page uses, so the editor's keymap and
 * history would otherwise grow the CodeMirror chunk every lab page loads for
 * its code pane. The editor (web/src/exercise-page/ExerciseEditor.tsx) and
 * everything CodeMirror it reaches, cTheme.ts included, are resolved a second
 * time under the query EDITOR_COPY: Rolldown takes them for other modules and
 * bundles them in the exercise page's chunks only. The two copies never meet
 * in one editor: the exercise page's code pane is the lab page's, on the lab
 * page's copy, and the student's editor is on its own.
 */
const EDITOR_COPY = 'exercise-editor';
const EDITOR_COPY_QUERY = `?${EDITOR_COPY}`;
/** the packages of the editor's graph: CodeMirror, Lezer and what they import */
const EDITOR_PACKAGE = /^(@codemirror\/|@lezer\/|style-mod$|w3c-keyname$|crelt$)/;
const EDITOR = repo('web/src/exercise-page/ExerciseEditor.tsx');
const C_THEME = repo('web/src/viz/code/cTheme.ts');

function exerciseEditorCopy(): Plugin {
  return {
    name: 'journalclub-exercise-editor-copy',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer) return null;
      const [from] = importer.split('?');
      if (from !== EDITOR && !importer.endsWith(EDITOR_COPY_QUERY)) return null;
      const [bare] = source.split('?');
      const resolved = await this.resolve(bare, from, { skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      const [file] = resolved.id.split('?');
      if (!EDITOR_PACKAGE.test(bare) && !(importer.endsWith(EDITOR_COPY_QUERY) && file.includes('/node_modules/')) && file !== C_THEME)
        return null;
      return { ...resolved, id: `${file}${EDITOR_COPY_QUERY}` };
    },
  };
}

/**
 * The simulator's worker (web/src/core/worker.ts) is a chunk of the page's
 * own build, not a bundle of its own: what the page and the worker both run
 * (zod and the simulator's schemas, the engine's helpers, comlink) is then
 * one set of chunks, fetched once, instead of a copy in each (some 30 kB
 * gzip a lab page loaded twice before its lesson). The build emits the
 * worker as a chunk and gives client.ts its address where the source starts
 * it with SIM_WORKER_URL (the dev server, Node and the tests read the source
 * as it is). A chunk the worker runs must not preload its dynamic imports'
 * dependencies (Vite's preload adds <link>s to a document, which a worker
 * has not): the worker's own chunk, named SIM_WORKER_NAME, is the only one
 * that imports dynamically.
 */
const SIM_WORKER = repo('web/src/core/worker.ts');
const SIM_CLIENT = repo('web/src/core/client.ts');
const SIM_WORKER_URL = "new URL('./worker.ts', import.meta.url)";
const SIM_WORKER_NAME = 'sim-worker';
const SIM_WORKER_CHUNK = new RegExp(`(^|/)${SIM_WORKER_NAME}-[^/]*\\.js$`);

function simWorkerChunk(): Plugin {
  let ref = '';
  return {
    name: 'journalclub-sim-worker',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      ref = this.emitFile({ type: 'chunk', id: SIM_WORKER, name: SIM_WORKER_NAME });
    },
    transform(code, id) {
      if (id !== SIM_CLIENT) return null;
      if (!code.includes(SIM_WORKER_URL)) this.error(`${SIM_CLIENT} no longer starts its worker with ${SIM_WORKER_URL}, which the build replaces`);
      return { code: code.replace(SIM_WORKER_URL, `import.meta.ROLLUP_FILE_URL_${ref}`), map: null };
    },
  };
}

/**
 * The exercise page reuses the lab page's parts (animation, metrics,
 * heatmaps). Left to itself Rolldown would cut the lab pages' shared chunks
 * into pieces by which of them the exercise page also uses, and a lab page
 * would load the same code in twice as many chunks, importing from each
 * other. So the modules the lab pages import (statically, and the app's entry
 * does not) go in one chunk per set of lab pages that import them, as they
 * did before the exercise page; the exercise page imports from those chunks.
 * A lazy page or view keeps its own chunk.
 */
const LAB_PAGE = /\/web\/src\/labs\/([a-z0-9-]+)\/index\.tsx$/;

type GraphInfo = { isEntry: boolean; importers: readonly string[]; dynamicImporters: readonly string[] } | null;
type Graph = { getModuleInfo(id: string): GraphInfo };

/** The modules from which `id` is reached by static imports, `id` too. */
function importersOf(id: string, graph: Graph): Set<string> {
  const seen = new Set([id]);
  const todo = [id];
  for (let m = todo.pop(); m !== undefined; m = todo.pop()) {
    const info = graph.getModuleInfo(m);
    if (!info) continue;
    for (const i of info.importers)
      if (!seen.has(i)) (seen.add(i), todo.push(i));
  }
  return seen;
}

function labChunks(): (id: string, graph: Graph) => string | null {
  const names = new Map<string, string>();
  return (id, graph) => {
    /* a lazy page or view keeps its chunk, named after it */
    if (graph.getModuleInfo(id)?.dynamicImporters.length) return null;
    const statically = importersOf(id, graph);
    if ([...statically].some((m) => graph.getModuleInfo(m)?.isEntry)) return null;
    /* what the simulator's worker runs goes in chunks without the pages' code and styles */
    if ([...statically].some((m) => m === SIM_WORKER || graph.getModuleInfo(m)?.dynamicImporters.includes(SIM_WORKER))) return null;
    const labs = [...statically].flatMap((m) => LAB_PAGE.exec(m)?.[1] ?? []);
    if (!labs.length) return null;
    const key = labs.sort().join(' ');
    if (!names.has(key)) names.set(key, `lab${names.size || ''}`);
    return names.get(key)!;
  };
}

export default defineConfig({
  /* read at build time: the page never requests a bundle that may not exist */
  define: { __JC_BUNDLE__: JSON.stringify(kernelBundle()) },
  root: repo('web'),
  plugins: [exerciseEditorCopy(), simWorkerChunk(), react(), contentSecurityPolicy(), wasiModel()],
  resolve: {
    /* wasm-core's build products and model sources, outside web/ */
    alias: [
      { find: /^@wasm-core\/build\//, replacement: `${wasmBuild}/` },
      { find: /^@wasm-core\//, replacement: `${repo('wasm-core')}/` },
    ],
  },
  worker: { format: 'es' },
  /* clang finds its .wasm and resource files beside its own module (new URL(..., import.meta.url)), which pre-bundling would move */
  optimizeDeps: { exclude: ['@yowasp/clang'] },
  build: {
    outDir: repo('web/dist'),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { resolveDependencies: (_file, deps, { hostId }) => (SIM_WORKER_CHUNK.test(hostId) ? [] : deps) },
    /* the lab pages' chunks as without the exercise page; a group takes its modules, not what they import */
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: labChunks(), debugName: 'lab', includeDependenciesRecursively: false }] } } },
    /* what the page fetches stays a file: the policy lets it fetch from its origin, not from data: URLs */
    assetsInlineLimit: (file: string) => (/\.(wasm|tar|a|c|json)$/.test(file) ? false : undefined),
  },
  server: {
    host: HOST,
    port: PORT,
    strictPort: true,
    fs: { allow: [repo('.'), wasmBuild] },
  },
  preview: { host: HOST, port: PORT, strictPort: true },
  test: {
    root: repo('.'),
    include: ['web/src/**/*.test.ts', 'lib/**/*.test.ts', 'cli/**/*.test.ts', 'kernel-lab/**/*.test.ts', 'exercises/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    /*
     * node:test files: the labs' kernel direction tests (the kernel suite) and the node tests a lab keeps in
     * its folders (the node suite), both run by scripts/test.mjs
     */
    exclude: [...configDefaults.exclude, 'kernel-lab/labs/*/kernel.test.ts', LAB_NODE_TEST_GLOB],
    environment: 'node',
    testTimeout: 30_000,
  },
});
