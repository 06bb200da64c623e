/**
 * What the extent-status page reads of each step kind: the engine's kinds
 * and extent-status.c's es_kinds, by the names the C table gives a and b
 * (steps.wasm.test.ts holds this to the C table). A view reads a step's
 * fields through stepArgs(ES_STEP_ARGS, step).
 */
import { describeEngineStep, ENGINE_STEP_ARGS, stepArgs, type StepContract } from '../../core/steps';
import type { LockSnap, Step } from '../../core/types';

export const ES_STEP_ARGS = {
  ...ENGINE_STEP_ARGS,
  shrink_begin: ['nr_to_scan', 'list_len'],
  list_skip: ['ino', 'touch_ms'],
  sort: ['inodes', 'compares'],
  inode: ['ino', 'shk'],
  es_free: ['ino', 'lblk'],
  es_keep: ['ino', 'lblk'],
  es_age: ['ino', 'lblk'],
  reclaim: ['ino', 'freed'],
  shrink_end: ['scan_us', 'freed'],
  hit: ['ino', 'lblk'],
  miss: ['ino', 'lblk'],
  delay: ['ino', 'lblk'],
  writeback: ['ino', 'blocks'],
} as const satisfies StepContract;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One line describing a trace step for people. */
export function describeEsStep(s: Step, locks: readonly LockSnap[] = []): string {
  const f = stepArgs(ES_STEP_ARGS, s);
  const engine = describeEngineStep(s, locks);
  if (engine !== null) return engine;
  switch (s.kind) {
    case 'shrink_begin':
      return `enters the shrinker to scan ${f.nr_to_scan} with ${plural(f.list_len, 'inode')} on the list`;
    case 'list_skip':
      return `skips inode ${f.ino}: hit at ${f.touch_ms} ms, after the last sort`;
    case 'sort':
      return `sorts the list of ${plural(f.inodes, 'inode')} by last hit: ${plural(f.compares, 'compare')} under s_es_lock`;
    case 'inode':
      return `reclaims from inode ${f.ino} (${f.shk} reclaimable extents)`;
    case 'es_free':
      return `frees the extent at block ${f.lblk} of inode ${f.ino}`;
    case 'es_keep':
      return `walks past the delayed extent at block ${f.lblk} of inode ${f.ino}: it must stay`;
    case 'es_age':
      return `spares the recently used extent at block ${f.lblk} of inode ${f.ino} and clears its flag`;
    case 'reclaim':
      return `leaves inode ${f.ino}, ${plural(f.freed, 'extent')} freed`;
    case 'shrink_end':
      return `leaves the shrinker after ${f.scan_us} µs, ${plural(f.freed, 'extent')} freed`;
    case 'hit':
      return `looks up block ${f.lblk} of inode ${f.ino}: cached`;
    case 'miss':
      return `looks up block ${f.lblk} of inode ${f.ino}: not cached, reads the extent tree`;
    case 'delay':
      return `adds the delayed extent at block ${f.lblk} of inode ${f.ino}`;
    case 'writeback':
      return `writes back ${plural(f.blocks, 'block')} of inode ${f.ino}: delayed extents become written`;
    default:
      return `${s.kind} (${s.a}, ${s.b})`;
  }
}

/** The shrinker's steps that stand on an extent of an inode: the cursor's trail. */
export const EXTENT_STEPS = new Set(['es_free', 'es_keep', 'es_age']);

/** What the shrinker did at a block, for the cursor's trail in the tree view. */
export type TrailMark = 'free' | 'keep' | 'age';

/**
 * The recent extents the shrinker stood on in inode `ino`, newest last: at
 * most `max`, from the steps' tail, up to the step that entered the inode.
 */
export function cursorTrail(steps: readonly Step[], ino: number, max = 24): { lblk: number; mark: TrailMark }[] {
  const out: { lblk: number; mark: TrailMark }[] = [];
  for (let i = steps.length - 1; i >= 0 && out.length < max; i--) {
    const s = steps[i]!;
    if (s.kind === 'inode' && s.a === ino) break;
    if (!EXTENT_STEPS.has(s.kind)) continue;
    const f = stepArgs(ES_STEP_ARGS, s);
    if (f.ino !== ino) continue;
    out.push({ lblk: f.lblk, mark: s.kind === 'es_free' ? 'free' : s.kind === 'es_keep' ? 'keep' : 'age' });
  }
  return out.reverse();
}
