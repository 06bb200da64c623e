/**
 * Every lab and variant keeps its trace hash (default parameters at three
 * seeds, every mail row at one): moving a lab's code between files, or
 * sharing what labs repeat, changes no model. Each lab's hashes are in its
 * folder, wasm-core/labs/<id>/golden-hashes.json. A model changed on purpose
 * (or a new lab) writes its file with `node scripts/golden-hashes.mjs --write
 * <id>`, and the commit says why the hashes moved.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { goldenFile, hashes, simulatorLabs } from '../../scripts/golden-hashes.mjs';
import { nativeBinary } from '../../web/src/core/node';

describe('golden trace hashes', () => {
  assert.ok(existsSync(nativeBinary()), `${nativeBinary()} is missing: run \`npm run build:native\``);
  const all = simulatorLabs();

  it('the simulator has every lab', () => assert.ok(all.length > 0));

  for (const lab of all)
    it(`${lab.id}: every variant, default seed and mail row hashes as its committed file says`, () => {
      const file = goldenFile(lab.id);
      assert.ok(existsSync(file), `${file} is missing: write it with \`node scripts/golden-hashes.mjs --write ${lab.id}\``);
      const want = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const got = hashes(lab);
      const missing = Object.keys(want).filter((k) => !(k in got));
      const added = Object.keys(got).filter((k) => !(k in want));
      const changed = Object.keys(want).filter((k) => k in got && got[k] !== want[k]);
      assert.deepEqual(
        { missing, added, changed },
        { missing: [], added: [], changed: [] },
        `the simulator no longer gives ${lab.id}'s committed hashes (node scripts/golden-hashes.mjs --write ${lab.id} after a deliberate model change)`,
      );
      assert.ok(Object.keys(want).length >= 3 * lab.variants.length);
    });
});
