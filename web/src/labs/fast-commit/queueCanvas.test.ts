import { describe, expect, it } from 'vitest';
import type { TaskSnap } from '../../core/types';
import { CHIP_H } from '../../viz/tasks/TaskChips';
import { chipAtPoint, chipPlace, chipTitle } from './queueCanvas';

const task = (id: number): TaskSnap => ({ id, cpu: id % 4, name: `fs_mark/${id}`, state: 'run', line: 7, fn: 'ext4_fc_commit' });

describe('the task chips on a canvas', () => {
  const layout = { cols: 3, chipW: 48, compact: true };
  const tasks = Array.from({ length: 7 }, (_, i) => task(i));
  it('places the chips row by row, as TaskChipGrid does', () => {
    expect(chipPlace(0, layout)).toEqual({ x: 0, y: 0, w: 48 });
    expect(chipPlace(4, layout)).toEqual({ x: 54, y: CHIP_H + 6, w: 48 });
  });
  it('finds the chip under a point, and none between chips or past the last', () => {
    expect(chipAtPoint(tasks, layout, 1, 1)?.id).toBe(0);
    expect(chipAtPoint(tasks, layout, 55, CHIP_H + 7)?.id).toBe(4);
    expect(chipAtPoint(tasks, layout, 50, 1)).toBeNull();
    expect(chipAtPoint(tasks, layout, 1, CHIP_H + 2)).toBeNull();
    expect(chipAtPoint(tasks, layout, 55, 2 * (CHIP_H + 6) + 1)).toBeNull();
    expect(chipAtPoint(tasks, layout, 3 * 54 + 1, 1)).toBeNull();
    expect(chipAtPoint(tasks, layout, -1, 1)).toBeNull();
  });
  it("says what TaskChip's tooltip says", () => {
    expect(chipTitle(task(5))).toBe('T5 fs_mark/5 on cpu 1: run in ext4_fc_commit (line 7)');
  });
});
