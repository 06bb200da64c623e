import { describe, expect, it } from 'vitest';
import { isWindowed, overviewCaption, overviewLayout, perPxWords } from './overview';

describe('overviewLayout', () => {
  const win = { from: 32_704, to: 32_832, of: 65_536, cursor: 32_768 };

  it('puts the cursor, the window and the visited part where they are in the whole', () => {
    const o = overviewLayout(win, 512, 32_769);
    expect(o.perPx).toBe(128);
    expect(o.cursor).toBeCloseTo(256, 0);
    expect(o.window.x).toBeCloseTo(255.5, 1);
    expect(o.window.w).toBe(1); // 128 entries at 128 a pixel, never thinner than one pixel
    expect(o.visited).toEqual({ x: 0, w: expect.closeTo(256, 0) as number });
  });
  it('draws no visited part and no cursor when there are none', () => {
    const o = overviewLayout({ ...win, cursor: -1 }, 512, 0);
    expect(o.visited).toBeNull();
    expect(o.cursor).toBeNull();
  });
  it('shades equal segments by their share of the largest count', () => {
    const o = overviewLayout(win, 640, 0, [0, 5, 10, 5]);
    expect(o.segments.map((s) => s.x)).toEqual([0, 160, 320, 480]);
    expect(o.segments.map((s) => s.w)).toEqual([160, 160, 160, 160]);
    expect(o.segments.map((s) => s.share)).toEqual([0, 0.5, 1, 0.5]);
  });
  it('keeps a window at the very end inside the bar', () => {
    const o = overviewLayout({ from: 65_408, to: 65_536, of: 65_536, cursor: 65_535 }, 512);
    expect(o.window.x + o.window.w).toBeLessThanOrEqual(512);
    expect(o.cursor).toBeLessThanOrEqual(512);
  });
});

describe('what the bar says', () => {
  it('says whether a window leaves entries out', () => {
    expect(isWindowed({ from: 0, to: 40, of: 40, cursor: 3 })).toBe(false);
    expect(isWindowed({ from: 0, to: 128, of: 129, cursor: 3 })).toBe(true);
  });
  it('names the scale of a pixel', () => {
    expect(perPxWords(512, 'inode', 'inodes')).toBe('1 px ≈ 512 inodes');
    expect(perPxWords(1.46, 'inode', 'inodes')).toBe('1 px ≈ 1.5 inodes');
    expect(perPxWords(0.5, 'inode', 'inodes')).toBe('1 px < 1 inode');
  });
  it('says what is aggregated and what is drawn below', () => {
    const words = { one: 'inode', many: 'inodes', where: 'on the queue' };
    expect(overviewCaption({ from: 32_704, to: 32_832, of: 65_536, cursor: 32_768 }, 128, words)).toBe(
      '65,536 inodes on the queue: bar = all, 1 px ≈ 512 inodes; below, the 128 around the cursor (#32,704–#32,831)',
    );
    expect(overviewCaption({ from: 0, to: 128, of: 1000, cursor: -1 }, 1000, { ...words, around: 'x' })).toBe(
      '1,000 inodes on the queue: bar = all, 1 px ≈ 1 inode; below, the 128 from the start (#0–#127)',
    );
  });
});
