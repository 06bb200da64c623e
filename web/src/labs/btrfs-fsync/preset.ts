/**
 * A configuration small enough to watch step by step: six clients on four
 * CPUs for 200 ms, so that a commit and the fsyncs that meet it come within
 * the first few thousand steps and the whole run stays under the limit.
 * Only the parameters the model's table has apply.
 */
export const ANIMATION_PRESET: Readonly<Record<string, number>> = { clients: 6, cpus: 4, runtime_ms: 200 };

