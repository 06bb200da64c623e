/**
 * The C model's source with line numbers; the executing line is highlighted
 * and kept in view (by scrolling the pane only, never the page).
 *
 * The source is tokenized once; a new step re-renders only the lines whose
 * highlight or task badges changed. Keeping the line in view reads no layout:
 * the pane's height and the line height come from a ResizeObserver and the
 * scroll position from scroll events, and the scroll is written at the next
 * frame, so a step never forces a synchronous layout of the page.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { highlightC, type Tok } from './highlight';

export interface LineMark {
  line: number;
  label: string;
  /** a CSS state name (run, spin, sleep, io, ready, done) */
  state: string;
}

export interface CodePaneProps {
  source: string;
  fileName: string;
  /** the executing line (1-based), or null */
  activeLine: number | null;
  /** a second line to show more quietly (the other variant in side-by-side mode) */
  secondaryLine?: number | null;
  activeLabel?: string;
  secondaryLabel?: string;
  /** where the tasks stand, drawn as badges in the gutter */
  marks?: readonly LineMark[];
  height?: number;
}

export const CodePane = memo(function CodePane({
  source,
  fileName,
  activeLine,
  secondaryLine = null,
  activeLabel,
  secondaryLabel,
  marks = NO_MARKS,
  height = 420,
}: CodePaneProps) {
  const lines = useMemo(() => highlightC(source), [source]);
  const chunks = useMemo(
    () => Array.from({ length: Math.ceil(lines.length / CHUNK_LINES) }, (_, c) => lines.slice(c * CHUNK_LINES, (c + 1) * CHUNK_LINES)),
    [lines],
  );
  const boxRef = useRef<HTMLDivElement | null>(null);
  const preRef = useRef<HTMLPreElement | null>(null);
  const chunkMarks = useChunkMarks(marks, chunks.length);
  const geo = usePaneGeometry(boxRef, preRef, lines.length);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box || activeLine == null) return;
    const g = geo.current;
    if (g.lineH <= 0) measure(box, preRef.current, lines.length, g);
    const top = (activeLine - 1) * g.lineH;
    const margin = g.viewH * 0.2;
    if (top < g.scrollTop + margin || top + g.lineH > g.scrollTop + g.viewH - margin) {
      const next = Math.max(0, Math.min(top - g.viewH / 3, g.contentH - g.viewH));
      if (Math.abs(next - g.scrollTop) < 0.5) return;
      g.scrollTop = next;
      if (g.raf) cancelAnimationFrame(g.raf);
      g.raf = requestAnimationFrame(() => {
        g.raf = 0;
        box.scrollTop = g.scrollTop;
      });
    }
  }, [activeLine, lines, geo]);

  return (
    <div className="code-pane">
      <div className="code-head">
        <span className="mono">{fileName}</span>
        {activeLine != null && (
          <span className="code-legend">
            <span className="swatch code-active-swatch" /> {activeLabel ?? 'executing'}: line {activeLine}
          </span>
        )}
        {secondaryLine != null && (
          <span className="code-legend">
            <span className="swatch code-secondary-swatch" /> {secondaryLabel ?? 'other'}: line {secondaryLine}
          </span>
        )}
      </div>
      <div
        ref={boxRef}
        className="code-box"
        style={{ height }}
        data-testid="code-pane"
        tabIndex={0}
        aria-label={`source of ${fileName}`}
        onScroll={(e) => {
          geo.current.scrollTop = e.currentTarget.scrollTop;
        }}
      >
        <pre ref={preRef} className="code">
          {chunks.map((toks, c) => {
            const from = c * CHUNK_LINES;
            const inChunk = (line: number | null) => (line != null && line > from && line <= from + toks.length ? line : 0);
            return (
              <Chunk
                key={c}
                from={from}
                toks={toks}
                active={inChunk(activeLine)}
                secondary={inChunk(secondaryLine)}
                marks={chunkMarks[c]}
              />
            );
          })}
        </pre>
      </div>
    </div>
  );
});

const NO_MARKS: readonly LineMark[] = [];

/**
 * Lines are grouped in blocks that the browser paints (and caches) each on
 * its own (.code-chunk), so that a new step repaints the few blocks whose
 * lines changed instead of the whole source.
 */
const CHUNK_LINES = 20;

interface PaneGeometry {
  /** height of one source line, 0 until known */
  lineH: number;
  /** visible height of the pane */
  viewH: number;
  /** height of all lines */
  contentH: number;
  /** the pane's scroll position, as last scrolled by the user or written by us */
  scrollTop: number;
  /** a pending scroll write */
  raf: number;
}

/** Reads the geometry from layout: only when no ResizeObserver has reported yet. */
function measure(box: HTMLElement, pre: HTMLElement | null, lineCount: number, g: PaneGeometry): void {
  g.viewH = box.clientHeight;
  g.contentH = pre?.offsetHeight ?? 0;
  g.lineH = lineCount > 0 ? g.contentH / lineCount : 0;
  g.scrollTop = box.scrollTop;
}

/** The pane's geometry, kept current by a ResizeObserver (which reports after layout, never forcing one). */
function usePaneGeometry(
  boxRef: React.RefObject<HTMLElement | null>,
  preRef: React.RefObject<HTMLElement | null>,
  lineCount: number,
) {
  const geo = useRef<PaneGeometry>({ lineH: 0, viewH: 0, contentH: 0, scrollTop: 0, raf: 0 });
  useEffect(() => {
    const box = boxRef.current;
    const pre = preRef.current;
    if (!box || !pre) return;
    const g = geo.current;
    const ro = new ResizeObserver((entries) => {
      for (const e of entries) {
        const size = e.borderBoxSize?.[0];
        const h = size ? size.blockSize : e.contentRect.height;
        if (e.target === box) g.viewH = e.contentRect.height;
        else {
          g.contentH = h;
          g.lineH = lineCount > 0 ? h / lineCount : 0;
        }
      }
    });
    ro.observe(box);
    ro.observe(pre);
    return () => {
      ro.disconnect();
      if (g.raf) cancelAnimationFrame(g.raf);
      g.raf = 0;
    };
  }, [boxRef, preRef, lineCount]);
  return geo;
}

type ChunkMarks = readonly (LineMark[] | undefined)[];

/**
 * Task badges by line, one array per block of lines. A block whose badges
 * are the same as at the last step keeps its array, and so does a line, so
 * that their memoized rows are not rendered again.
 */
function useChunkMarks(marks: readonly LineMark[], chunkCount: number): ChunkMarks[] {
  const prev = useRef<ChunkMarks[]>([]);
  return useMemo(() => {
    const byLine = new Map<number, LineMark[]>();
    for (const mk of marks) {
      const l = byLine.get(mk.line) ?? [];
      l.push(mk);
      byLine.set(mk.line, l);
    }
    const out: ChunkMarks[] = [];
    for (let c = 0; c < chunkCount; c++) {
      const old = prev.current[c];
      const cur: (LineMark[] | undefined)[] = [];
      for (let k = 0; k < CHUNK_LINES; k++) {
        const l = byLine.get(c * CHUNK_LINES + k + 1);
        const o = old?.[k];
        cur.push(l && o && sameMarks(o, l) ? o : l);
      }
      out.push(old && old.every((o, k) => o === cur[k]) ? old : cur);
    }
    prev.current = out;
    return out;
  }, [marks, chunkCount]);
}

const NO_CHUNK_MARKS: ChunkMarks = [];

/** A block of lines; `active` and `secondary` are 0 when their line is in another block. */
const Chunk = memo(function Chunk({
  from,
  toks,
  active,
  secondary,
  marks = NO_CHUNK_MARKS,
}: {
  from: number;
  toks: Tok[][];
  active: number;
  secondary: number;
  marks?: ChunkMarks;
}) {
  return (
    <div className="code-chunk">
      {toks.map((t, k) => {
        const n = from + k + 1;
        return <Line key={n} n={n} toks={t} active={active === n} secondary={secondary === n} marks={marks[k]} />;
      })}
    </div>
  );
});

function sameMarks(a: readonly LineMark[], b: readonly LineMark[]): boolean {
  return a.length === b.length && a.every((m, i) => m.line === b[i].line && m.label === b[i].label && m.state === b[i].state);
}

const Line = memo(function Line({
  n,
  toks,
  active,
  secondary,
  marks,
}: {
  n: number;
  toks: Tok[];
  active: boolean;
  secondary: boolean;
  marks?: LineMark[];
}) {
  const cls = `code-line${active ? ' active' : ''}${secondary ? ' secondary' : ''}`;
  return (
    <div className={cls} data-line={n} data-testid={active ? 'code-line-active' : undefined}>
      <span className="ln">{n}</span>
      <span className="marks">
        {marks?.slice(0, 3).map((m) => (
          <span key={m.label} className={`task-badge state-${m.state}`} title={`${m.label} (${m.state})`}>
            {m.label}
          </span>
        ))}
        {marks && marks.length > 3 && <span className="task-badge more">+{marks.length - 3}</span>}
      </span>
      <span className="src">
        {toks.map((t, j) =>
          t.kind === 'plain' ? t.text : (
            <span key={j} className={`tok-${t.kind}`}>
              {t.text}
            </span>
          ),
        )}
        {toks.length === 0 ? ' ' : null}
      </span>
    </div>
  );
});
