/**
 * Every lab and variant keeps its trace hash (default parameters at three
 * seeds, every mail row at one): moving a lab's code between files, or
 * sharing what labs repeat, changes no model. A model changed on purpose
 * rewrites the file with `node scripts/golden-hashes.mjs --write`, and the
 * commit says why the hashes moved.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { GOLDEN, hashes } from '../../scripts/golden-hashes.mjs';
import { nativeBinary } from '../../web/src/core/node';

describe('golden trace hashes', () => {
  it('every lab, variant, default seed and mail row hashes as the committed file says', () => {
    assert.ok(existsSync(nativeBinary()), `${nativeBinary()} is missing: run \`npm run build:native\``);
    const want = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, string>;
    const got = hashes() as Record<string, string>;
    const missing = Object.keys(want).filter((k) => !(k in got));
    const added = Object.keys(got).filter((k) => !(k in want));
    const changed = Object.keys(want).filter((k) => k in got && got[k] !== want[k]);
    assert.deepEqual(
      { missing, added, changed },
      { missing: [], added: [], changed: [] },
      'the simulator no longer gives the committed hashes (scripts/golden-hashes.mjs --write after a deliberate model change)',
    );
    assert.ok(Object.keys(want).length >= 20);
  });
});
