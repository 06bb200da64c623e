import { describe, expect, it } from 'vitest';
import type { TaskSnap } from '../../core/types';
import { CHIP_H } from '../../viz/tasks/TaskChips';
import { chipAtPoint, chipPlace, chipTitle, drawChips } from './queueCanvas';

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

/* a 2D context that records what is drawn: the chips' words and the rectangles cleared */
function recorder() {
  const texts: string[] = [];
  const cleared: number[][] = [];
  const ctx = {
    font: '',
    textAlign: '',
    textBaseline: '',
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 0,
    beginPath() {},
    roundRect() {},
    fill() {},
    stroke() {},
    fillText(t: string) {
      texts.push(t);
    },
    clearRect(x: number, y: number, w: number, h: number) {
      cleared.push([x, y, w, h]);
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, texts, cleared };
}

describe('the task chips drawn again', () => {
  const layout = { cols: 3, chipW: 48, compact: true };
  const tasks = Array.from({ length: 5 }, (_, i) => task(i));
  it('draws every chip on a blank canvas, and only the changed ones, cleared first, on the canvas as it stands', () => {
    const first = recorder();
    const keys = drawChips(first.ctx, tasks, layout, 2, 'sans');
    expect(first.texts).toHaveLength(5);
    expect(first.cleared).toEqual([]);

    const next = recorder();
    const moved = tasks.map((t) => (t.id === 4 ? { ...t, state: 'sleep' as const } : t));
    const again = drawChips(next.ctx, moved, layout, 3, 'sans', keys);
    /* task 4 changed state, the outline moved from task 2 to task 3 */
    expect(next.texts).toHaveLength(3);
    expect(next.cleared).toEqual([2, 3, 4].map((i) => [chipPlace(i, layout).x - 2, chipPlace(i, layout).y - 2, 52, CHIP_H + 4]));

    const same = recorder();
    expect(drawChips(same.ctx, moved, layout, 3, 'sans', again)).toEqual(again);
    expect(same.texts).toEqual([]);
  });
  it('clears the places of chips past the last task', () => {
    const keys = drawChips(recorder().ctx, tasks, layout, undefined, 'sans');
    const fewer = recorder();
    drawChips(fewer.ctx, tasks.slice(0, 4), layout, undefined, 'sans', keys);
    expect(fewer.texts).toEqual([]);
    expect(fewer.cleared).toEqual([[chipPlace(4, layout).x - 2, chipPlace(4, layout).y - 2, 52, CHIP_H + 4]]);
  });
});
