import { describe, expect, it } from 'vitest';
import { followScroll, groupMarks, lineIn, LABELS_SHOWN, paneLines, samePaneLines, type LineMark } from './paneLines';

const mk = (line: number, label: string, state: string): LineMark => ({ line, label, state });

describe('lineIn', () => {
  it('keeps a line of the source and refuses none, zero, past the end and fractions', () => {
    expect(lineIn(1, 10)).toBe(1);
    expect(lineIn(10, 10)).toBe(10);
    expect(lineIn(null, 10)).toBeNull();
    expect(lineIn(undefined, 10)).toBeNull();
    expect(lineIn(0, 10)).toBeNull();
    expect(lineIn(11, 10)).toBeNull();
    expect(lineIn(2.5, 10)).toBeNull();
  });
});

describe('groupMarks', () => {
  it('groups tasks by line and state, runners first, labels in numeric order, the rest counted', () => {
    const marks = [mk(7, 'T10', 'spin'), mk(7, 'T2', 'spin'), mk(3, 'T1', 'run'), mk(7, 'T9', 'spin'), mk(7, 'T4', 'run'), mk(7, 'T3', 'spin')];
    const g = groupMarks(marks, 20);
    expect(g.map((m) => m.line)).toEqual([3, 7]);
    expect(g[1]!.groups).toEqual([
      { state: 'run', labels: ['T4'], more: 0 },
      { state: 'spin', labels: ['T2', 'T3'].slice(0, LABELS_SHOWN), more: 4 - LABELS_SHOWN },
    ]);
    expect(g[1]!.text).toBe('run: T4; spin: T2 T3 T9 T10');
  });

  it('drops marks outside the source', () => {
    expect(groupMarks([mk(0, 'T1', 'run'), mk(21, 'T2', 'run'), mk(20, 'T3', 'sleep')], 20).map((m) => m.line)).toEqual([20]);
  });

  it('keeps a state it does not know, after the known ones', () => {
    const g = groupMarks([mk(1, 'T1', 'parked'), mk(1, 'T2', 'sleep')], 5);
    expect(g[0]!.groups.map((x) => x.state)).toEqual(['sleep', 'parked']);
  });
});

describe('paneLines', () => {
  it('marks the executing and the other line with their labels', () => {
    const p = paneLines({ activeLine: 4, activeLabel: 'before', secondaryLine: 9, secondaryLabel: 'after' }, 20);
    expect(p.active).toEqual({ line: 4, label: 'before' });
    expect(p.secondary).toEqual({ line: 9, label: 'after' });
  });

  it('names both variants on one line when they stand on the same line', () => {
    const p = paneLines({ activeLine: 4, activeLabel: 'before', secondaryLine: 4, secondaryLabel: 'after' }, 20);
    expect(p.active).toEqual({ line: 4, label: 'before and after' });
    expect(p.secondary).toBeNull();
  });

  it('says "executing" by default, and drops lines past the source', () => {
    expect(paneLines({ activeLine: 2 }, 3).active).toEqual({ line: 2, label: 'executing' });
    const p = paneLines({ activeLine: 30, secondaryLine: 31 }, 20);
    expect(p.active).toBeNull();
    expect(p.secondary).toBeNull();
  });
});

describe('samePaneLines', () => {
  const base = { activeLine: 4, secondaryLine: 9, marks: [mk(4, 'T1', 'run'), mk(9, 'T2', 'spin')] };
  it('finds two frames that mark the same the same, and any change different', () => {
    expect(samePaneLines(paneLines(base, 20), paneLines({ ...base, marks: [...base.marks] }, 20))).toBe(true);
    expect(samePaneLines(paneLines(base, 20), paneLines({ ...base, activeLine: 5 }, 20))).toBe(false);
    expect(samePaneLines(paneLines(base, 20), paneLines({ ...base, secondaryLabel: 'after' }, 20))).toBe(false);
    expect(samePaneLines(paneLines(base, 20), paneLines({ ...base, marks: [mk(4, 'T1', 'spin'), mk(9, 'T2', 'spin')] }, 20))).toBe(false);
    expect(samePaneLines(paneLines(base, 20), paneLines({ ...base, marks: [mk(4, 'T1', 'run')] }, 20))).toBe(false);
  });
});

describe('followScroll', () => {
  const box = { viewHeight: 300, contentHeight: 3000 };
  it('leaves the pane alone while the line is visible, at either edge too', () => {
    expect(followScroll({ ...box, scrollTop: 0, lineTop: 0, lineBottom: 18 })).toBeNull();
    expect(followScroll({ ...box, scrollTop: 100, lineTop: 385, lineBottom: 403 })).toBeNull();
    expect(followScroll({ ...box, scrollTop: 100, lineTop: 95, lineBottom: 113 })).toBeNull();
  });

  it('brings a line below or above the visible part to a third of the way down', () => {
    expect(followScroll({ ...box, scrollTop: 0, lineTop: 900, lineBottom: 918 })).toBe(800);
    expect(followScroll({ ...box, scrollTop: 1200, lineTop: 900, lineBottom: 918 })).toBe(800);
  });

  it('stays within the content', () => {
    expect(followScroll({ ...box, scrollTop: 2000, lineTop: 36, lineBottom: 54 })).toBe(0);
    expect(followScroll({ ...box, scrollTop: 0, lineTop: 2982, lineBottom: 3000 })).toBe(2700);
  });

  it('does nothing in a box with no height', () => {
    expect(followScroll({ viewHeight: 0, contentHeight: 3000, scrollTop: 0, lineTop: 900, lineBottom: 918 })).toBeNull();
  });
});
