import { describe, expect, it } from 'vitest';
import { parseEwbSnapshot } from './snapshot';
import { sampleSnapshot } from './testing/sample';

describe('parseEwbSnapshot', () => {
  it('takes a snapshot that follows the contract', () => {
    const p = parseEwbSnapshot(sampleSnapshot());
    expect(p.error).toBeNull();
    expect(p.snap?.ext4.timeline.txns).toHaveLength(2);
  });

  it('names the member that breaks the schema', () => {
    const raw = sampleSnapshot() as unknown as { ext4: { timeline: { spans: { phase: string }[] } } };
    raw.ext4.timeline.spans[0]!.phase = 'sleeping';
    const p = parseEwbSnapshot(raw);
    expect(p.snap).toBeNull();
    expect(p.error).toContain('ext4.timeline.spans.0.phase');
  });

  it('refuses a histogram of the wrong width', () => {
    const s = sampleSnapshot();
    s.ext4.histogram.pop();
    expect(parseEwbSnapshot(s).error).toContain('ext4.histogram');
  });

  it('refuses a page map that disagrees with the mapping counts', () => {
    const s = sampleSnapshot();
    s.ext4.nr_dirty = 4;
    expect(parseEwbSnapshot(s).error).toMatch(/4 dirty pages, but the page map has 3/);
    const w = sampleSnapshot();
    w.ext4.pages = '..dt.W..';
    expect(parseEwbSnapshot(w).error).toMatch(/under writeback/);
  });

  it('refuses a span that ends before it begins or after the snapshot', () => {
    const s = sampleSnapshot();
    s.ext4.timeline.spans[0]!.to = 0;
    expect(parseEwbSnapshot(s).error).toMatch(/job 0's i_rwsem ends before it begins/);
    const late = sampleSnapshot();
    late.ext4.timeline.spans[1]!.to = 31_000_000;
    expect(parseEwbSnapshot(late).error).toMatch(/after the snapshot/);
  });

  it('refuses a transaction that commits before it locks, or twice listed', () => {
    const s = sampleSnapshot();
    s.ext4.timeline.txns[0]!.locked = null;
    expect(parseEwbSnapshot(s).error).toMatch(/transaction 4 committed before it was locked/);
    const twice = sampleSnapshot();
    twice.ext4.timeline.txns[1]!.tid = 4;
    expect(parseEwbSnapshot(twice).error).toMatch(/transaction 4 appears twice/);
  });

  it('refuses a span of a job that does not exist', () => {
    const s = sampleSnapshot();
    s.ext4.timeline.spans[0]!.job = 5;
    expect(parseEwbSnapshot(s).error).toMatch(/a span of job 5, but there are 2 jobs/);
  });
});
