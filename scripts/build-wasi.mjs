#!/usr/bin/env node
// @ts-check
/**
 * The simulator for the exercise page's compiler: every model source built
 * with clang for WebAssembly (@yowasp/clang, the compiler the page runs) to
 * wasm32-wasip1, one static library per lab, so that the page compiles only
 * the student's file and links it against its lab's library.
 *
 *   node scripts/build-wasi.mjs [--out DIR]
 *
 * Writes into wasm-core/build/wasi/ (or DIR):
 *   <lab>.a        the model built with -DJC_YOURS_<LAB>: the lab's variant `yours` calls the student's functions
 *   model.a        the model with no JC_YOURS_* macro (what the Emscripten build is; tests compare the two)
 *   include.json   { "<path under wasm-core/include, or a lab's header's name>": text }: the headers a
 *                  student's file may include (the shared ones and those of wasm-core/labs/<id>/)
 *   flags.json     the compile flags of the libraries, which the student's file is compiled with too
 *   stamp.json     the hash of every input; when it matches, nothing is rebuilt
 *
 * Flags come from wasm-core/Makefile (CSTD, the sources of CORE_SRC); the
 * labs are its folders wasm-core/labs/<id>/ (every .c but the tests
 * test-*.c) and the lab table labs/labs.gen.c, as the Makefile globs them,
 * so that the two builds cannot drift apart.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CORE = join(ROOT, 'wasm-core');

/** The target the page links for: WASI preview 1, which @bjorn3/browser_wasi_shim provides. */
export const TARGET = 'wasm32-wasip1';

/**
 * A Makefile variable's value, its continuation lines joined.
 * @param {string} makefile @param {string} name
 */
function makeVar(makefile, name) {
  const m = makefile.match(new RegExp(`^${name}\\s*:=\\s*((?:.*\\\\\\n)*.*)$`, 'm'));
  if (!m) throw new Error(`wasm-core/Makefile has no ${name} := line`);
  return m[1].replace(/\\\n/g, ' ').trim();
}

/** Every file under a folder, as paths relative to it. @param {string} dir @returns {string[]} */
function walk(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(dir, join(prefix, e.name)) : [join(prefix, e.name)]))
    .sort();
}

/** The lab ids: the folders wasm-core/labs/<id>/ that hold C sources. */
export function labIds() {
  return readdirSync(join(CORE, 'labs'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && readdirSync(join(CORE, 'labs', e.name)).some((f) => f.endsWith('.c')))
    .map((e) => e.name)
    .sort();
}

/** A lab's files under wasm-core/ of one kind: its model's sources (not its tests) or its headers. @param {string} lab @param {'.c' | '.h'} ext */
function labFiles(lab, ext) {
  return readdirSync(join(CORE, 'labs', lab))
    .filter((f) => f.endsWith(ext) && !(ext === '.c' && f.startsWith('test-')))
    .sort()
    .map((f) => `labs/${lab}/${f}`);
}

/** -DJC_YOURS_MY_LAB for my-lab. @param {string} lab */
export function yoursMacro(lab) {
  return `JC_YOURS_${lab.toUpperCase().replace(/-/g, '_')}`;
}

/** What the build reads: the sources (relative to wasm-core/), the headers and the flags. */
export function inputs() {
  const makefile = readFileSync(join(CORE, 'Makefile'), 'utf8');
  const cstd = makeVar(makefile, 'CSTD').split(/\s+/);
  const core = makeVar(makefile, 'CORE_SRC')
    .split(/\s+/)
    .map((s) => s.replace('$(HERE)/', ''));
  const ids = labIds();
  const labs = ['labs/labs.gen.c', ...ids.flatMap((lab) => labFiles(lab, '.c'))];
  const headers = walk(join(CORE, 'include')).filter((h) => h.endsWith('.h'));
  /* each lab's headers, beside its sources; a student's file finds them by their names */
  const labHeaders = ids.flatMap((lab) => labFiles(lab, '.h'));
  /* -O2 as the Makefile's native build; warnings shown, not fatal: another clang may warn where Debian's does not */
  const flags = [`--target=${TARGET}`, ...cstd, '-O2', '-Wall', '-Wextra', '-Wno-implicit-fallthrough', '-Iinclude'];
  return { sources: [...core, ...labs], headers, labHeaders, flags };
}

/** One hash over the build script, the toolchain's version, the flags and every source and header. */
function stampOf(/** @type {ReturnType<typeof inputs>} */ inp, /** @type {string} */ version) {
  const h = createHash('sha256');
  h.update(readFileSync(fileURLToPath(import.meta.url)));
  h.update(version);
  h.update(JSON.stringify(inp.flags));
  for (const f of [...inp.sources, ...inp.labHeaders, ...inp.headers.map((x) => `include/${x}`)]) {
    h.update(`\0${f}\0`);
    h.update(readFileSync(join(CORE, f)));
  }
  return h.digest('hex');
}

/**
 * Compile and archive. A compile error stops the build with clang's own
 * message. @param {string} out
 */
export async function build(out) {
  const inp = inputs();
  const { runClang, runLLVM, version } = await import('@yowasp/clang');
  const stamp = stampOf(inp, version);
  const stampFile = join(out, 'stamp.json');
  const labs = labIds();
  const products = [...labs.map((l) => `${l}.a`), 'model.a', 'include.json', 'flags.json'];
  if (existsSync(stampFile) && JSON.parse(readFileSync(stampFile, 'utf8')).stamp === stamp && products.every((p) => existsSync(join(out, p)))) {
    console.log(`build-wasi: ${relative(ROOT, out)} is up to date`);
    return;
  }
  mkdirSync(out, { recursive: true });

  /** @type {Record<string, string>} */
  const tree = {};
  for (const s of [...inp.sources, ...inp.labHeaders]) tree[s] = readFileSync(join(CORE, s), 'utf8');
  /** @type {Record<string, string>} */
  const include = {};
  for (const h of inp.headers) include[h] = readFileSync(join(CORE, 'include', h), 'utf8');
  for (const h of inp.labHeaders) {
    const name = /** @type {string} */ (h.split('/').at(-1));
    if (name in include) throw new Error(`build-wasi: wasm-core/${h} has the name of another header (${name})`);
    include[name] = tree[h];
  }
  /** @type {Record<string, any>} */
  const files = { ...nest(tree), include: nest(include) };

  /*
   * A source that does not name a lab's macro, where no header names it
   * either, cannot change with it: its object is the one built without it,
   * shared by every library. (A word of its own: the header guard
   * JC_YOURS_MY_LAB_H is not the macro JC_YOURS_MY_LAB; comments
   * that speak of it do not count.)
   */
  const code = (/** @type {string} */ text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const names = (/** @type {string} */ text, /** @type {string} */ macro) => new RegExp(`\\b${macro}\\b`).test(code(text));
  const perLab = (/** @type {string} */ s, /** @type {string} */ lab) =>
    names(tree[s], yoursMacro(lab)) || Object.values(include).some((t) => names(t, yoursMacro(lab)));
  /** @type {Map<string, Uint8Array>} */
  const objects = new Map();
  const t0 = Date.now();
  let compiled = 0;
  /** @param {string} src @param {string[]} defines */
  async function compile(src, defines) {
    const obj = `${src.replace(/[/.]/g, '_')}${defines.length ? `_${defines[0]}` : ''}.o`;
    if (objects.has(obj)) return obj;
    let stderr = '';
    try {
      const res = /** @type {Record<string, any>} */ (
        await runClang(['clang', ...inp.flags, ...defines.map((d) => `-D${d}`), '-c', src, '-o', obj], files, {
          stderr: (/** @type {Uint8Array | null} */ b) => {
            if (b) stderr += new TextDecoder().decode(b);
          },
        })
      );
      objects.set(obj, res[obj]);
    } catch (e) {
      throw new Error(`build-wasi: clang failed on wasm-core/${src}${defines.length ? ` with -D${defines[0]}` : ''}:\n${stderr || e}`);
    }
    if (stderr) process.stderr.write(stderr);
    compiled++;
    return obj;
  }

  /** @param {string} name @param {string[]} objs */
  async function archive(name, objs) {
    /** @type {Record<string, Uint8Array>} */
    const objFiles = {};
    for (const o of objs) objFiles[o] = /** @type {Uint8Array} */ (objects.get(o));
    const res = /** @type {Record<string, any>} */ (await runLLVM(['llvm-ar', 'rcs', name, ...objs], objFiles));
    const tmp = join(out, `${name}.tmp`);
    writeFileSync(tmp, res[name]);
    renameSync(tmp, join(out, name));
  }

  const plain = [];
  for (const s of inp.sources) plain.push(await compile(s, []));
  await archive('model.a', plain);
  for (const lab of labs) {
    const objs = [];
    for (const s of inp.sources) objs.push(perLab(s, lab) ? await compile(s, [yoursMacro(lab)]) : await compile(s, []));
    await archive(`${lab}.a`, objs);
  }
  writeFileSync(join(out, 'include.json'), JSON.stringify(include));
  writeFileSync(join(out, 'flags.json'), JSON.stringify({ target: TARGET, flags: inp.flags, clang: version, labs: Object.fromEntries(labs.map((l) => [l, yoursMacro(l)])) }));
  writeFileSync(stampFile, JSON.stringify({ stamp }));
  console.log(`build-wasi: ${compiled} objects, ${labs.length + 1} libraries in ${relative(ROOT, out)} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

/** { 'a/b.h': x } as { a: { 'b.h': x } }, the tree runClang takes. @param {Record<string, string>} flat */
function nest(flat) {
  /** @type {Record<string, any>} */
  const root = {};
  for (const [path, text] of Object.entries(flat)) {
    const parts = path.split('/');
    let dir = root;
    for (const p of parts.slice(0, -1)) dir = dir[p] ??= {};
    dir[/** @type {string} */ (parts.at(-1))] = text;
  }
  return root;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const out = values.out ?? join(CORE, 'build', 'wasi');
  build(out).catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
