#!/usr/bin/env node
// @ts-check
/**
 * The trace hash of every lab and variant, at the default parameters
 * (seeds 1, 2 and 42) and at each of the mail's rows (seed 7), from the
 * native simulator. A change that moves code without changing a model
 * keeps every hash; tests/node/golden-hashes.test.ts holds the committed
 * file to the simulator, and this script rewrites it when a model changes
 * on purpose:
 *
 *   node scripts/golden-hashes.mjs [--write]
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const GOLDEN = join(ROOT, 'tests', 'node', 'fixtures', 'golden-hashes.json');
const JC = join(ROOT, 'wasm-core', 'build', 'native', 'jc');
export const SEEDS = [1, 2, 42];
export const ROW_SEED = 7;

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

/** @returns {Record<string, string>} "lab variant params seed" -> hash */
export function hashes() {
  /** @type {Record<string, string>} */
  const out = {};
  const listed = JSON.parse(jc(['labs']));
  for (const lab of listed.labs ?? listed) {
    const rows = JSON.parse(jc(['rows', lab.id])).rows;
    for (const variant of lab.variants) {
      for (const seed of SEEDS) out[`${lab.id} ${variant} default ${seed}`] = jc(['hash', lab.id, variant, '', String(seed)]);
      for (const row of rows) {
        const params = encode(row.params);
        out[`${lab.id} ${variant} row${row.label} ${ROW_SEED}`] = jc(['hash', lab.id, variant, params, String(ROW_SEED)]);
      }
    }
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const h = hashes();
  if (process.argv.includes('--write')) {
    writeFileSync(GOLDEN, `${JSON.stringify(h, null, 2)}\n`);
    console.log(`golden-hashes: ${Object.keys(h).length} hashes written to ${GOLDEN}`);
  } else {
    console.log(JSON.stringify(h, null, 2));
  }
}
