/**
 * The student's file in a CodeMirror 6 editor: C as the code pane shows it
 * (cTheme.ts), the editing keys and their history, and clang's errors and
 * warnings as @codemirror/lint diagnostics: the token underlined, a mark in
 * the lint gutter, the message in a tooltip and in the lint panel (F8 and
 * Shift-F8 go from one to the next, Mod-Shift-m opens the panel), and,
 * always in view, the line tinted and the message under it. The page moves
 * the editor to a diagnostic through the handle (`show`).
 *
 * This CodeMirror is the exercise page's own copy (vite.config.ts), so the
 * lint package does not reach the lab pages.
 *
 * As the code pane, the editor lives in a shadow root of its box, so that
 * CodeMirror's run-time style sheets are constructed sheets, which the
 * site's Content-Security-Policy allows, not <style> elements.
 */
import { history, historyKeymap, indentWithTab, standardKeymap } from '@codemirror/commands';
import { forEachDiagnostic, lintGutter, lintKeymap, setDiagnostics, setDiagnosticsEffect, type Diagnostic as LintDiagnostic } from '@codemirror/lint';
import { EditorState, StateField, type Text } from '@codemirror/state';
import { Decoration, EditorView, highlightActiveLine, keymap, lineNumbers, WidgetType, type DecorationSet } from '@codemirror/view';
import { memo, useEffect, useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import type { Diagnostic } from '../core/wasi';
import { cCode } from '../viz/code/cTheme';

/** What the page does to the editor: move it to a diagnostic. */
export interface ExerciseEditorHandle {
  /**
   * Select the diagnostic's token (where edits since the compile moved it; for one the editor does not
   * mark, clang's line and column), scroll it to the middle and focus the editor.
   */
  show(d: Diagnostic): void;
}

export interface ExerciseEditorProps {
  /** the text the editor opens with; a new value replaces the document (a reset) */
  initial: string;
  /** bumped to replace the document with `initial` again */
  generation: number;
  onChange(code: string): void;
  /** clang's diagnostics of the last compile; those of the student's file (`fileName`) are drawn at their lines */
  diagnostics: readonly Diagnostic[];
  /** the student's file as saved and as clang names it */
  fileName: string;
  height?: number;
  editorRef?: Ref<ExerciseEditorHandle>;
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

/** The student's file's errors and warnings (notes belong to them), each placed in `doc` as a lint diagnostic. */
export function editorDiagnostics(doc: Text, diagnostics: readonly Diagnostic[], fileName: string): [Diagnostic, LintDiagnostic][] {
  return diagnostics
    .filter((d) => d.file === fileName && d.severity !== 'note')
    .map((d) => [d, { ...diagnosticRange(doc, d.line, d.column), severity: d.severity === 'error' ? 'error' : 'warning', message: d.message, source: 'clang' }]);
}

/** The message of a diagnostic, under its line. */
class MessageWidget extends WidgetType {
  constructor(
    readonly severity: LintDiagnostic['severity'],
    readonly message: string,
  ) {
    super();
  }
  eq(other: MessageWidget): boolean {
    return other.severity === this.severity && other.message === this.message;
  }
  toDOM(): HTMLElement {
    const el = document.createElement('div');
    el.className = `cm-diag-message cm-diag-message-${this.severity}`;
    el.dataset.testid = 'diagnostic-message';
    el.textContent = `${this.severity === 'error' ? '✖' : '▲'} ${this.severity}: ${this.message}`;
    return el;
  }
  ignoreEvent(): boolean {
    return false;
  }
}

/* the lines of the last compile's diagnostics, tinted, each message under its line, moved along with edits */
const messageField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    marks = marks.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setDiagnosticsEffect)) continue;
      const doc = tr.state.doc;
      marks = Decoration.set(
        e.value.flatMap((d) => {
          const line = doc.lineAt(d.from);
          return [
            Decoration.line({ class: `cm-diag-line-${d.severity}` }).range(line.from),
            Decoration.widget({ widget: new MessageWidget(d.severity, d.message), block: true, side: 1 }).range(line.to),
          ];
        }),
        true,
      );
    }
    return marks;
  },
  provide: (f) => EditorView.decorations.from(f),
});

const diagnosticTheme = EditorView.theme({
  '.cm-line.cm-diag-line-error': { backgroundColor: '#fde8e8' },
  '.cm-line.cm-diag-line-warning': { backgroundColor: '#fff3da' },
  '.cm-diag-message': { padding: '0 0.5em 0.15em 1.5em', fontFamily: 'var(--sans)', fontSize: '0.9em', whiteSpace: 'pre-wrap' },
  /* #a4161a on #fde8e8: 6.4:1; #7a4100 on #fff3da: 7.2:1 */
  '.cm-diag-message-error': { color: '#a4161a', backgroundColor: '#fde8e8' },
  '.cm-diag-message-warning': { color: '#7a4100', backgroundColor: '#fff3da' },
});

/** The editor's diagnostics: lint's marks, gutter, tooltips, panel and keys, and the messages under their lines. */
function diagnosticsExtension() {
  return [lintGutter(), messageField, diagnosticTheme, keymap.of(lintKeymap)];
}

export const ExerciseEditor = memo(function ExerciseEditor({ initial, generation, onChange, diagnostics, fileName, height = 520, editorRef }: ExerciseEditorProps) {
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

  /* clang's diagnostics as the editor holds them, to find where edits moved them */
  const placed = useRef(new Map<Diagnostic, LintDiagnostic>());
  useEffect(() => {
    const view = viewRef.current!;
    const pairs = editorDiagnostics(view.state.doc, diagnostics, fileName);
    placed.current = new Map(pairs);
    view.dispatch(setDiagnostics(view.state, pairs.map(([, lint]) => lint)));
  }, [diagnostics, fileName]);

  useImperativeHandle(
    editorRef,
    () => ({
      show(d) {
        const view = viewRef.current;
        if (!view) return;
        const lint = placed.current.get(d);
        let { from, to } = diagnosticRange(view.state.doc, d.line, d.column);
        forEachDiagnostic(view.state, (x, f, t) => {
          if (x === lint) [from, to] = [f, t];
        });
        view.dispatch({ selection: { anchor: from, head: to }, effects: EditorView.scrollIntoView(from, { y: 'center' }) });
        view.focus();
      },
    }),
    [],
  );

  return <div ref={box} className="code-box exercise-editor" style={{ height }} data-testid="exercise-editor" />;
});
