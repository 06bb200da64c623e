/**
 * A configuration small enough to watch step by step: sixteen clients on
 * four CPUs for 300 ms, at the model's own unpin cost (the mail's 1.7 us an
 * extent). What it shows over ten seeds (fsyncs' waits after the super
 * block is written before the patch, none after it, some in 6.12, whose
 * fallback through a fresh handle waits for COMPLETED again; its max
 * latency and throughput, each change with its interval and verdict) is on
 * record in the lesson study (measure.ts, measured/). The first fsync
 * falls back to a commit at step 45,897 on seed 1, so the page opens just
 * before it (OPENING_STEP). Only the parameters the model's table has apply.
 */
export const ANIMATION_PRESET: Readonly<Record<string, number>> = { clients: 16, cpus: 4, runtime_ms: 300 };
export const OPENING_STEP = 45_885;
