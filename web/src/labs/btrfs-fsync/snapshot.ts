import { labHeatProblem } from '../../viz/heatmap/labHeat';
import { BfSnapshot, TRANS_STATES } from './schema';

export type ParsedBf = { snap: BfSnapshot; error: null } | { snap: null; error: string };

/**
 * Checks a run's raw snapshot against the btrfs-fsync schema, and that what
 * it says adds up: every transaction entered its states in order, no later
 * than the snapshot, at most one transaction is RUNNING, every wait ends
 * after it began, and the heatmap's rows and columns match their counts.
 */
export function parseBfSnapshot(raw: unknown): ParsedBf {
  const r = BfSnapshot.safeParse(raw);
  if (!r.success) {
    const first = r.error.issues[0];
    return {
      snap: null,
      error: `snapshot does not match the btrfs-fsync schema at ${first?.path.join('.') || '(root)'}: ${first?.message}`,
    };
  }
  const problem = snapshotProblem(r.data);
  if (problem) return { snap: null, error: `inconsistent btrfs-fsync snapshot: ${problem}` };
  return { snap: r.data, error: null };
}

function snapshotProblem(s: BfSnapshot): string | null {
  const { timeline, trans_list } = s.btrfs;
  for (const t of timeline.txns) {
    let last = -1;
    let reached = true;
    for (let i = 0; i < TRANS_STATES.length; i++) {
      const at = t.at[i];
      if (at === null || at === undefined) {
        reached = false;
        continue;
      }
      if (!reached) return `transaction ${t.transid} entered ${TRANS_STATES[i]} without the states before it`;
      if (at < last) return `transaction ${t.transid} entered ${TRANS_STATES[i]} before ${TRANS_STATES[i - 1]}`;
      if (at > s.now_ns) return `transaction ${t.transid} entered ${TRANS_STATES[i]} after the snapshot's time`;
      last = at;
    }
  }
  if (trans_list.filter((t) => t.state === 'RUNNING').length > 1) return 'more than one transaction is RUNNING';
  for (const w of timeline.waits) {
    if (w.to !== null && w.to < w.from) return `task ${w.task}'s wait for transaction ${w.transid} ends before it begins`;
    if (w.from > s.now_ns) return `task ${w.task}'s wait for transaction ${w.transid} begins after the snapshot's time`;
  }
  return labHeatProblem('flush_heat', s.flush_heat);
}
