/**
 * The C model's source with line numbers; the executing line is highlighted
 * and kept in view (by scrolling the pane only, never the page).
 */
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
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

export function CodePane({
  source,
  fileName,
  activeLine,
  secondaryLine = null,
  activeLabel,
  secondaryLabel,
  marks = [],
  height = 420,
}: CodePaneProps) {
  const lines = useMemo(() => highlightC(source), [source]);
  const boxRef = useRef<HTMLDivElement | null>(null);
  const byLine = useMemo(() => {
    const m = new Map<number, LineMark[]>();
    for (const mk of marks) {
      const l = m.get(mk.line) ?? [];
      l.push(mk);
      m.set(mk.line, l);
    }
    return m;
  }, [marks]);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box || activeLine == null) return;
    const el = box.querySelector<HTMLElement>(`[data-line="${activeLine}"]`);
    if (!el) return;
    const top = el.offsetTop;
    const margin = box.clientHeight * 0.2;
    if (top < box.scrollTop + margin || top + el.offsetHeight > box.scrollTop + box.clientHeight - margin) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    }
  }, [activeLine, lines]);

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
      <div ref={boxRef} className="code-box" style={{ height }} data-testid="code-pane" tabIndex={0} aria-label={`source of ${fileName}`}>
        <pre className="code">
          {lines.map((toks, i) => (
            <Line
              key={i}
              n={i + 1}
              toks={toks}
              active={activeLine === i + 1}
              secondary={secondaryLine === i + 1}
              marks={byLine.get(i + 1)}
            />
          ))}
        </pre>
      </div>
    </div>
  );
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
