/**
 * A configuration small enough to watch step by step (where the table has
 * these parameters), large enough for the quadratic walk to matter: 32
 * threads creating 32 files each. Measured (seed 1): before 110k creates/s,
 * 525,267 steps, 495,808 nodes walked; after 133k creates/s (+21%), 29,459
 * steps, none walked. The first commit starts at step 9,154 in both; the
 * before run's first walk at step 13,170, so the page opens just before it
 * (OPENING_STEP): the walk shows after a second of playback.
 */
export const ANIMATION_PRESET: Readonly<Record<string, number>> = { ways: 32, dirs: 8, files: 32, loops: 1 };
export const OPENING_STEP = 13_160;

/** The lesson's pair runs the mail's row 7 at its own size (the C table's row: a test holds them equal). */
export const LESSON_PARAMS: Readonly<Record<string, number>> = { ways: 64, dirs: 1024, files: 1024, loops: 1 };
