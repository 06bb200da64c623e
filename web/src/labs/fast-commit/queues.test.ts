import { describe, expect, it } from 'vitest';
import type { Step, TaskSnap } from '../../core/types';
import { gridLayout } from '../../viz/grid/grid';
import {
  boxesOnCanvas,
  boxUnder,
  dentryBoxes,
  describeStep,
  inodeBoxes,
  journalLines,
  queuesSummary,
  tasksSummary,
  visitedCounts,
  walkedNodes,
  walkTarget,
  walkTrail,
  windowIndex,
  type FcState,
} from './queues';
import type { FcSnapshot } from './schema';

const step = (over: Partial<Step>): Step => ({ i: 1, t: 0, cpu: 0, task: 1, line: 10, kind: 'visit', a: 0, b: 0, ...over });

const fc: FcState = {
  inode_q: [
    { ino: 13, dir: false },
    { ino: 11, dir: false },
    { ino: 12, dir: false },
  ],
  inode_q_len: 3,
  inode_win: { from: 0, to: 3, of: 3, cursor: 1 },
  dentry_q: [
    { ino: 12, parent: 10 },
    { ino: 11, parent: 10 },
  ],
  dentry_q_len: 2,
  dentry_win: { from: 0, to: 2, of: 2, cursor: 1 },
  walk: { task: 1, dentry_idx: 1, inode_idx: 1, target: 1 },
  commit_running: true,
  commits: 0,
  journal: { updates_locked: true, fast_commit: true, full_commit: false, running_tid: 2, commit_sequence: 1, fc_blocks_used: 0, fc_blocks: 4095 },
};

describe('walk', () => {
  it('keeps the comparisons of the current record by the walking task', () => {
    const steps = [
      step({ a: 0, b: 0 }),
      step({ a: 0, b: 2, kind: 'match' }),
      step({ a: 1, b: 0 }),
      step({ a: 1, b: 0, task: 2 }),
      step({ a: 1, b: 1, kind: 'lock' }),
      step({ a: 1, b: 1 }),
    ];
    expect(walkTrail(steps, fc.walk)).toEqual([0, 1]);
    expect(walkTrail(steps, null)).toEqual([]);
  });
  it('counts the nodes of walks shown whole and of walks shown by their first and last visits', () => {
    const walk = (task: number, a: number, bs: number[]) => bs.map((b) => step({ task, a, b }));
    const first16 = Array.from({ length: 16 }, (_, k) => k);
    const steps = [
      ...walk(1, 0, [0]),
      ...walk(1, 1, [0, 1, 2]),
      step({ kind: 'match', a: 1, b: 2 }),
      ...walk(1, 2, [...first16, 399]),
      ...walk(2, 0, [0, 1]),
      ...walk(2, 0, [0, 1, 2, 3]),
    ];
    expect(walkedNodes(steps)).toBe(1 + 3 + 400 + 2 + 4);
    expect(walkedNodes([])).toBe(0);
  });
  it('finds the target entry in both variants', () => {
    expect(walkTarget(fc, 'before')).toBe(1);
    expect(walkTarget({ ...fc, walk: { task: 1, dentry_idx: 0, inode_idx: -1, target: 2 } }, 'after')).toBe(2);
    expect(walkTarget({ ...fc, walk: null }, 'after')).toBe(-1);
  });
  it('describes steps', () => {
    expect(describeStep(step({ a: 3, b: 7 }))).toBe('compares record #3 with inode entry #7');
    expect(describeStep(step({ kind: 'commit_start', a: 38, b: 30 }))).toBe('starts a fast commit of 38 inodes and 30 records');
    expect(describeStep(step({ kind: 'odd', a: 1, b: 2 }))).toBe('odd (1, 2)');
    expect(describeStep(step({ kind: 'match', a: 1, b: -1 }))).toBe("follows record #1's link straight to its inode");
  });
});

describe('windows of a long queue', () => {
  const win = { from: 4000, to: 4128, of: 65536, cursor: 4064 };
  it('places an entry of the whole queue in the window, or nowhere', () => {
    expect(windowIndex(win, 4064)).toBe(64);
    expect(windowIndex(win, 4000)).toBe(0);
    expect(windowIndex(win, 4128)).toBe(-1);
    expect(windowIndex(win, 3999)).toBe(-1);
    expect(windowIndex(win, -1)).toBe(-1);
  });
  it('counts the written records and, before the patch, the compared entries as visited', () => {
    const w = { ...fc, walk: { task: 1, dentry_idx: 300, inode_idx: 4064, target: 9000 } };
    expect(visitedCounts(w, 'before')).toEqual({ dentry: 300, inode: 4065 });
    expect(visitedCounts({ ...w, walk: { ...w.walk, inode_idx: -1 } }, 'after')).toEqual({ dentry: 300, inode: 0 });
    expect(visitedCounts({ ...fc, walk: null }, 'before')).toEqual({ dentry: 0, inode: 0 });
  });
  it("finds the record's inode far down the queue after the patch", () => {
    expect(walkTarget({ ...fc, walk: { task: 1, dentry_idx: 300, inode_idx: -1, target: 9000 } }, 'after')).toBe(9000);
  });
});

describe('journalLines', () => {
  const none = { from: 0, to: 0, of: 0, cursor: -1 };
  const journal = { updates_locked: false, fast_commit: false, full_commit: false, running_tid: 7, commit_sequence: 6, fc_blocks_used: 3, fc_blocks: 4095 };
  const task = (id: number, state: TaskSnap['state'], fn: string): TaskSnap => ({ id, cpu: id, name: `fs_mark/${id}`, state, line: 1, fn });
  const snap = (j: Partial<typeof journal>, tasks: TaskSnap[]): FcSnapshot => ({
    now_ns: 0,
    step: 1,
    locks: [],
    tasks,
    fc: { inode_q: [], inode_q_len: 0, inode_win: none, dentry_q: [], dentry_q_len: 0, dentry_win: none, walk: null, commit_running: false, commits: 0, journal: { ...journal, ...j } },
  });

  it('names the transactions and the area, and says when no commit runs', () => {
    expect(journalLines(snap({}, []))).toEqual([
      'journal: T7 running · committed through T6 · fast-commit area 3/4095 blocks',
      'no commit under way: handles start freely',
    ]);
  });

  it('counts the threads a fast commit keeps out of the journal and the fsyncs waiting for it', () => {
    const tasks = [
      task(0, 'sleep', 'jbd2_journal_start'),
      task(1, 'sleep', 'jbd2_journal_start'),
      task(2, 'run', 'ext4_fc_commit_dentry_updates'),
      task(3, 'sleep', 'jbd2_fc_begin_commit'),
      task(4, 'run', 'jbd2_journal_start'),
    ];
    expect(journalLines(snap({ updates_locked: true, fast_commit: true }, tasks))[1]).toBe(
      'fast commit, updates locked: 2 threads asleep in start_this_handle, 1 fsync waiting',
    );
    expect(journalLines(snap({ full_commit: true }, [tasks[0]!]))[1]).toBe(
      'full commit: 1 thread asleep in start_this_handle, 0 fsyncs waiting',
    );
  });
});

describe('the boxes of the queues', () => {
  const g = gridLayout(3, 200, 96);
  it('marks the records written and the one being committed', () => {
    const boxes = dentryBoxes(fc, g);
    expect(boxes.map((b) => b.tone)).toEqual(['dentryDone', 'dentryCurrent']);
    expect(boxes.map((b) => b.cls)).toEqual(['q-box dentry done', 'q-box dentry current']);
    expect(boxes[1]!.title).toBe('dentry record #1: create ino 11 in dir 10');
    expect(dentryBoxes({ ...fc, walk: null }, g).map((b) => b.tone)).toEqual(['dentry', 'dentry']);
  });
  it('numbers the boxes of a window as entries of the whole queue', () => {
    const far = { ...fc, dentry_win: { from: 4000, to: 4002, of: 9000, cursor: 4001 }, walk: { task: 1, dentry_idx: 4001, inode_idx: 1, target: 1 } };
    expect(dentryBoxes(far, g).map((b) => [b.i, b.tone])).toEqual([
      [4000, 'dentryDone'],
      [4001, 'dentryCurrent'],
    ]);
  });
  it('fills the compared entry before the patch, the matched or linked one after, and shades the trail', () => {
    const compare = [step({ a: 1, b: 0 }), step({ a: 1, b: 2 }), step({ a: 1, b: 1 })];
    const before = inodeBoxes(fc, 'before', compare, g);
    /* compared 0, then 2, now 1 */
    expect(before.map((b) => b.tone)).toEqual(['inode', 'inodeCompared', 'inode']);
    expect(before.map((b) => b.trail)).toEqual([0.25 + 0.55 / 3, null, 0.25 + (0.55 * 2) / 3]);
    const match = inodeBoxes(fc, 'before', [step({ a: 1, b: 1, kind: 'match' })], g);
    expect(match[1]!.tone).toBe('inodeMatched');
    expect(match[1]!.cls).toBe('q-box inode matched');
    const after = inodeBoxes({ ...fc, walk: { task: 1, dentry_idx: 1, inode_idx: -1, target: 2 } }, 'after', [], g);
    expect(after.map((b) => b.tone)).toEqual(['inode', 'inode', 'inodeMatched']);
    expect(after.every((b) => b.trail === null)).toBe(true);
  });
  it('gives a directory its tab and its words', () => {
    const dir = { ...fc, inode_q: [{ ino: 10, dir: true }], inode_win: { from: 0, to: 1, of: 1, cursor: -1 }, walk: null };
    const [b] = inodeBoxes(dir, 'before', [], g);
    expect(b).toMatchObject({ tone: 'inodeDir', tab: true, rx: 1, cls: 'q-box inode dir', title: 'inode entry #0: ino 10 (directory)' });
  });
  it('finds the box under a point, and none in the gaps or past the last', () => {
    const grid = gridLayout(5, 100, 96, 10, 2, 4);
    const boxes = inodeBoxes({ ...fc, inode_q: Array.from({ length: 5 }, (_, k) => ({ ino: 20 + k, dir: false })) }, 'before', [], grid);
    expect(grid.cols).toBeGreaterThan(1);
    expect(boxUnder(boxes, grid, 1, 1)?.ino).toBe(20);
    expect(boxUnder(boxes, grid, grid.boxW + grid.gap + 1, 1)?.ino).toBe(21);
    expect(boxUnder(boxes, grid, grid.boxW + 1, 1)).toBeNull();
    expect(boxUnder(boxes, grid, 1, grid.boxH + 1)).toBeNull();
    expect(boxUnder(boxes, grid, -1, 1)).toBeNull();
    expect(boxUnder(boxes, grid, (grid.boxW + grid.gap) * grid.cols + 1, 1)).toBeNull();
    const lastRow = Math.floor(4 / grid.cols);
    expect(boxUnder(boxes, grid, (grid.boxW + grid.gap) * (grid.cols - 1) + 1, lastRow * (grid.boxH + grid.gap) + 1)).toBeNull();
  });
  it('goes on a canvas with many tasks or many boxes, and stays SVG with few of both', () => {
    expect(boxesOnCanvas(5, 60)).toBe(false);
    expect(boxesOnCanvas(16, 159)).toBe(false);
    expect(boxesOnCanvas(17, 0)).toBe(true);
    expect(boxesOnCanvas(65, 12)).toBe(true);
    expect(boxesOnCanvas(5, 160)).toBe(true);
  });
  it('says where the queues and the commit stand', () => {
    expect(queuesSummary(fc, 'before')).toBe(
      'fast-commit queues, before the patch: 2 create records on the dentry queue; 3 inodes on s_fc_q; T1 commits record #1, compared with inode entry #1',
    );
    const long = {
      ...fc,
      inode_q_len: 65536,
      inode_win: { from: 4000, to: 4128, of: 65536, cursor: 4064 },
      walk: { task: 3, dentry_idx: 300, inode_idx: -1, target: 9000 },
    };
    expect(queuesSummary(long, 'after')).toBe(
      'fast-commit queues, after the patch: 2 create records on the dentry queue; 65,536 inodes on s_fc_q, #4,000 to #4,127 drawn; T3 commits record #300, linked to inode entry #9,000',
    );
    expect(queuesSummary({ ...fc, walk: null }, 'after')).toMatch(/; no commit walking them$/);
  });
});

describe('tasksSummary', () => {
  const task = (id: number, state: TaskSnap['state']): TaskSnap => ({ id, cpu: id, name: `fs_mark/${id}`, state, line: 1, fn: 'f' });
  it('counts the tasks in each state, in the order they first appear', () => {
    expect(tasksSummary([task(0, 'sleep'), task(1, 'run'), task(2, 'sleep'), task(3, 'io')])).toBe('4 tasks: 2 sleep, 1 run, 1 I/O');
    expect(tasksSummary([task(0, 'spin')])).toBe('1 task: 1 spin');
    expect(tasksSummary([])).toBe('0 tasks');
  });
});
