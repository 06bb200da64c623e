import { labHeatProblem as heatProblem } from '../../viz/heatmap/labHeat';
import { EsSnapshot } from './schema';

export type ParsedEs = { snap: EsSnapshot; error: null } | { snap: null; error: string };

/**
 * Checks a run's raw snapshot against the extent-status schema, and that
 * what it says adds up: the focus inode's runs are in block order without
 * overlap, the list's head is no longer than the list, the heatmaps' rows
 * and columns match their counts.
 */
export function parseEsSnapshot(raw: unknown): ParsedEs {
  const r = EsSnapshot.safeParse(raw);
  if (!r.success) {
    const first = r.error.issues[0];
    return {
      snap: null,
      error: `snapshot does not match the extent-status schema at ${first?.path.join('.') || '(root)'}: ${first?.message}`,
    };
  }
  const problem = snapshotProblem(r.data);
  if (problem) return { snap: null, error: `inconsistent extent-status snapshot: ${problem}` };
  return { snap: r.data, error: null };
}

function snapshotProblem(s: EsSnapshot): string | null {
  const { focus, list } = s.es;
  if (list.head.length > list.nr) return `the list's head shows ${list.head.length} inodes of ${list.nr}`;
  if (focus) {
    let end = -1;
    for (const run of focus.runs) {
      if (run.lblk <= end) return `inode ${focus.ino}: the run at block ${run.lblk} overlaps or precedes the one before it`;
      if (run.extents > run.len)
        return `inode ${focus.ino}: the run at block ${run.lblk} holds ${run.extents} extents in ${run.len} blocks`;
      if (run.referenced > run.extents)
        return `inode ${focus.ino}: the run at block ${run.lblk} has ${run.referenced} referenced of ${run.extents} extents`;
      end = run.lblk + run.len - 1;
    }
  }
  return heatProblem('reclaim_heat', s.reclaim_heat) ?? heatProblem('inode_heat', s.inode_heat);
}
