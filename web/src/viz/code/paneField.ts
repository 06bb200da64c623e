/**
 * The code pane's marks in the editor's state: a frame dispatches one
 * transaction with setPaneLines, and this field turns what it marks
 * (paneLines.ts) into line decorations (the executing and the other line,
 * each with its label at the end of the line), line classes for the gutters,
 * and the task markers of the tasks gutter. The decorations are rebuilt from
 * the handful of marked lines, never from the source, so a frame costs the
 * same at any size of run.
 */
import { RangeSet, RangeSetBuilder, StateEffect, StateField, type EditorState, type Extension } from '@codemirror/state';
import { Decoration, EditorView, GutterMarker, WidgetType, gutter, gutterLineClass, type DecorationSet } from '@codemirror/view';
import { sameGroups, type LineMarks, type MarkGroup, type PaneLines } from './paneLines';

export const setPaneLines = StateEffect.define<PaneLines>();

export const NO_PANE_LINES: PaneLines = { active: null, secondary: null, marks: [] };

/** The label at the end of a marked line: which variant, or "executing". */
class LineLabel extends WidgetType {
  constructor(
    readonly label: string,
    readonly kind: 'active' | 'secondary',
  ) {
    super();
  }
  eq(other: LineLabel): boolean {
    return other.label === this.label && other.kind === this.kind;
  }
  toDOM(): HTMLElement {
    const el = document.createElement('span');
    el.className = `cm-exec-label cm-exec-label-${this.kind}`;
    el.textContent = `◀ ${this.label}`;
    return el;
  }
  ignoreEvent(): boolean {
    return false;
  }
}

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

interface PaneDecorations {
  lines: PaneLines;
  decorations: DecorationSet;
  gutterClasses: RangeSet<GutterMarker>;
  taskMarkers: RangeSet<GutterMarker>;
}

/* the line's number rides on it as data-line, for whoever reads the pane (its browser tests) */
function lineDecoration(kind: 'active' | 'secondary', line: number): Decoration {
  return Decoration.line({
    class: `cm-exec-${kind}`,
    attributes: { 'data-testid': `code-line-${kind}`, 'data-line': String(line) },
  });
}

/** The decorations of what a frame marks, on the state's document. */
export function buildDecorations(state: EditorState, lines: PaneLines): PaneDecorations {
  const doc = state.doc;
  const marked = [
    ...(lines.active ? [{ ...lines.active, kind: 'active' as const }] : []),
    ...(lines.secondary ? [{ ...lines.secondary, kind: 'secondary' as const }] : []),
  ]
    .filter((m) => m.line <= doc.lines)
    .sort((a, b) => a.line - b.line);
  const deco = new RangeSetBuilder<Decoration>();
  const classes = new RangeSetBuilder<GutterMarker>();
  for (const m of marked) {
    const l = doc.line(m.line);
    deco.add(l.from, l.from, lineDecoration(m.kind, m.line));
    deco.add(l.to, l.to, Decoration.widget({ widget: new LineLabel(m.label, m.kind), side: 1 }));
    classes.add(l.from, l.from, m.kind === 'active' ? ACTIVE_CLASS : SECONDARY_CLASS);
  }
  const tasks = new RangeSetBuilder<GutterMarker>();
  for (const m of lines.marks) {
    if (m.line > doc.lines) continue;
    const from = doc.line(m.line).from;
    tasks.add(from, from, new TaskMarker(m.groups, m.text));
  }
  return { lines, decorations: deco.finish(), gutterClasses: classes.finish(), taskMarkers: tasks.finish() };
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
  provide: (f) => [
    EditorView.decorations.from(f, (v) => v.decorations),
    gutterLineClass.from(f, (v) => v.gutterClasses),
  ],
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
  '.cm-exec-label': {
    marginLeft: '1.5rem',
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

/** The pane's marks: the state field, the gutter that draws its tasks, and their look. */
export function paneMarks(): Extension {
  return [paneField, taskGutter, paneTheme];
}

