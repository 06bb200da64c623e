/**
 * The source in a read-only CodeMirror 6 view, loaded apart from the page
 * (CodePane.tsx shows plain text until it is here).
 *
 * The view is made once. A frame tells it what to mark in one transaction
 * (paneField.ts), and only when the marks differ from the last frame's; the
 * marks are drawn beside the source's lines, never in them. The
 * executing line is kept in view by scrolling the editor's own scroller,
 * never the page, and only once the line has left the visible part:
 * smoothly, or at once under prefers-reduced-motion and on the first frame.
 * Where the line stands is read in the editor's measure phase, with its own
 * reads, so that following forces no layout of its own.
 *
 * The editor lives in a shadow root of the box: its style sheets, which
 * CodeMirror makes at run time, are then constructed sheets adopted by that
 * root rather than <style> elements, which the site's Content-Security-Policy
 * (style-src 'self') refuses.
 *
 * The time a frame's update takes (building the marks and the transaction,
 * which updates the DOM of the changed lines) is left on the box as
 * data-update-ms, for the browser tests and anyone profiling.
 */
import { forceParsing } from '@codemirror/language';
import { Compartment, EditorState, Prec } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { memo, useEffect, useLayoutEffect, useRef } from 'react';
import type { CodePaneProps } from './CodePane';
import { cCode } from './cTheme';
import { NO_PANE_LINES, paneField, paneMarks, setPaneLines } from './paneField';
import { followScroll, paneLines, samePaneLines, type FollowGeometry, type PaneLines } from './paneLines';

const reducedMotion = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;

/** At most this long to parse a whole source up front (the models take a few milliseconds). */
const PARSE_MS = 200;

/** The one pending follow of a view: a later frame's replaces an earlier one's. */
const FOLLOW = {};

/** Longest a smooth scroll is taken to last where the browser sends no scrollend. */
const GLIDE_MS = 1_000;

/**
 * Where a smooth scroll of the pane is going, while it goes. A frame during
 * the glide judges its line against where the pane will stop, not against
 * where it is passing: else a line that is visible halfway would be left
 * behind when the glide goes on to the older line's place.
 */
interface Glide {
  target: number | null;
  timer: number;
  /** a reader scrolled the pane (wheel, keys, pointer) since the line was last followed */
  reader: boolean;
  /** the pane's last scroll was a follow's */
  ours: boolean;
  /** follows of the line since it became the line followed, after the first */
  again: number;
}

/**
 * A follow's smooth scroll stops short where the editor, drawing the lines
 * it passes, corrects their heights under it (long lines wrap: a line's
 * height is an estimate until it is drawn). Where it landed, the line is
 * followed again, at once, at most this many times.
 */
const FOLLOW_AGAIN = 4;

/**
 * Below this width (px) the pane draws a tab four columns wide, not the
 * kernel's eight: beside the animation at 1024 px the pane has room for
 * some 30 characters a row, which five levels of eight-column indentation
 * would take whole.
 */
const NARROW_PX = 640;
/* the page's policy refuses the style attribute the editor would set its tab size with: a class of its theme sets it */
const NARROW_TABS = [
  Prec.high(EditorState.tabSize.of(4)),
  EditorView.editorAttributes.of({ class: 'cm-narrow' }),
  EditorView.theme({ '&.cm-narrow .cm-content': { tabSize: '4' } }),
];
const tabSizeFor = (width: number) => (width > 0 && width < NARROW_PX ? NARROW_TABS : []);

/** What a reader scrolls the pane with. */
const READER_SCROLLS = ['wheel', 'keydown', 'pointerdown', 'touchstart'] as const;

function follow(view: EditorView, line: number, instant: boolean, glide: Glide): void {
  view.requestMeasure<FollowGeometry | null>({
    key: FOLLOW,
    read(v) {
      if (line > v.state.doc.lines) return null;
      const block = v.lineBlockAt(v.state.doc.line(line).from);
      const s = v.scrollDOM;
      const docTop = v.documentTop - s.getBoundingClientRect().top + s.scrollTop;
      return {
        lineTop: docTop + block.top,
        lineBottom: docTop + block.bottom,
        scrollTop: glide.target ?? s.scrollTop,
        viewHeight: s.clientHeight,
        contentHeight: s.scrollHeight,
      };
    },
    write(g, v) {
      const top = g && followScroll(g);
      if (top == null) return;
      const smooth = !instant && !reducedMotion?.matches;
      window.clearTimeout(glide.timer);
      glide.target = smooth ? top : null;
      glide.ours = true;
      if (smooth) glide.timer = window.setTimeout(() => (glide.target = null), GLIDE_MS);
      v.scrollDOM.scrollTo({ top, behavior: smooth ? 'smooth' : 'instant' });
    },
  });
}

/**
 * The editor reads the DOM selection at every update (a frame's marks are
 * one) when it has none of its own, and in Chromium that read lays out the
 * page the frame has just changed. The pane is read only: while nothing in
 * it has focus there is no selection of its own to follow, and its root
 * answers that there is none. With focus (a reader's keys or pointer) the
 * editor reads the selection as usual.
 */
function unfollowedSelection(root: ShadowRoot): void {
  const r = root as ShadowRoot & { getSelection?: () => Selection | null };
  const own = r.getSelection;
  if (typeof own !== 'function' || Object.prototype.hasOwnProperty.call(r, 'getSelection')) return;
  Object.defineProperty(r, 'getSelection', { configurable: true, value: () => (r.activeElement ? own.call(r) : null) });
}

function accessible(fileName: string) {
  /* not editable, yet focusable: the arrows and Page Up/Down then scroll the source */
  return EditorView.contentAttributes.of({ tabindex: '0', 'aria-label': `source of ${fileName}` });
}

export const CodeView = memo(function CodeView({
  source,
  fileName,
  activeLine,
  activeLabel,
  secondaryLine = null,
  secondaryLabel,
  marks,
  height = 420,
}: CodePaneProps & { source: string }) {
  const box = useRef<HTMLDivElement | null>(null);
  const viewRef = useRef<EditorView | null>(null);
  const a11y = useRef(new Compartment());
  const tabs = useRef(new Compartment());
  const shown = useRef<PaneLines>(NO_PANE_LINES);
  /* the line last followed; null until the first frame, which jumps instead of gliding */
  const followed = useRef<number | null>(null);
  const glide = useRef<Glide>({ target: null, timer: 0, reader: false, ours: false, again: 0 });

  useLayoutEffect(() => {
    const host = box.current!;
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    unfollowedSelection(root);
    const view = new EditorView({
      parent: root,
      root,
      state: EditorState.create({
        doc: source,
        extensions: [
          EditorState.readOnly.of(true),
          EditorView.editable.of(false),
          a11y.current.of(accessible(fileName)),
          tabs.current.of(tabSizeFor(host.clientWidth)),
          lineNumbers(),
          /* a long line wraps: the executing line is whole in a narrow pane */
          EditorView.lineWrapping,
          /*
           * Wrapped, a line's height is the editor's estimate until it draws
           * the line (far from the visible part, or the pane off screen): once
           * drawn and measured, the line followed is followed again, unless a
           * reader has scrolled the pane since.
           */
          EditorView.updateListener.of((u) => {
            if (u.heightChanged && !glide.current.reader && followed.current != null) follow(u.view, followed.current, true, glide.current);
          }),
          paneMarks(),
          cCode(),
        ],
      }),
    });
    viewRef.current = view;
    const g = glide.current;
    const landed = () => {
      window.clearTimeout(g.timer);
      g.target = null;
      const ours = g.ours;
      g.ours = false;
      if (ours && !g.reader && followed.current != null && g.again < FOLLOW_AGAIN) {
        g.again++;
        follow(view, followed.current, true, g);
      }
    };
    const reads = () => (g.reader = true);
    view.scrollDOM.addEventListener('scrollend', landed);
    let narrow = host.clientWidth < NARROW_PX;
    const resized = new ResizeObserver(() => {
      if (host.clientWidth > 0 && host.clientWidth < NARROW_PX !== narrow) {
        narrow = !narrow;
        view.dispatch({ effects: tabs.current.reconfigure(tabSizeFor(host.clientWidth)) });
      }
    });
    resized.observe(host);
    for (const e of READER_SCROLLS) view.scrollDOM.addEventListener(e, reads, { passive: true });
    /* a model is parsed in milliseconds: a seek to a far line then finds it highlighted */
    forceParsing(view, view.state.doc.length, PARSE_MS);
    return () => {
      view.scrollDOM.removeEventListener('scrollend', landed);
      resized.disconnect();
      for (const e of READER_SCROLLS) view.scrollDOM.removeEventListener(e, reads);
      g.ours = false;
      landed();
      view.destroy();
      viewRef.current = null;
      shown.current = NO_PANE_LINES;
      followed.current = null;
    };
    /* the view is made once: the effects below bring every later prop to it */
  }, []);

  useLayoutEffect(() => {
    const view = viewRef.current!;
    if (view.state.doc.toString() === source) return;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: source } });
    forceParsing(view, view.state.doc.length, PARSE_MS);
    shown.current = view.state.field(paneField).lines;
    followed.current = null;
  }, [source]);

  useEffect(() => {
    viewRef.current!.dispatch({ effects: a11y.current.reconfigure(accessible(fileName)) });
  }, [fileName]);

  /*
   * After the frame is painted, not before: the lab's views of the frame do
   * not wait for the pane. A frame redraws no line of the source (the marks
   * are a layer and gutters, see paneField.ts), so the editor neither
   * rebuilds lines nor reads the DOM selection for it.
   */
  useEffect(() => {
    const view = viewRef.current!;
    const started = performance.now();
    const lines = paneLines({ activeLine, activeLabel, secondaryLine, secondaryLabel, marks }, view.state.doc.lines);
    if (!samePaneLines(lines, shown.current)) {
      view.dispatch({ effects: setPaneLines.of(lines) });
      shown.current = lines;
      box.current!.dataset.updateMs = (performance.now() - started).toFixed(3);
    }
    const line = lines.active?.line ?? null;
    if (line != null && line !== followed.current) {
      glide.current.reader = false;
      glide.current.again = 0;
      follow(view, line, followed.current == null, glide.current);
      followed.current = line;
    }
  }, [source, activeLine, activeLabel, secondaryLine, secondaryLabel, marks]);

  return <div ref={box} className="code-box" style={{ height }} data-testid="code-pane" />;
});

export default CodeView;
