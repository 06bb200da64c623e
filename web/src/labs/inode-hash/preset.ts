/**
 * A configuration small enough to watch step by step: a few threads on
 * small trees, 16 buckets so that chains form, a cache small enough that
 * reclaim evicts (and RCU frees) inodes while the second pass looks them up.
 * Only the parameters the model's table has apply (urlState.defaultViewState).
 */
export const ANIMATION_PRESET: Readonly<Record<string, number>> = {
  threads: 4,
  dirs: 2,
  files: 8,
  hash_bits: 4,
  icache: 32,
  passes: 2,
};

