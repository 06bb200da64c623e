/**
 * The code pane's marks in the editor's state: a frame dispatches one
 * transaction with setPaneLines, and this field keeps what it marks
 * (paneLines.ts): the executing and the other line, line classes for the
 * gutters, and the task markers of the tasks gutter. Nothing of it is in the
 * source's own DOM: the two lines are drawn on a layer under the text, each
 * with its label at the end of the line, and the tasks in a gutter, so a
 * frame redraws no line of the source. (A redrawn line would make the editor
 * read the DOM selection again, which lays the page out at every frame of
 * play.) The marks are rebuilt from the handful of marked lines, never from
 * the source, so a frame costs the same at any size of run.
 */
import { RangeSet, RangeSetBuilder, StateEffect, StateField, type EditorState, type Extension } from '@codemirror/state';
import { EditorView, GutterMarker, gutter, gutterLineClass, layer, type LayerMarker } from '@codemirror/view';
import { sameGroups, type LineMarks, type MarkGroup, type PaneLines } from './paneLines';

export const setPaneLines = StateEffect.define<PaneLines>();

export const NO_PANE_LINES: PaneLines = { active: null, secondary: null, marks: [] };

/** The tasks on one line, each state as a badge that names it in words: "spin T3 T7 +4". */
export class TaskMarker extends GutterMarker {
  constructor(
    readonly groups: readonly MarkGroup[],
    readonly text: string,
  ) {
    super();
  }
  eq(other: GutterMarker): boolean {
    return other instanceof TaskMarker && other.text === this.text && sameGroups(other.groups, this.groups);
  }
  toDOM(): Node {
    const box = document.createElement('span');
    box.className = 'cm-task-marks';
    box.title = this.text;
    for (const g of this.groups) {
      const badge = document.createElement('span');
      badge.className = `code-task state-${g.state}`;
      badge.dataset.state = g.state;
      badge.textContent = badgeText(g);
      box.appendChild(badge);
    }
    return box;
  }
}

/** A badge's text: the state, then the first tasks by name and the rest counted. */
export function badgeText(g: MarkGroup): string {
  return [g.state, ...g.labels, ...(g.more > 0 ? [`+${g.more}`] : [])].join(' ');
}

class LineClass extends GutterMarker {
  constructor(readonly elementClass: string) {
    super();
  }
  eq(other: GutterMarker): boolean {
    return other instanceof LineClass && other.elementClass === this.elementClass;
  }
}

const ACTIVE_CLASS = new LineClass('cm-exec-active');
const SECONDARY_CLASS = new LineClass('cm-exec-secondary');

/** A marked line: which, and the label at its end. */
export interface MarkedLine {
  line: number;
  kind: 'active' | 'secondary';
  label: string;
}

interface PaneDecorations {
  lines: PaneLines;
  /** the executing and the other line, in the document's order */
  marked: readonly MarkedLine[];
  gutterClasses: RangeSet<GutterMarker>;
  taskMarkers: RangeSet<GutterMarker>;
}

/** The marks of what a frame marks, on the state's document. */
export function buildDecorations(state: EditorState, lines: PaneLines): PaneDecorations {
  const doc = state.doc;
  const marked: MarkedLine[] = [
    ...(lines.active ? [{ ...lines.active, kind: 'active' as const }] : []),
    ...(lines.secondary ? [{ ...lines.secondary, kind: 'secondary' as const }] : []),
  ]
    .filter((m) => m.line <= doc.lines)
    .sort((a, b) => a.line - b.line);
  const classes = new RangeSetBuilder<GutterMarker>();
  for (const m of marked) {
    const from = doc.line(m.line).from;
    classes.add(from, from, m.kind === 'active' ? ACTIVE_CLASS : SECONDARY_CLASS);
  }
  const tasks = new RangeSetBuilder<GutterMarker>();
  for (const m of lines.marks) {
    if (m.line > doc.lines) continue;
    const from = doc.line(m.line).from;
    tasks.add(from, from, new TaskMarker(m.groups, m.text));
  }
  return { lines, marked, gutterClasses: classes.finish(), taskMarkers: tasks.finish() };
}

/** Holds what the pane marks; a new document keeps the marks that are still inside it. */
export const paneField = StateField.define<PaneDecorations>({
  create: (state) => buildDecorations(state, NO_PANE_LINES),
  update(value, tr) {
    let lines: PaneLines | null = null;
    for (const e of tr.effects) if (e.is(setPaneLines)) lines = e.value;
    if (lines) return buildDecorations(tr.state, lines);
    if (tr.docChanged) {
      const { active, secondary, marks } = value.lines;
      const n = tr.state.doc.lines;
      return buildDecorations(tr.state, {
        active: active && active.line <= n ? active : null,
        secondary: secondary && secondary.line <= n ? secondary : null,
        marks: marks.filter((m: LineMarks) => m.line <= n),
      });
    }
    return value;
  },
  provide: (f) => gutterLineClass.from(f, (v) => v.gutterClasses),
});

/**
 * A marked line on the layer: a band as tall and wide as the line's box
 * (every row of it, the pane wrapping long lines), with the line's number on
 * it as data-line (for whoever reads the pane, its browser tests) and its
 * label after the line's last character, on its last row. A label that
 * would run past the band's right end is drawn against that end instead,
 * inside the pane: the label follows a spacer as wide as the line's last
 * row, which gives way first (CSS alone, no layout read).
 */
export class LineBand implements LayerMarker {
  constructor(
    readonly mark: MarkedLine,
    readonly left: number,
    readonly top: number,
    readonly width: number,
    readonly height: number,
    /** where the label starts, from the band's left; null where the line's end is not drawn */
    readonly labelLeft: number | null,
    /** the middle of the line's last row, from the band's top */
    readonly labelMiddle: number,
  ) {}

  eq(other: LayerMarker): boolean {
    return (
      other instanceof LineBand &&
      other.mark.line === this.mark.line &&
      other.mark.kind === this.mark.kind &&
      other.mark.label === this.mark.label &&
      other.left === this.left &&
      other.top === this.top &&
      other.width === this.width &&
      other.height === this.height &&
      other.labelLeft === this.labelLeft &&
      other.labelMiddle === this.labelMiddle
    );
  }

  draw(): HTMLElement {
    const el = document.createElement('div');
    el.className = `cm-exec-band cm-exec-${this.mark.kind}`;
    el.dataset.testid = `code-line-${this.mark.kind}`;
    const row = document.createElement('div');
    row.className = 'cm-exec-label-row';
    const spacer = document.createElement('span');
    spacer.className = 'cm-exec-label-spacer';
    const label = document.createElement('span');
    label.className = `cm-exec-label cm-exec-label-${this.mark.kind}`;
    label.dataset.testid = `code-label-${this.mark.kind}`;
    row.append(spacer, label);
    el.appendChild(row);
    this.place(el);
    return el;
  }

  update(el: HTMLElement, prev: LayerMarker): boolean {
    if (!(prev instanceof LineBand) || prev.mark.kind !== this.mark.kind) return false;
    this.place(el);
    return true;
  }

  private place(el: HTMLElement): void {
    el.dataset.line = String(this.mark.line);
    el.style.left = `${this.left}px`;
    el.style.top = `${this.top}px`;
    el.style.width = `${this.width}px`;
    el.style.height = `${this.height}px`;
    const row = el.firstChild as HTMLElement;
    const [spacer, label] = [row.firstChild as HTMLElement, row.lastChild as HTMLElement];
    label.textContent = `◀ ${this.mark.label}`;
    row.style.display = this.labelLeft === null ? 'none' : '';
    row.style.top = `${this.labelMiddle}px`;
    spacer.style.flexBasis = `calc(${this.labelLeft ?? 0}px + 1.5rem)`;
  }
}

/** The bands of the marked lines, measured in the editor's measure phase (as its own layers are). */
function lineBands(view: EditorView): LineBand[] {
  const { marked } = view.state.field(paneField);
  if (marked.length === 0) return [];
  /* the layer's origin: the scroller's content corner, as CodeMirror places its layers */
  const scroller = view.scrollDOM.getBoundingClientRect();
  const baseLeft = scroller.left - view.scrollDOM.scrollLeft * view.scaleX;
  const baseTop = scroller.top - view.scrollDOM.scrollTop * view.scaleY;
  const content = view.contentDOM.getBoundingClientRect();
  const left = (content.left - baseLeft) / view.scaleX;
  const width = content.width / view.scaleX;
  const docTop = (view.documentTop - baseTop) / view.scaleY;
  return marked.map((m) => {
    const line = view.state.doc.line(m.line);
    const block = view.lineBlockAt(line.from);
    const end = view.coordsAtPos(line.to, -1);
    const labelLeft = end ? (end.right - baseLeft) / view.scaleX - left : null;
    const top = docTop + block.top;
    const labelMiddle = end ? ((end.top + end.bottom) / 2 - baseTop) / view.scaleY - top : block.height / 2;
    return new LineBand(m, left, top, width, block.height, labelLeft, labelMiddle);
  });
}

const bandLayer = layer({
  above: false,
  class: 'cm-exec-layer',
  update: (u) =>
    u.docChanged || u.geometryChanged || u.viewportChanged || u.transactions.some((tr) => tr.effects.some((e) => e.is(setPaneLines))),
  markers: lineBands,
});

/** The gutter of the task marks, beside the line numbers. */
const taskGutter = gutter({
  class: 'cm-task-gutter',
  markers: (view) => view.state.field(paneField).taskMarkers,
});

/**
 * The look of the labels and the task badges. The badges' grounds are the
 * page's state colours (custom properties reach into the editor's shadow
 * root), each of which carries white text at 4.5:1 or more.
 */
const paneTheme = EditorView.theme({
  '&': { height: '100%' },
  '&.cm-focused': { outline: '2px solid var(--accent, #1b5fd6)', outlineOffset: '-2px' },
  /* scrolled by the compositor: following the executing line does not repaint the source */
  '.cm-scroller': { willChange: 'scroll-position' },
  '.cm-exec-layer': { pointerEvents: 'none' },
  '.cm-exec-band': { position: 'absolute' },
  '.cm-exec-label-row': {
    position: 'absolute',
    left: '0',
    right: '0',
    display: 'flex',
    transform: 'translateY(-50%)',
  },
  '.cm-exec-label-spacer': { flex: '0 1 auto', minWidth: '0' },
  '.cm-exec-label': {
    flex: 'none',
    whiteSpace: 'nowrap',
    padding: '0 0.35rem',
    borderRadius: '3px',
    font: '600 0.8em/1.4 var(--sans, sans-serif)',
    color: '#1c2233',
    userSelect: 'none',
  },
  '.cm-exec-label-active': { background: '#ffd873' },
  '.cm-exec-label-secondary': { background: '#cfe0ff' },
  '.cm-task-gutter .cm-gutterElement': {
    width: '8.5em',
    display: 'flex',
    gap: '2px',
    alignItems: 'center',
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    padding: '0 3px',
  },
  '.code-task': {
    flex: 'none',
    font: '600 0.78em/1.35 var(--sans, sans-serif)',
    color: '#fff',
    borderRadius: '3px',
    padding: '0 3px',
    background: 'var(--state-ready-text, #626b80)',
  },
  '.code-task.state-run': { background: 'var(--state-run-text, #1d7340)' },
  '.code-task.state-spin': { background: 'var(--state-spin-text, #b8321f)' },
  '.code-task.state-sleep': { background: 'var(--state-sleep-text, var(--state-sleep, #8b5fbf))' },
  '.code-task.state-io': { background: 'var(--state-io, #2f6db3)' },
});

/** The pane's marks: the state field, the layer of its lines, the gutter that draws its tasks, and their look. */
export function paneMarks(): Extension {
  return [paneField, bandLayer, taskGutter, paneTheme];
}

