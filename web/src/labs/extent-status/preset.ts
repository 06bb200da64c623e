/**
 * A configuration small enough to watch step by step: case b (index 1) with
 * two writers, 4096 small files and the smallest memory, for 300 ms, so that
 * memory runs short. Measured (seed 1): a shrinker scan takes 74.1 us on
 * average in baseline, 29.2 us upstream (2.5x less); baseline's shrinker
 * first runs at step 42,034 (18 calls, sorting the LRU), upstream's at step
 * 7,789 (74 calls). The page opens on baseline just before its first call
 * (OPENING_STEP). Only the parameters the model's table has apply.
 */
export const ANIMATION_PRESET: Readonly<Record<string, number>> = { case: 1, mem_mb: 32, jobs: 2, runtime_ms: 300, small_files: 4096 };
export const OPENING_STEP = 42_020;
