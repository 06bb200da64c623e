#!/usr/bin/env node
// @ts-check
/**
 * The trace hash of every lab and variant, at the default parameters
 * (seeds 1, 2 and 42) and at each of the mail's rows (seed 7), from the
 * native simulator. A change that moves code without changing a model
 * keeps every hash; tests/node/golden-hashes.test.ts holds each lab's
 * committed file, wasm-core/labs/<id>/golden-hashes.json, to the simulator,
 * and this script writes the files when a model changes on purpose or a
 * lab is added:
 *
 *   node scripts/golden-hashes.mjs [--write] [LAB...]   every lab when none is named
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const JC = join(ROOT, 'wasm-core', 'build', 'native', 'jc');
export const SEEDS = [1, 2, 42];
export const ROW_SEED = 7;

/** A lab's committed hashes, in its C folder. @param {string} id */
export const goldenFile = (id) => join(ROOT, 'wasm-core', 'labs', id, 'golden-hashes.json');

/** @param {string[]} args */
function jc(args) {
  return execFileSync(JC, args, { encoding: 'utf8', maxBuffer: 1 << 26 }).trim();
}

/** @param {Record<string, number | string>} params */
function encode(params) {
  return Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join(';');
}

/** @returns {{ id: string, variants: string[] }[]} the labs the simulator has, in its table's order */
export function simulatorLabs() {
  const listed = JSON.parse(jc(['labs']));
  return listed.labs ?? listed;
}

/**
 * @param {{ id: string, variants: string[] }} lab
 * @returns {Record<string, string>} "lab variant params seed" -> hash
 */
export function hashes(lab) {
  /** @type {Record<string, string>} */
  const out = {};
  const rows = JSON.parse(jc(['rows', lab.id])).rows;
  for (const variant of lab.variants) {
    for (const seed of SEEDS) out[`${lab.id} ${variant} default ${seed}`] = jc(['hash', lab.id, variant, '', String(seed)]);
    for (const row of rows) {
      const params = encode(row.params);
      out[`${lab.id} ${variant} row${row.label} ${ROW_SEED}`] = jc(['hash', lab.id, variant, params, String(ROW_SEED)]);
    }
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const write = args.includes('--write');
  const named = args.filter((a) => a !== '--write');
  const all = simulatorLabs();
  const unknown = named.filter((id) => !all.some((l) => l.id === id));
  if (unknown.length) {
    console.error(`golden-hashes: unknown lab ${unknown.join(', ')}; the labs: ${all.map((l) => l.id).join(', ')}`);
    process.exit(2);
  }
  for (const lab of all.filter((l) => named.length === 0 || named.includes(l.id))) {
    const h = hashes(lab);
    if (write) {
      writeFileSync(goldenFile(lab.id), `${JSON.stringify(h, null, 2)}\n`);
      console.log(`golden-hashes: ${Object.keys(h).length} hashes written to ${relative(ROOT, goldenFile(lab.id))}`);
    } else {
      console.log(JSON.stringify(h, null, 2));
    }
  }
}
