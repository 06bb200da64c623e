/**
 * The extent-status model's snapshot (wasm-core/labs/extent-status.c's
 * es_snapshot()), checked with zod before the page draws it: the focus
 * inode's extent status tree as runs in block order, the head of the inode
 * list, where every shrinker stands, the page cache's counts, and the two
 * heatmaps of the run so far (CPUs in the shrinker, extents freed per inode).
 */
import { z } from 'zod';
import { LockSnap, TaskSnap } from '../../core/types';
import { LabHeat } from '../../viz/heatmap/labHeat';

/** The five variants in the mail's order, then what Linux merged instead of the last two. */
export const ES_VARIANTS = ['baseline', 'es-cache', 'es-slist', 'es-ilist', 'es-gc', 'upstream'] as const;
export type EsVariant = (typeof ES_VARIANTS)[number];

export const ES_CASES = ['a', 'b', 'c'] as const;
export type EsCase = (typeof ES_CASES)[number];

/** What an extent caches: a mapping on disk, preallocated blocks, dirty blocks not yet allocated, or a gap. */
export const ES_STATUSES = ['written', 'unwritten', 'delayed', 'hole'] as const;
export type EsStatus = (typeof ES_STATUSES)[number];

/** Where a task inside the shrinker is: spinning on s_es_lock, walking the inode list, sorting it, reclaiming an inode. */
export const ES_PHASES = ['spin', 'walk', 'sort', 'reclaim'] as const;
export type EsPhase = (typeof ES_PHASES)[number];

/** The page cache in pages, with the writeback thresholds and kswapd's watermarks. */
export const EsPages = z.object({
  mem: z.number().min(0),
  free: z.number().min(0),
  clean: z.number().min(0),
  dirty: z.number().min(0),
  writeback: z.number().min(0),
  dirty_bg: z.number().min(0),
  dirty_limit: z.number().min(0),
  wm_min: z.number().min(0),
  wm_low: z.number().min(0),
  wm_high: z.number().min(0),
});
export type EsPages = z.infer<typeof EsPages>;

/**
 * An inode on the shrinker's list: its reclaimable (shk) and delayed extent
 * counts, and `new` when a lookup hit it after the last sort (the 3.18
 * shrinker skips those; the round-robin ones do not look).
 */
export const EsListEntry = z.object({
  ino: z.number(),
  shk: z.number().min(0),
  delayed: z.number().min(0),
  new: z.boolean(),
});
export type EsListEntry = z.infer<typeof EsListEntry>;

export const EsList = z.object({
  /** inodes on the list */
  nr: z.number().int().min(0),
  /** the first entries in list order, at most 48 */
  head: z.array(EsListEntry),
  /** when the list was last sorted (baseline, es-cache), ns; 0 if never */
  last_sorted_ns: z.number(),
  sorts: z.number().int().min(0),
});
export type EsList = z.infer<typeof EsList>;

/** A task inside the shrinker: which CPU, its phase, the inode and block it stands on (-1: none), and its budget. */
export const EsShrinker = z.object({
  task: z.number(),
  cpu: z.number(),
  phase: z.enum(ES_PHASES),
  ino: z.number(),
  lblk: z.number(),
  freed: z.number().min(0),
  nr_to_scan: z.number(),
});
export type EsShrinker = z.infer<typeof EsShrinker>;

/**
 * Consecutive extents of one status merged into a run for drawing: `extents`
 * extent_status objects over `len` blocks from `lblk`; `referenced` of them
 * carry REFERENCED (upstream) or ACCESSED (es-gc).
 */
export const EsRun = z.object({
  lblk: z.number().int().min(0),
  len: z.number().int().min(1),
  extents: z.number().int().min(0),
  status: z.enum(ES_STATUSES),
  referenced: z.number().int().min(0),
});
export type EsRun = z.infer<typeof EsRun>;

/** Why the view shows this inode: a shrinker stands in it, it was the last reclaimed, or the first on the list. */
export const ES_FOCUS_WHY = ['shrinker', 'last', 'first'] as const;

/** One inode's extent status tree, drawn in block order. */
export const EsFocus = z.object({
  ino: z.number(),
  why: z.enum(ES_FOCUS_WHY),
  /** the file's size in blocks: the next append goes here */
  size: z.number().int().min(0),
  nr_extents: z.number().int().min(0),
  runs: z.array(EsRun),
  runs_truncated: z.boolean(),
  /** the index of the first run listed, and the tree's runs: a tree of more than 200 runs lists 200 around the shrinker's */
  runs_from: z.number().int().min(0),
  runs_of: z.number().int().min(0),
  /** upstream: where the next scan of this inode resumes (i_es_shrink_lblk) */
  shrink_lblk: z.number(),
  on_list: z.boolean(),
  /** the last lookup hit (baseline, es-cache: i_touch_when), ns */
  touch_ns: z.number(),
  /** es-ilist, es-gc: the first blocks on the per-inode reclaim lists, in list order (es-ilist uses inactive only) */
  inactive: z.array(z.number()),
  active: z.array(z.number()),
  /** the extent a shrinker stands on in this inode, -1 if none */
  cursor: z.number(),
});
export type EsFocus = z.infer<typeof EsFocus>;

/** The counters es_shrinker_info prints, and what the model adds. */
export const EsStats = z.object({
  calls: z.number().min(0),
  scan_ewma_us: z.number().min(0),
  max_scan_us: z.number().min(0),
  hits: z.number().min(0),
  misses: z.number().min(0),
  freed: z.number().min(0),
  visited: z.number().min(0),
  delayed_skipped: z.number().min(0),
  sorts: z.number().min(0),
});
export type EsStats = z.infer<typeof EsStats>;

export const EsState = z.object({
  variant: z.enum(ES_VARIANTS),
  case: z.enum(ES_CASES),
  extents: z.number().min(0),
  reclaimable: z.number().min(0),
  delayed: z.number().min(0),
  pages: EsPages,
  list: EsList,
  shrinkers: z.array(EsShrinker),
  focus: EsFocus.nullable(),
  stats: EsStats,
});
export type EsState = z.infer<typeof EsState>;

/** The lab's heatmaps, in the shape every lab's are. */
export const EsHeat = LabHeat;
export type EsHeat = LabHeat;

/** extent-status: the extent status trees, the inode list and the shrinkers that walk them. */
export const EsSnapshot = z.object({
  now_ns: z.number(),
  step: z.number(),
  locks: z.array(LockSnap),
  tasks: z.array(TaskSnap),
  es: EsState,
  /** ns each CPU spent inside the shrinker, per time bucket */
  reclaim_heat: EsHeat,
  /** extents freed from each inode (or group of small inodes), per time bucket */
  inode_heat: EsHeat,
});
export type EsSnapshot = z.infer<typeof EsSnapshot>;
