/**
 * The hash table view's pure half: which chains are drawn in full, where a
 * walker stands on a drawn chain, the overview of every bucket, which grace
 * period waits for which reader, and one line per trace step. Drawing lives
 * in HashTableView.tsx.
 */
import { describeEngineStep, ENGINE_STEP_ARGS, stepArgs, type StepContract } from '../../core/steps';
import type { LockSnap, Step } from '../../core/types';
import { formatNumber } from '../../../../lib/format';
import type { IhChain, IhSnapshot, IhWalker } from './schema';

export type IhState = IhSnapshot['ih'];

/** Why a chain is drawn in full, strongest first. */
export type FocusReason = 'locked' | 'rcu' | 'changing' | 'long';

export interface FocusChain {
  chain: IhChain;
  reason: FocusReason;
}

const REASON_RANK: Record<FocusReason, number> = { locked: 0, rcu: 1, changing: 2, long: 3 };

/**
 * The chains drawn in full, at most `max`: those walked under the lock,
 * those walked under RCU, those holding an inode being set up or freed, and
 * then the longest others (ties to the lower bucket). Shown in bucket order,
 * so that a chain keeps its place while it stays chosen.
 *
 * A walker on a bucket whose chain is not listed (empty, or past the
 * listing's limit) gets an empty chain of its own, so that a reader that
 * walks an empty bucket is still drawn.
 */
export function focusChains(ih: IhState, max: number): FocusChain[] {
  const byBucket = new Map<number, IhChain>(ih.chains.map((c) => [c.bucket, c]));
  const reason = new Map<number, FocusReason>();
  const mark = (bucket: number, r: FocusReason) => {
    const old = reason.get(bucket);
    if (old === undefined || REASON_RANK[r] < REASON_RANK[old]) reason.set(bucket, r);
    if (!byBucket.has(bucket)) byBucket.set(bucket, { bucket, len: 0, from: 0, inodes: [] });
  };
  for (const w of ih.locked_walkers) mark(w.bucket, 'locked');
  for (const w of ih.readers) mark(w.bucket, 'rcu');
  for (const c of ih.chains) if (c.inodes.some((i) => i.state !== 'live')) mark(c.bucket, 'changing');

  const chosen = [...reason.entries()]
    .sort((a, b) => REASON_RANK[a[1]] - REASON_RANK[b[1]] || a[0] - b[0])
    .slice(0, Math.max(0, max));
  if (chosen.length < max) {
    const taken = new Set(chosen.map(([b]) => b));
    const rest = ih.chains
      .filter((c) => !taken.has(c.bucket))
      .sort((a, b) => b.len - a.len || a.bucket - b.bucket)
      .slice(0, max - chosen.length);
    for (const c of rest) chosen.push([c.bucket, 'long']);
  }
  return chosen
    .map(([bucket, r]) => ({ chain: byBucket.get(bucket)!, reason: r }))
    .sort((a, b) => a.chain.bucket - b.chain.bucket);
}

/**
 * Which of a chain's listed inodes the `slots` drawn start at: the first,
 * unless the walker at chain index `pos` (-1: none) would stand past the
 * drawn ones; then the slots are centred on it.
 */
export function chainStart(chain: IhChain, pos: number, slots: number): number {
  const rel = pos - chain.from;
  if (pos < 0 || (rel >= 0 && rel < slots)) return 0;
  const start = rel - Math.floor(slots / 2);
  return Math.max(0, Math.min(start, chain.inodes.length - slots));
}

/**
 * Where a walker at index `pos` of a chain stands among `slots` drawn
 * inodes, the first of them listed inode `start`: its slot, and whether it
 * is outside the drawn ones (then it stands on the last slot, or the first
 * when it is before them, marked as beyond). pos == len means it walked off
 * the end without a match: it stands after the last inode.
 */
export function walkerSlot(chain: IhChain, pos: number, slots: number, start = 0): { slot: number; beyond: boolean } {
  const first = chain.from + start;
  const drawn = Math.max(0, Math.min(chain.inodes.length - start, slots));
  const rel = pos - first;
  if (rel < 0) return { slot: 0, beyond: true };
  if (rel < drawn) return { slot: rel, beyond: false };
  if (pos >= chain.len && first + drawn >= chain.len) return { slot: drawn, beyond: false };
  return { slot: drawn, beyond: true };
}

export interface OverviewCell {
  /** the buckets this cell stands for */
  first: number;
  last: number;
  /** the longest listed chain among them */
  maxLen: number;
  /** inodes on chains among them (0 when the snapshot did not count them) */
  inodes: number;
  /** non-empty chains among them */
  chains: number;
  readers: number;
  locked: number;
}

/**
 * Every bucket of the table in at most `maxCells` cells: one bucket a cell
 * when they fit, else even groups of neighbouring buckets. The counts come
 * from the snapshot's segments, which cover every chain whether listed or
 * not (segment k of S holds the buckets b with floor(b * S / n) = k).
 */
export function overviewCells(ih: IhState, maxCells: number): OverviewCell[] {
  const n = ih.nr_buckets;
  const cells = Math.max(1, Math.min(n, maxCells));
  const out: OverviewCell[] = [];
  for (let c = 0; c < cells; c++) {
    const first = Math.floor((c * n) / cells);
    const last = Math.floor(((c + 1) * n) / cells) - 1;
    out.push({ first, last, maxLen: 0, inodes: 0, chains: 0, readers: 0, locked: 0 });
  }
  const cellOf = (bucket: number) => Math.min(cells - 1, Math.floor((bucket * cells) / n));
  const segs = ih.segments.chains.length;
  for (let k = 0; k < segs; k++) {
    const cell = out[cellOf(Math.ceil((k * n) / segs))];
    if (!cell) continue;
    cell.maxLen = Math.max(cell.maxLen, ih.segments.longest[k] ?? 0);
    cell.inodes += ih.segments.inodes[k] ?? 0;
    cell.chains += ih.segments.chains[k] ?? 0;
  }
  for (const w of ih.readers) {
    const cell = out[cellOf(w.bucket)];
    if (cell) cell.readers += 1;
  }
  for (const w of ih.locked_walkers) {
    const cell = out[cellOf(w.bucket)];
    if (cell) cell.locked += 1;
  }
  return out;
}

/**
 * What the overview and the chains below it aggregate, in one line, when
 * the snapshot left chains out; null when every chain is listed.
 */
export function tableCaption(ih: IhState, listed: number, cells: number): string | null {
  const w = ih.window;
  if (w.cursor < 0 && !ih.chains_truncated) return null;
  const per = Math.ceil(ih.nr_buckets / Math.max(1, cells));
  return (
    `${formatNumber(ih.hashed)} inodes on ${formatNumber(ih.nonempty)} chains: overview = all, 1 cell = ${formatNumber(per)} bucket${per === 1 ? '' : 's'}; ` +
    `below, the chains walked now, then those around bucket ${formatNumber(Math.max(0, w.cursor))} ` +
    `(${formatNumber(listed)} of ${formatNumber(ih.nonempty)} listed, 32 inodes a chain at most)`
  );
}

/** The grace periods that wait for each task (task id -> gp ids). */
export function gpWaits(ih: IhState): Map<number, number[]> {
  const m = new Map<number, number[]>();
  for (const gp of ih.grace_periods)
    for (const t of gp.waiting_for) {
      const l = m.get(t) ?? [];
      l.push(gp.id);
      m.set(t, l);
    }
  return m;
}

/** The grace period each inode being freed waits on (ino -> gp id). */
export function freeingBy(ih: IhState): Map<number, number> {
  const m = new Map<number, number>();
  for (const gp of ih.grace_periods) for (const ino of gp.freeing) m.set(ino, gp.id);
  return m;
}

/** Walkers by bucket, readers and locked walkers apart. */
export function walkersByBucket(ih: IhState): Map<number, { rcu: IhWalker[]; locked: IhWalker[] }> {
  const m = new Map<number, { rcu: IhWalker[]; locked: IhWalker[] }>();
  const at = (b: number) => {
    let e = m.get(b);
    if (!e) m.set(b, (e = { rcu: [], locked: [] }));
    return e;
  };
  for (const w of ih.readers) at(w.bucket).rcu.push(w);
  for (const w of ih.locked_walkers) at(w.bucket).locked.push(w);
  return m;
}

/** Hits as a share of lookups, or null before the first lookup. */
export function hitRate(stats: IhState['stats']): number | null {
  return stats.lookups > 0 ? stats.hits / stats.lookups : null;
}

/**
 * What describeIhStep reads of each step kind: the engine's kinds and
 * inode-hash.c's (ih_kinds), by the names the C table gives a and b. A lock
 * step's lock is its index in the snapshot's locks.
 */
export const IH_STEP_ARGS = {
  ...ENGINE_STEP_ARGS,
  path_walk: ['dir_ino', 'ino'],
  dcache_hit: [null, 'ino'],
  lookup_rcu: ['bucket', 'ino'],
  lookup_locked: ['bucket', 'ino'],
  hit: ['bucket', 'ino'],
  miss: ['bucket', 'ino'],
  wait_freeing: [null, 'ino'],
  retry: [null, 'ino'],
  wait_new: [null, 'ino'],
  alloc_inode: [null, 'ino'],
  insert: ['bucket', 'ino'],
  insert_race: [null, 'ino'],
  read_inode: [null, 'ino'],
  unlock_new: [null, 'ino'],
  stat: [null, 'ino'],
  btrfs_search: ['item', 'ino'],
  isolate: [null, 'ino'],
  evict: [null, 'ino'],
  unhash: ['bucket', 'ino'],
  call_rcu: [null, 'ino'],
  grace_period: ['gp', 'inodes'],
  free_rcu: [null, 'ino'],
  inode_tree_add: ['levels', 'ino'],
  inode_tree_del: [null, 'ino'],
} as const satisfies StepContract;

/** One line describing a trace step for people, its fields read by the names IH_STEP_ARGS gives them. */
export function describeIhStep(s: Step, locks: readonly LockSnap[] = []): string {
  const f = stepArgs(IH_STEP_ARGS, s);
  const engine = describeEngineStep(s, locks);
  if (engine !== null) return engine;
  switch (s.kind) {
    case 'path_walk':
      return `walks to inode ${f.ino} in directory ${f.dir_ino}`;
    case 'dcache_hit':
      return `finds the dentry of inode ${f.ino} cached: no inode lookup`;
    case 'lookup_rcu':
      return `visits inode ${f.ino} on chain ${f.bucket} under RCU, without the lock`;
    case 'lookup_locked':
      return `visits inode ${f.ino} on chain ${f.bucket} holding inode_hash_lock`;
    case 'hit':
      return `finds inode ${f.ino} on chain ${f.bucket}`;
    case 'miss':
      return `reaches the end of chain ${f.bucket}: inode ${f.ino} is not hashed`;
    case 'wait_freeing':
      return `sleeps until inode ${f.ino}, being evicted, is unhashed`;
    case 'retry':
      return `meets inode ${f.ino} already unhashed and looks again`;
    case 'wait_new':
      return `waits for inode ${f.ino} to be read in (I_NEW)`;
    case 'alloc_inode':
      return `allocates an inode for ${f.ino}`;
    case 'insert':
      return `hashes inode ${f.ino} into chain ${f.bucket} (I_NEW)`;
    case 'insert_race':
      return `finds inode ${f.ino} hashed by another task meanwhile, and drops its own`;
    case 'read_inode':
      return `reads inode ${f.ino} from disk`;
    case 'unlock_new':
      return `clears I_NEW on inode ${f.ino} and wakes its waiters`;
    case 'stat':
      return `stats inode ${f.ino}`;
    case 'btrfs_search':
      return `searches the btrfs tree for the ${f.item === 0 ? 'directory item' : 'inode item'} of ${f.ino}`;
    case 'isolate':
      return `takes inode ${f.ino} off the LRU to evict it`;
    case 'evict':
      return `evicts inode ${f.ino} (I_FREEING)`;
    case 'unhash':
      return `unhashes inode ${f.ino} from chain ${f.bucket}`;
    case 'call_rcu':
      return `queues inode ${f.ino} to be freed after a grace period`;
    case 'grace_period':
      return `starts grace period #${f.gp}, to free ${f.inodes} inode${f.inodes === 1 ? '' : 's'}`;
    case 'free_rcu':
      return `frees inode ${f.ino}: its grace period is over`;
    case 'inode_tree_add':
      return `links inode ${f.ino} into btrfs's root->inode_tree holding root->inode_lock, ${f.levels} levels down (the mail's tree's depth)`;
    case 'inode_tree_del':
      return `erases inode ${f.ino} from btrfs's root->inode_tree holding root->inode_lock`;
    default:
      return `${s.kind} (${s.a}, ${s.b})`;
  }
}
