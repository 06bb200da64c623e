/**
 * The student's file in a CodeMirror 6 editor: C as the code pane shows it
 * (cTheme.ts), the editing keys and their history, and clang's errors and
 * warnings at their lines: the token underlined, the line tinted, a mark in
 * a gutter of their own, the message as the line's title.
 *
 * The marks are decorations and a gutter of @codemirror/view, which the
 * code pane already loads, rather than @codemirror/lint, whose tooltips and
 * panels would grow the editor chunk the lab pages share by some 17 kB.
 *
 * As the code pane, the editor lives in a shadow root of its box, so that
 * CodeMirror's run-time style sheets are constructed sheets, which the
 * site's Content-Security-Policy allows, not <style> elements.
 */
import { history, historyKeymap, indentWithTab, standardKeymap } from '@codemirror/commands';
import { EditorState, RangeSet, StateEffect, StateField, type Text } from '@codemirror/state';
import {
  Decoration,
  EditorView,
  gutter,
  GutterMarker,
  highlightActiveLine,
  keymap,
  lineNumbers,
  type DecorationSet,
} from '@codemirror/view';
import { memo, useEffect, useLayoutEffect, useRef } from 'react';
import { STUDENT_FILE, type Diagnostic } from '../core/wasi';
import { cCode } from '../viz/code/cTheme';

export interface ExerciseEditorProps {
  /** the text the editor opens with; a new value replaces the document (a reset) */
  initial: string;
  /** bumped to replace the document with `initial` again */
  generation: number;
  onChange(code: string): void;
  /** clang's diagnostics of the last compile; those of the student's file are drawn at their lines */
  diagnostics: readonly Diagnostic[];
  fileName: string;
  height?: number;
}

/** clang's line and column (1-based, a column counted in bytes of a tab-free line) as a range of `doc`. */
export function diagnosticRange(doc: Text, line: number, column: number): { from: number; to: number } {
  const n = Math.max(1, Math.min(line, doc.lines));
  const l = doc.line(n);
  const from = Math.min(l.to, l.from + Math.max(0, column - 1));
  /* the token under the column, or the line's end when there is none */
  const rest = l.text.slice(from - l.from);
  const word = /^[A-Za-z_0-9]+/.exec(rest)?.[0].length ?? (rest.length ? 1 : 0);
  return { from, to: from + word };
}

/** A diagnostic of the student's file, placed in the document. */
export interface EditorDiagnostic {
  from: number;
  to: number;
  line: number;
  severity: 'error' | 'warning';
  message: string;
}

/** The student's file's errors and warnings (notes belong to them), placed in `doc`. */
export function editorDiagnostics(doc: Text, diagnostics: readonly Diagnostic[]): EditorDiagnostic[] {
  return diagnostics
    .filter((d) => d.file === STUDENT_FILE && d.severity !== 'note')
    .map((d) => {
      const range = diagnosticRange(doc, d.line, d.column);
      return { ...range, line: doc.lineAt(range.from).number, severity: d.severity === 'error' ? 'error' : 'warning', message: d.message };
    });
}

const setDiagnostics = StateEffect.define<EditorDiagnostic[]>();

class DiagnosticMarker extends GutterMarker {
  constructor(
    readonly severity: EditorDiagnostic['severity'],
    readonly message: string,
  ) {
    super();
  }
  eq(other: DiagnosticMarker): boolean {
    return other.severity === this.severity && other.message === this.message;
  }
  toDOM(): Node {
    const el = document.createElement('span');
    el.className = `cm-diag-marker cm-diag-marker-${this.severity}`;
    el.textContent = this.severity === 'error' ? '✖' : '▲';
    el.title = this.message;
    el.setAttribute('aria-label', `${this.severity}: ${this.message}`);
    return el;
  }
}

/* the marks of the last compile, moved along with edits until the next */
const diagnosticField = StateField.define<{ marks: DecorationSet; gutter: RangeSet<GutterMarker> }>({
  create: () => ({ marks: Decoration.none, gutter: RangeSet.empty }),
  update(value, tr) {
    let { marks, gutter: g } = value;
    marks = marks.map(tr.changes);
    g = g.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setDiagnostics)) continue;
      const doc = tr.state.doc;
      const ranges = [];
      const gutterRanges = [];
      for (const d of e.value) {
        const at = doc.line(d.line).from;
        ranges.push(Decoration.line({ class: `cm-diag-line-${d.severity}`, attributes: { title: d.message } }).range(at));
        if (d.to > d.from) ranges.push(Decoration.mark({ class: `cm-diag-${d.severity}` }).range(d.from, d.to));
        gutterRanges.push(new DiagnosticMarker(d.severity, d.message).range(at));
      }
      marks = Decoration.set(ranges, true);
      g = RangeSet.of(gutterRanges, true);
    }
    return { marks, gutter: g };
  },
  provide: (f) => EditorView.decorations.from(f, (v) => v.marks),
});

const diagnosticTheme = EditorView.theme({
  '.cm-diag-error': { textDecoration: 'underline wavy #c1121f', textUnderlineOffset: '3px' },
  '.cm-diag-warning': { textDecoration: 'underline wavy #a35c00', textUnderlineOffset: '3px' },
  '.cm-line.cm-diag-line-error': { backgroundColor: '#fde8e8' },
  '.cm-line.cm-diag-line-warning': { backgroundColor: '#fff3da' },
  '.cm-diag-gutter .cm-gutterElement': { padding: '0 3px', minWidth: '1.2em' },
  '.cm-diag-marker-error': { color: '#a4161a' },
  '.cm-diag-marker-warning': { color: '#8a4b00' },
});

/** The editor's diagnostics: the field, its gutter and their colours. */
function diagnosticsExtension() {
  return [
    diagnosticField,
    gutter({ class: 'cm-diag-gutter', markers: (v) => v.state.field(diagnosticField).gutter }),
    diagnosticTheme,
  ];
}

export const ExerciseEditor = memo(function ExerciseEditor({ initial, generation, onChange, diagnostics, fileName, height = 520 }: ExerciseEditorProps) {
  const box = useRef<HTMLDivElement | null>(null);
  const viewRef = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useLayoutEffect(() => {
    const host = box.current!;
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    const view = new EditorView({
      parent: root,
      root,
      state: EditorState.create({
        doc: initial,
        extensions: [
          lineNumbers(),
          highlightActiveLine(),
          history(),
          keymap.of([...standardKeymap, ...historyKeymap, indentWithTab]),
          diagnosticsExtension(),
          cCode(),
          EditorView.theme({ '&': { height: '100%' }, '.cm-scroller': { overflow: 'auto' } }),
          /* tabindex: a long file scrolls, and axe asks a scrolled region for content it counts as focusable */
          EditorView.contentAttributes.of({ 'aria-label': `${fileName}: your C file`, 'data-testid': 'exercise-code', tabindex: '0' }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) changed.current(u.state.doc.toString());
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    /* made once; a reset comes through `generation` */
  }, []);

  useLayoutEffect(() => {
    const view = viewRef.current!;
    if (generation === 0 || view.state.doc.toString() === initial) return;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: initial } });
  }, [generation]);

  useEffect(() => {
    const view = viewRef.current!;
    view.dispatch({ effects: setDiagnostics.of(editorDiagnostics(view.state.doc, diagnostics)) });
  }, [diagnostics]);

  return <div ref={box} className="code-box exercise-editor" style={{ height }} data-testid="exercise-editor" />;
});
