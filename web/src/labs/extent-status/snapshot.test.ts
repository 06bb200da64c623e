import { describe, expect, it } from 'vitest';
import { parseEsSnapshot } from './snapshot';
import { sampleSnapshot } from './testing/sample';

describe('parseEsSnapshot', () => {
  it('takes a snapshot that follows the contract', () => {
    const p = parseEsSnapshot(sampleSnapshot());
    expect(p.error).toBeNull();
    expect(p.snap?.es.focus?.runs).toHaveLength(3);
  });

  it('names the member that breaks the schema', () => {
    const raw = sampleSnapshot() as unknown as { es: { shrinkers: { phase: string }[] } };
    raw.es.shrinkers[0]!.phase = 'nap';
    const p = parseEsSnapshot(raw);
    expect(p.snap).toBeNull();
    expect(p.error).toContain('es.shrinkers.0.phase');
  });

  it('takes a snapshot without a focus inode (nothing cached yet)', () => {
    const s = sampleSnapshot();
    s.es.focus = null;
    expect(parseEsSnapshot(s).error).toBeNull();
  });

  it('refuses runs out of block order', () => {
    const s = sampleSnapshot();
    s.es.focus!.runs = [...s.es.focus!.runs].reverse();
    expect(parseEsSnapshot(s).error).toMatch(/overlaps or precedes/);
  });

  it('refuses a run holding more extents than blocks, or more referenced than extents', () => {
    const s = sampleSnapshot();
    s.es.focus!.runs[0]!.extents = 31;
    expect(parseEsSnapshot(s).error).toMatch(/31 extents in 30 blocks/);
    const t = sampleSnapshot();
    t.es.focus!.runs[0]!.referenced = 21;
    expect(parseEsSnapshot(t).error).toMatch(/21 referenced of 20/);
  });

  it('refuses a list head longer than the list', () => {
    const s = sampleSnapshot();
    s.es.list.nr = 2;
    expect(parseEsSnapshot(s).error).toMatch(/3 inodes of 2/);
  });

  it('refuses heatmaps whose rows or labels do not match their counts', () => {
    const s = sampleSnapshot();
    s.inode_heat.row_labels.pop();
    expect(parseEsSnapshot(s).error).toMatch(/inode_heat has 2 row labels/);
    const t = sampleSnapshot();
    t.reclaim_heat.rows[1]!.push(5);
    expect(parseEsSnapshot(t).error).toMatch(/reclaim_heat row 1 has 3 time buckets/);
    const u = sampleSnapshot();
    u.reclaim_heat.rows[0]![0] = -1;
    expect(parseEsSnapshot(u).error).toMatch(/negative/);
  });
});
