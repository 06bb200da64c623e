/**
 * The C model's source with line numbers, the executing line highlighted and
 * kept in view (by scrolling the pane only, never the page), the other
 * variant's line side by side, and where every task stands.
 *
 * The source is shown by CodeMirror 6 (CodeView.tsx), which is fetched once
 * the page's first view is drawn (viz/deferred.tsx): until it is here the pane
 * shows the source as plain text, at the same height, so that nothing below
 * it moves.
 */
import { memo } from 'react';
import { deferred } from '../deferred';
import type { LineMark } from './paneLines';
import './codePane.css';

export type { LineMark } from './paneLines';

export interface CodePaneProps {
  /** the source, or null while it is fetched */
  source: string | null;
  fileName: string;
  /** the executing line (1-based), or null */
  activeLine: number | null;
  /** a second line to show more quietly (the other variant in side-by-side mode) */
  secondaryLine?: number | null;
  activeLabel?: string;
  secondaryLabel?: string;
  /** where the tasks stand, drawn in the gutter with their state in words */
  marks?: readonly LineMark[];
  height?: number;
}

/** The source as plain text, laid out as the editor lays it (until the source is here, a line saying it is loading). */
function PlainSource({ source, fileName, height = 420 }: CodePaneProps) {
  return (
    <pre className="code-box code-plain" style={{ height }} tabIndex={0} aria-label={`source of ${fileName}`} aria-busy={source === null}>
      {source ?? `loading the source of ${fileName}…`}
    </pre>
  );
}

const CodeView = deferred(() => import('./CodeView').then((m) => m.CodeView), { what: 'the source', whenVisible: false }, PlainSource);

export const CodePane = memo(function CodePane(p: CodePaneProps) {
  const { fileName, activeLine, secondaryLine = null, activeLabel, secondaryLabel } = p;
  return (
    <div className="code-pane">
      <div className="code-head">
        <span className="mono">{fileName}</span>
        {activeLine != null && (
          <span className="code-legend" data-testid="code-legend-active">
            <span className="swatch code-active-swatch" /> {activeLabel ?? 'executing'}: line {activeLine}
          </span>
        )}
        {secondaryLine != null && (
          <span className="code-legend" data-testid="code-legend-secondary">
            <span className="swatch code-secondary-swatch" /> {secondaryLabel ?? 'other'}: line {secondaryLine}
          </span>
        )}
      </div>
      {p.source === null ? <PlainSource {...p} /> : <CodeView {...p} source={p.source} />}
    </div>
  );
});
