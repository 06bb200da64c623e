/**
 * A configuration small enough to watch step by step: case b (index 1) with
 * two writers, 256 small files and the smallest memory, for 300 ms, so that
 * memory runs short and every variant's shrinker has run within its first
 * 40,000 or so steps (scrub there, or play at a high speed). Only the parameters the model's table has apply.
 */
export const ANIMATION_PRESET: Readonly<Record<string, number>> = { case: 1, mem_mb: 32, jobs: 2, runtime_ms: 300, small_files: 256 };

