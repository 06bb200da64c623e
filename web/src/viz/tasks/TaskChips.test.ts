import { describe, expect, it } from 'vitest';
import { waitersShown } from './TaskChips';

describe("a lock row's waiters", () => {
  it('are all drawn when they fit, and otherwise as many as leave room for the "+n" of the rest', () => {
    /* slots of 44 px after x0 */
    expect(waitersShown(0, 470, 238)).toBe(0);
    expect(waitersShown(5, 470, 238)).toBe(5); /* 238 + 5 x 44 = 458 */
    expect(waitersShown(6, 470, 238)).toBe(4); /* 502 > 470: (470 - 238 - 36) / 44 = 4.45 */
    expect(waitersShown(63, 470, 238)).toBe(4);
    expect(waitersShown(63, 1400, 238)).toBe(25);
    expect(waitersShown(3, 200, 238)).toBe(0);
  });
});
