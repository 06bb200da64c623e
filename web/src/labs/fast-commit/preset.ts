/**
 * A configuration small enough to watch step by step (where the table has
 * these parameters), large enough for the quadratic walk to matter: 32
 * threads creating 32 files each. Measured (seed 1): before 108k creates/s,
 * 54,840 steps, 498,824 nodes walked (the walk's middle charged at once);
 * after 131k creates/s (+21%), 37,704 steps, none walked. The first commit
 * starts at step 15,319 in both; the before run's first walk at step 19,369,
 * so the page opens just before it (OPENING_STEP): the walk shows after a
 * second of playback.
 */
export const ANIMATION_PRESET: Readonly<Record<string, number>> = { ways: 32, dirs: 8, files: 32, loops: 1 };
export const OPENING_STEP = 19_359;

/** The lesson's pair runs the mail's row 7 at its own size (the C table's row: a test holds them equal). */
export const LESSON_PARAMS: Readonly<Record<string, number>> = { ways: 64, dirs: 1024, files: 1024, loops: 1 };
