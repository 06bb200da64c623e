/**
 * The registries are generated from the labs' folders (scripts/registry.mjs):
 * every generated file is up to date, and every lab has every face.
 */
import { describe, expect, it } from 'vitest';
import { labs, missingFaces, stale } from '../../scripts/registry.mjs';

describe('lab registry', () => {
  it('finds the labs from mails/<id>.json, in order', () => {
    const all = labs();
    expect(all.length).toBeGreaterThanOrEqual(1);
    expect(all.map((l) => l.order)).toEqual([...all.map((l) => l.order)].sort((a, b) => a - b));
  });
  it('has every generated file up to date (node scripts/registry.mjs rewrites them)', async () => {
    expect(await stale()).toEqual([]);
  });
  it('finds every face of every lab', async () => {
    expect(await missingFaces()).toEqual([]);
  });
});
