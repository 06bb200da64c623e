import { IhSnapshot } from './schema';
import { chainHeatProblem } from './chainHeat';

export type ParsedIh = { snap: IhSnapshot; error: null } | { snap: null; error: string };

/**
 * Checks a run's raw snapshot against the inode-hash schema, and that what
 * it says adds up: walkers stand on existing buckets, a chain lists no more
 * inodes than it holds, the segments count every hashed inode, the chain heat's rows and columns match its counts.
 */
export function parseIhSnapshot(raw: unknown): ParsedIh {
  const r = IhSnapshot.safeParse(raw);
  if (!r.success) {
    const first = r.error.issues[0];
    return {
      snap: null,
      error: `snapshot does not match the inode-hash schema at ${first?.path.join('.') || '(root)'}: ${first?.message}`,
    };
  }
  const problem = snapshotProblem(r.data);
  if (problem) return { snap: null, error: `inconsistent inode-hash snapshot: ${problem}` };
  return { snap: r.data, error: null };
}

function snapshotProblem(s: IhSnapshot): string | null {
  const ih = s.ih;
  const n = ih.nr_buckets;
  for (const c of ih.chains) {
    if (c.bucket >= n) return `chain of bucket ${c.bucket} is past the table's ${n} buckets`;
    if (c.from + c.inodes.length > c.len)
      return `chain of bucket ${c.bucket} lists ${c.inodes.length} inodes from #${c.from} but has len ${c.len}`;
  }
  const segs = ih.segments;
  const nseg = segs.chains.length;
  if (nseg < 1 || nseg > n) return `${nseg} segments for ${n} buckets`;
  if (segs.inodes.length !== segs.longest.length || (segs.inodes.length && segs.inodes.length !== nseg))
    return `segments count ${segs.inodes.length} inode sums and ${segs.longest.length} longest chains for ${nseg} segments`;
  const chains = segs.chains.reduce((a, b) => a + b, 0);
  if (chains !== ih.nonempty) return `segments hold ${chains} chains but ${ih.nonempty} are non-empty`;
  const sum = segs.inodes.reduce((a, b) => a + b, 0);
  if (segs.inodes.length && sum !== ih.hashed) return `segments hold ${sum} inodes but ${ih.hashed} are hashed`;
  for (const [what, list] of [
    ['reader', ih.readers],
    ['locked walker', ih.locked_walkers],
  ] as const)
    for (const w of list) if (w.bucket >= n) return `${what} T${w.task} is on bucket ${w.bucket}, past the table's ${n} buckets`;
  return chainHeatProblem(s.chain_heat);
}
