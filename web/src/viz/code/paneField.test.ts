import { EditorState, type RangeSet, type RangeValue } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { badgeText, paneField, paneMarks, setPaneLines, TaskMarker } from './paneField';
import { paneLines, type LineMark } from './paneLines';

const DOC = Array.from({ length: 12 }, (_, i) => (i === 5 ? '' : `line ${i + 1};`)).join('\n');

function stateWith(p: Parameters<typeof paneLines>[0], doc = DOC) {
  const s = EditorState.create({ doc, extensions: paneMarks() });
  return s.update({ effects: setPaneLines.of(paneLines(p, s.doc.lines)) }).state;
}

function ranges<T extends RangeValue>(state: EditorState, set: RangeSet<T>): { line: number; at: 'start' | 'end'; value: T }[] {
  const out: { line: number; at: 'start' | 'end'; value: T }[] = [];
  set.between(0, state.doc.length, (from, _to, value) => {
    const l = state.doc.lineAt(from);
    out.push({ line: l.number, at: from === l.from ? 'start' : 'end', value });
  });
  return out;
}

/** The marked lines, each with its label. */
const marked = (state: EditorState) => state.field(paneField).marked;

const mk = (line: number, label: string, state: string): LineMark => ({ line, label, state });

describe('the pane field', () => {
  it('marks the executing and the other line, each with its label at the end of the line', () => {
    const s = stateWith({ activeLine: 9, activeLabel: 'before', secondaryLine: 2, secondaryLabel: 'after' });
    expect(marked(s)).toEqual([
      { line: 2, label: 'after', kind: 'secondary' },
      { line: 9, label: 'before', kind: 'active' },
    ]);
    const classes = ranges(s, s.field(paneField).gutterClasses);
    expect(classes.map((c) => [c.line, c.value.elementClass])).toEqual([
      [2, 'cm-exec-secondary'],
      [9, 'cm-exec-active'],
    ]);
  });

  it('marks an empty line too', () => {
    expect(marked(stateWith({ activeLine: 6 }))).toEqual([{ line: 6, label: 'executing', kind: 'active' }]);
  });

  it('puts the tasks of each line in one gutter marker, with their states in words', () => {
    const s = stateWith({ activeLine: 3, marks: [mk(3, 'T1', 'run'), mk(7, 'T2', 'spin'), mk(7, 'T3', 'spin'), mk(7, 'T4', 'spin'), mk(7, 'T5', 'sleep')] });
    const markers = ranges(s, s.field(paneField).taskMarkers).map(({ line, value }) => {
      const m = value as TaskMarker;
      return { line, badges: m.groups.map(badgeText), text: m.text };
    });
    expect(markers).toEqual([
      { line: 3, badges: ['run T1'], text: 'run: T1' },
      { line: 7, badges: ['spin T2 T3 +1', 'sleep T5'], text: 'spin: T2 T3 T4; sleep: T5' },
    ]);
  });

  it('replaces the marks of the last frame with the next frame', () => {
    let s = stateWith({ activeLine: 3, secondaryLine: 4, marks: [mk(3, 'T1', 'run')] });
    s = s.update({ effects: setPaneLines.of(paneLines({ activeLine: 10, marks: [mk(11, 'T1', 'sleep')] }, s.doc.lines)) }).state;
    expect(marked(s)).toEqual([{ line: 10, label: 'executing', kind: 'active' }]);
    expect(ranges(s, s.field(paneField).taskMarkers).map((m) => m.line)).toEqual([11]);
  });

  it('keeps the marks still inside a new, shorter source and drops the rest', () => {
    let s = stateWith({ activeLine: 2, secondaryLine: 11, marks: [mk(2, 'T1', 'run'), mk(12, 'T2', 'run')] });
    const short = DOC.split('\n').slice(0, 5).join('\n');
    s = s.update({ changes: { from: 0, to: s.doc.length, insert: short } }).state;
    expect(marked(s).map((d) => d.line)).toEqual([2]);
    expect(ranges(s, s.field(paneField).taskMarkers).map((m) => m.line)).toEqual([2]);
  });

  it('tells equal task markers equal, so that the gutter keeps their DOM', () => {
    const a = new TaskMarker([{ state: 'spin', labels: ['T1'], more: 0 }], 'spin: T1');
    expect(a.eq(new TaskMarker([{ state: 'spin', labels: ['T1'], more: 0 }], 'spin: T1'))).toBe(true);
    expect(a.eq(new TaskMarker([{ state: 'run', labels: ['T1'], more: 0 }], 'run: T1'))).toBe(false);
  });
});
