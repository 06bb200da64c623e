/**
 * The student's file in a CodeMirror 6 editor: C as the code pane shows it
 * (cTheme.ts), the editing keys and their history, and clang's errors and
 * warnings at their lines (underlined, marked in the gutter, the message on
 * hover).
 *
 * As the code pane, the editor lives in a shadow root of its box, so that
 * CodeMirror's run-time style sheets are constructed sheets, which the
 * site's Content-Security-Policy allows, not <style> elements.
 */
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { lintGutter, setDiagnostics, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import { EditorState, type Text } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
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

/** The student's file's diagnostics, as CodeMirror's lint draws them. */
export function editorDiagnostics(doc: Text, diagnostics: readonly Diagnostic[]): CmDiagnostic[] {
  return diagnostics
    .filter((d) => d.file === STUDENT_FILE && d.severity !== 'note')
    .map((d) => ({ ...diagnosticRange(doc, d.line, d.column), severity: d.severity === 'error' ? 'error' : 'warning', message: d.message }));
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
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          lintGutter(),
          cCode(),
          EditorView.theme({ '&': { height: '100%' }, '.cm-scroller': { overflow: 'auto' } }),
          EditorView.contentAttributes.of({ 'aria-label': `${fileName}: your C file`, 'data-testid': 'exercise-code' }),
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
    view.dispatch(setDiagnostics(view.state, editorDiagnostics(view.state.doc, diagnostics)));
  }, [diagnostics]);

  return <div ref={box} className="code-box exercise-editor" style={{ height }} data-testid="exercise-editor" />;
});
