#!/usr/bin/env node
// @ts-check
/**
 * The lab registries, generated from the labs' folders: a lab is found by
 * its id, the name of its folder in every face, and no shared file lists
 * the labs by hand. Each face's generator is a module of scripts/registry/
 * that exports `face` (the folder a lab must have, and what in it) and
 * `generate(labs)` (the files it writes, each a committed file that
 * tests/unit/registry.test.ts holds up to date).
 *
 *   node scripts/registry.mjs           write every generated file
 *   node scripts/registry.mjs --check   exit 1 naming each stale file
 *
 * The labs' ids and their order are those of mails/<id>.json, the mail
 * data file of each lab ({"id", "order", ...}).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MAILS = join(ROOT, 'mails');
const MODULES = join(ROOT, 'scripts', 'registry');

/** A lab id: lower-case words joined by hyphens. */
export const LAB_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * @typedef {{ id: string, order: number, symbol: string, macro: string }} Lab
 *   symbol: the id's C form (page_cache for page-cache); macro: its upper-case form (PAGE_CACHE)
 * @typedef {{ path: string, content: string }} Generated  path relative to the root
 * @typedef {{ name: string, dir: (id: string) => string, files?: (lab: Lab) => string[] }} Face
 *   dir: the lab's folder of this face, relative to the root; files: what it must hold
 * @typedef {{ face?: Face, generate?: (labs: Lab[]) => Generated[] | Promise<Generated[]> }} FaceModule
 */

/** @param {string} id @returns {Lab} */
export function labOf(id, order = 0) {
  const symbol = id.replace(/-/g, '_');
  return { id, order, symbol, macro: symbol.toUpperCase() };
}

/** The id as a TypeScript name: page-cache -> pageCache. @param {string} id */
export const camel = (id) => id.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());

/** The labs, from mails/<id>.json, in their declared order. @returns {Lab[]} */
export function labs() {
  if (!existsSync(MAILS)) return [];
  const found = readdirSync(MAILS)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const id = f.slice(0, -'.json'.length);
      if (!LAB_ID.test(id)) throw new Error(`mails/${f}: a lab id is lower-case words joined by hyphens, e.g. "page-cache"`);
      const data = JSON.parse(readFileSync(join(MAILS, f), 'utf8'));
      if (data.id !== id) throw new Error(`mails/${f}: "id" is ${JSON.stringify(data.id)}, the file's name says "${id}"`);
      if (!Number.isInteger(data.order) || data.order < 1)
        throw new Error(`mails/${f}: "order" must be a whole number from 1 (the lab's place in every list)`);
      return labOf(id, data.order);
    });
  found.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  for (let i = 1; i < found.length; i++)
    if (found[i].order === found[i - 1].order)
      throw new Error(`mails/${found[i - 1].id}.json and mails/${found[i].id}.json both have "order" ${found[i].order}`);
  return found;
}

/** The face modules of scripts/registry/, by file name. @returns {Promise<[string, FaceModule][]>} */
export async function faceModules() {
  if (!existsSync(MODULES)) return [];
  const files = readdirSync(MODULES)
    .filter((f) => f.endsWith('.mjs'))
    .sort();
  /** @type {[string, FaceModule][]} */
  const out = [];
  for (const f of files) out.push([f, await import(pathToFileURL(join(MODULES, f)).href)]);
  return out;
}

/**
 * A lab's own folders, relative to the root: each face's that is a folder
 * (wasm-core/labs/<id>/, web/src/labs/<id>/, kernel-lab/labs/<id>/), and
 * its exercise (exercises/<id>/); those it does not have are left out. The
 * test runner finds a lab's node tests in them.
 * @param {string} id @returns {Promise<string[]>}
 */
export async function labFolders(id) {
  const dirs = (await faceModules()).flatMap(([, mod]) => (mod.face ? [mod.face.dir(id)] : []));
  return [...dirs, `exercises/${id}`].filter((d) => existsSync(join(ROOT, d)) && statSync(join(ROOT, d)).isDirectory());
}

/** Every generated file, from every face module. @returns {Promise<Generated[]>} */
export async function generated() {
  const all = labs();
  /** @type {Generated[]} */
  const out = [];
  for (const [, mod] of await faceModules()) if (mod.generate) out.push(...(await mod.generate(all)));
  return out;
}

/**
 * What each lab lacks: for every face, the lab's folder or a file it must
 * hold, named. Also the folders of a face named by no mails/<id>.json.
 * @returns {Promise<string[]>}
 */
export async function missingFaces() {
  const all = labs();
  const ids = new Set(all.map((l) => l.id));
  /** @type {string[]} */
  const missing = [];
  for (const [file, mod] of await faceModules()) {
    const face = mod.face;
    if (!face) continue;
    for (const lab of all) {
      const dir = face.dir(lab.id);
      if (!existsSync(join(ROOT, dir))) {
        missing.push(`${lab.id}: no ${face.name} (${dir}, scripts/registry/${file})`);
        continue;
      }
      for (const f of face.files?.(lab) ?? [])
        if (!existsSync(join(ROOT, dir, f))) missing.push(`${lab.id}: its ${face.name} lacks ${dir}/${f}`);
    }
    /* a folder (or a file, for a face that is one file) of this face for a lab with no mail data file */
    const parent = dirname(face.dir('x'));
    if (existsSync(join(ROOT, parent)))
      for (const d of readdirSync(join(ROOT, parent), { withFileTypes: true })) {
        const id = d.isDirectory() ? d.name : d.name.replace(/\.[^.]+$/, '');
        if (face.dir(id) === join(parent, d.name) && LAB_ID.test(id) && !ids.has(id))
          missing.push(`${id}: ${join(parent, d.name)} is a ${face.name} of no lab (mails/${id}.json is missing)`);
      }
  }
  return missing;
}

/** Header line of a generated file, in the comment syntax its name asks for. @param {string} path */
export function banner(path) {
  const text = 'Generated by scripts/registry.mjs from the labs\' folders: do not edit.';
  if (/\.(c|h)$/.test(path)) return `/* ${text} */\n`;
  if (/\.md$/.test(path)) return `<!-- ${text} -->\n`;
  if (/\.(ts|tsx|mjs|js)$/.test(path)) return `// ${text}\n`;
  return '';
}

/** @param {string} path */
function read(path) {
  try {
    return readFileSync(join(ROOT, path), 'utf8');
  } catch {
    return null;
  }
}

/** The generated files that differ from what is on disk. @returns {Promise<string[]>} */
export async function stale() {
  return (await generated()).filter((g) => read(g.path) !== g.content).map((g) => g.path);
}

async function main() {
  const check = process.argv.includes('--check');
  if (check) {
    const s = await stale();
    const m = await missingFaces();
    for (const p of s) console.error(`registry: ${p} is out of date: run node scripts/registry.mjs`);
    for (const p of m) console.error(`registry: ${p}`);
    process.exit(s.length + m.length > 0 ? 1 : 0);
  }
  for (const g of await generated()) {
    if (read(g.path) === g.content) continue;
    mkdirSync(dirname(join(ROOT, g.path)), { recursive: true });
    writeFileSync(join(ROOT, g.path), g.content);
    console.log(`registry: wrote ${relative(ROOT, join(ROOT, g.path))}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(`registry: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
