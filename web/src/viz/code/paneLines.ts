/**
 * What the code pane marks, as plain data: the executing line, the other
 * variant's line, and where the tasks stand, grouped by line and by state.
 * The editor's decorations are built from this (paneField.ts); keeping it
 * apart from CodeMirror lets a frame compare what it would draw with what is
 * drawn and skip the update when nothing changed.
 */

export interface LineMark {
  line: number;
  label: string;
  /** a CSS state name (run, spin, sleep, io, ready, done) */
  state: string;
}

/** Tasks of one state on one line: the first labels by name, the rest counted. */
export interface MarkGroup {
  state: string;
  labels: readonly string[];
  /** how many more tasks of this state stand on the line */
  more: number;
}

/** Every task on one line, in state order. */
export interface LineMarks {
  line: number;
  groups: readonly MarkGroup[];
  /** all of them in words, for the tooltip and the accessible name */
  text: string;
}

/** One marked line with its label. */
export interface MarkedLine {
  line: number;
  label: string;
}

export interface PaneLines {
  active: MarkedLine | null;
  /** the other variant's line; null when it is the executing line too or there is none */
  secondary: MarkedLine | null;
  marks: readonly LineMarks[];
}

/** Labels a group shows by name; past this they are counted. */
export const LABELS_SHOWN = 2;

/** The order states are listed in on a line: what runs first, what waits after. */
const STATE_ORDER = ['run', 'spin', 'io', 'sleep', 'ready', 'done'];

function stateRank(state: string): number {
  const i = STATE_ORDER.indexOf(state);
  return i < 0 ? STATE_ORDER.length : i;
}

/** A 1-based line of a source of `lineCount` lines, or null for no line or one outside it. */
export function lineIn(line: number | null | undefined, lineCount: number): number | null {
  return line != null && Number.isInteger(line) && line >= 1 && line <= lineCount ? line : null;
}

/** A label's trailing number (T10: 10), or -1. */
function labelNumber(label: string): number {
  const m = /\d+$/.exec(label);
  return m ? Number(m[0]) : -1;
}

/**
 * Task labels sort by their number when they have one (T2 before T10).
 * Not localeCompare's numeric collation: at every frame of 64 tasks its
 * cost showed in profiles.
 */
function byLabel(a: string, b: string): number {
  return labelNumber(a) - labelNumber(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** The tasks by line, each line's tasks by state; marks outside the source are dropped. */
export function groupMarks(marks: readonly LineMark[], lineCount: number): LineMarks[] {
  const byLine = new Map<number, Map<string, string[]>>();
  for (const m of marks) {
    const line = lineIn(m.line, lineCount);
    if (line == null) continue;
    let states = byLine.get(line);
    if (!states) byLine.set(line, (states = new Map()));
    const labels = states.get(m.state);
    if (labels) labels.push(m.label);
    else states.set(m.state, [m.label]);
  }
  return [...byLine.keys()]
    .sort((a, b) => a - b)
    .map((line) => {
      const states = byLine.get(line)!;
      const groups = [...states.keys()]
        .sort((a, b) => stateRank(a) - stateRank(b) || (a < b ? -1 : 1))
        .map((state) => {
          const all = states.get(state)!.sort(byLabel);
          return { state, labels: all.slice(0, LABELS_SHOWN), more: Math.max(0, all.length - LABELS_SHOWN), all };
        });
      const text = groups.map((g) => `${g.state}: ${g.all.join(' ')}`).join('; ');
      return { line, groups: groups.map(({ state, labels, more }) => ({ state, labels, more })), text };
    });
}

export interface PaneLinesInput {
  activeLine: number | null;
  activeLabel?: string;
  secondaryLine?: number | null;
  secondaryLabel?: string;
  marks?: readonly LineMark[];
}

/** What the pane marks for these props on a source of `lineCount` lines. */
export function paneLines(p: PaneLinesInput, lineCount: number): PaneLines {
  const active = lineIn(p.activeLine, lineCount);
  const secondary = lineIn(p.secondaryLine, lineCount);
  const activeLabel = p.activeLabel ?? 'executing';
  const secondaryLabel = p.secondaryLabel ?? 'other';
  return {
    active: active == null ? null : { line: active, label: secondary === active ? `${activeLabel} and ${secondaryLabel}` : activeLabel },
    secondary: secondary == null || secondary === active ? null : { line: secondary, label: secondaryLabel },
    marks: groupMarks(p.marks ?? [], lineCount),
  };
}

function sameLine(a: MarkedLine | null, b: MarkedLine | null): boolean {
  return a === b || (a != null && b != null && a.line === b.line && a.label === b.label);
}

export function sameGroups(a: readonly MarkGroup[], b: readonly MarkGroup[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (g, i) =>
        g.state === b[i]!.state &&
        g.more === b[i]!.more &&
        g.labels.length === b[i]!.labels.length &&
        g.labels.every((l, j) => l === b[i]!.labels[j]),
    )
  );
}

function sameMarks(a: readonly LineMarks[], b: readonly LineMarks[]): boolean {
  return a.length === b.length && a.every((m, i) => m.line === b[i]!.line && m.text === b[i]!.text && sameGroups(m.groups, b[i]!.groups));
}

/** Whether two frames mark the same: the editor need not be told of the second. */
export function samePaneLines(a: PaneLines, b: PaneLines): boolean {
  return sameLine(a.active, b.active) && sameLine(a.secondary, b.secondary) && sameMarks(a.marks, b.marks);
}

/** Where a line stands in the scrolled box and how the box is scrolled, in pixels. */
export interface FollowGeometry {
  /** the line's top and bottom from the top of the scrolled content */
  lineTop: number;
  lineBottom: number;
  scrollTop: number;
  /** the box's visible height and its content's whole height */
  viewHeight: number;
  contentHeight: number;
}

/**
 * Where to scroll so that the executing line shows: null while it is visible
 * (its middle inside the box: the pane does not move under a reader's eyes
 * while the line stays in view), else a position that puts it a third of the
 * way down.
 */
export function followScroll(g: FollowGeometry): number | null {
  const middle = (g.lineTop + g.lineBottom) / 2;
  if (g.viewHeight <= 0 || (middle >= g.scrollTop && middle <= g.scrollTop + g.viewHeight)) return null;
  const maxTop = Math.max(0, g.contentHeight - g.viewHeight);
  const next = Math.round(Math.max(0, Math.min(g.lineTop - g.viewHeight / 3, maxTop)));
  return Math.abs(next - g.scrollTop) < 1 ? null : next;
}
