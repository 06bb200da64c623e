import { EwbSnapshot } from './schema';

export type ParsedEwb = { snap: EwbSnapshot; error: null } | { snap: null; error: string };

/**
 * Checks a run's raw snapshot against the ext4-writeback schema, and that
 * what it says adds up: the page map's counts are the mapping's, every span
 * and transaction lies within the run so far and ends after it begins, a
 * transaction locks before it ends, and no two transactions share a tid.
 */
export function parseEwbSnapshot(raw: unknown): ParsedEwb {
  const r = EwbSnapshot.safeParse(raw);
  if (!r.success) {
    const first = r.error.issues[0];
    return {
      snap: null,
      error: `snapshot does not match the ext4-writeback schema at ${first?.path.join('.') || '(root)'}: ${first?.message}`,
    };
  }
  const problem = snapshotProblem(r.data);
  if (problem) return { snap: null, error: `inconsistent ext4-writeback snapshot: ${problem}` };
  return { snap: r.data, error: null };
}

function count(s: string, letters: string): number {
  let n = 0;
  for (const c of s) if (letters.includes(c)) n++;
  return n;
}

function snapshotProblem(s: EwbSnapshot): string | null {
  const e = s.ext4;
  if (count(e.pages, 'dtW') !== e.nr_dirty) return `${e.nr_dirty} dirty pages, but the page map has ${count(e.pages, 'dtW')}`;
  if (count(e.pages, 'wW') !== e.nr_writeback)
    return `${e.nr_writeback} pages under writeback, but the page map has ${count(e.pages, 'wW')}`;
  const now = e.timeline.to_ns;
  for (const sp of e.timeline.spans) {
    if (sp.from > now) return `job ${sp.job}'s ${sp.phase} begins after the snapshot's time`;
    if (sp.to !== null && (sp.to < sp.from || sp.to > now)) return `job ${sp.job}'s ${sp.phase} ends before it begins or after the snapshot`;
    if (sp.job >= e.jobs.length) return `a span of job ${sp.job}, but there are ${e.jobs.length} jobs`;
  }
  const seen = new Set<number>();
  for (const t of e.timeline.txns) {
    if (seen.has(t.tid)) return `transaction ${t.tid} appears twice`;
    seen.add(t.tid);
    if (t.start > now) return `transaction ${t.tid} starts after the snapshot's time`;
    if (t.locked !== null && t.locked < t.start) return `transaction ${t.tid} locked before it started`;
    if (t.end !== null && (t.locked === null || t.end < t.locked)) return `transaction ${t.tid} committed before it was locked`;
  }
  return null;
}
