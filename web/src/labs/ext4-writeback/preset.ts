/**
 * A configuration small enough to watch step by step: the mail's sixteen
 * jobs for one second of virtual time (a fifth of it warmup), some 25,000
 * steps. Only the parameters the model's table has apply.
 */
export const ANIMATION_PRESET: Readonly<Record<string, number>> = { runtime_ms: 1000 };

