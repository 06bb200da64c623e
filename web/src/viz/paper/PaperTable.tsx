import type { ReactNode } from 'react';
import { formatChange, formatNumber, formatRange } from '../../../../lib/format';
import { paramText as valueText } from '../../core/params';
import type { Spread } from '../../core/stats';
import type { PaperRows, ParamSpec } from '../../core/types';
import { verdictReason, verdictWords, type Verdict } from '../../../../lib/verdict';
import { PAPER_FIGURE, paperEnds, type PaperTableRow } from './paper';

const paperFigure = (v: number | null): string => formatNumber(v, PAPER_FIGURE);

export interface PaperTableProps {
  rows: PaperRows;
  /** the lab's variants, in its order: the mail's two figures stand for the first and the last */
  variants: readonly string[];
  table: readonly PaperTableRow[];
  /** the lab's parameters, for the params column: their order, a choice by its name */
  specs?: readonly ParamSpec[];
  /** loads a row's parameters into the page's controls */
  onUseParams?: (params: Record<string, number>) => void;
  /** heading of the label column, and what a label means */
  rowHeading?: ReactNode;
  rowTitle?: string;
  /** the run-to-run range the mail gives for its own figures, shown beside each of them (e.g. "noise 1–2 s") */
  paperRange?: string;
}

function paramText(params: Record<string, number>, specs: readonly ParamSpec[] = []): string {
  const keys = specs.map((s) => s.name).filter((k) => k in params);
  for (const k of Object.keys(params)) if (!keys.includes(k)) keys.push(k);
  return keys
    .map((k) => {
      const spec = specs.find((s) => s.name === k);
      return `${k}=${spec ? valueText(spec, params[k]!) : params[k]}`;
    })
    .join(' ');
}

/** A median with its min–max over the seeds under it. */
export function SimValue({ value, range, testId, format = paperFigure }: { value: number; range: Spread; testId: string; format?: (v: number) => string }) {
  return (
    <>
      <span data-testid={testId}>{format(value)}</span>
      <span className="sim-range" data-testid={`${testId}-range`} title="min–max over the seeds">
        {formatRange(range, { format })}
      </span>
    </>
  );
}

/** The verdict on a change against the mail's (lib/verdict.ts), its reason in the tooltip. */
export function VerdictTag({ verdict }: { verdict: Verdict }) {
  return (
    <span className={`verdict verdict-${verdict.kind.replace(/ /g, '-')}`} data-testid="verdict" data-verdict={verdict.kind} title={verdictReason(verdict)}>
      {verdictWords(verdict)}
    </span>
  );
}

/** The mail's rows beside the simulator's, every variant, with the change each reports (between the variants the mail's figures stand for). */
export function PaperTable({ rows, variants, table, specs, onUseParams, rowHeading = 'row', rowTitle, paperRange }: PaperTableProps) {
  const ends = paperEnds(rows, variants);
  const paperCell = (v: number | null) => (
    <>
      {paperFigure(v)}
      {paperRange && (
        <span className="sim-range" data-testid="paper-range" title="the run-to-run range the mail gives">
          {paperRange}
        </span>
      )}
    </>
  );
  return (
    <div className="table-wrap">
      <table className="paper-table" data-testid="paper-table">
        <thead>
          <tr>
            <th rowSpan={2}>#</th>
            <th rowSpan={2} title={rowTitle}>
              {rowHeading}
            </th>
            <th colSpan={3} className="group paper-group">
              paper ({rows.unit})
            </th>
            <th colSpan={variants.length + 1} className="group sim-group" title="the median over the sweep's seeds, with the min–max under it">
              simulator ({rows.unit}), median and min–max over seeds
            </th>
            <th rowSpan={2}>simulator parameters and scaling</th>
          </tr>
          <tr>
            <th className="paper-group">{ends.before}</th>
            <th className="paper-group">{ends.after}</th>
            <th className="paper-group">diff</th>
            {variants.map((v) => (
              <th key={v} className="sim-group">
                {v}
              </th>
            ))}
            <th className="sim-group" title={`${ends.before} to ${ends.after}`}>
              diff
            </th>
          </tr>
        </thead>
        <tbody>
          {table.map((r) => (
            <tr key={r.row} data-row={r.row}>
              <td className="num">{r.row}</td>
              <td className="mono">{r.label}</td>
              <td className="num">{paperCell(r.paper.before)}</td>
              <td className="num">{paperCell(r.paper.after)}</td>
              <td className="num diff">{formatChange(r.paper.diffPct)}</td>
              {variants.map((v) => {
                const fig = r.sim?.variants.find((f) => f.variant === v);
                return (
                  <td key={v} className="num">
                    {fig ? (
                      <SimValue value={fig.median} range={fig.range} testId={`sim-${v}-${r.row}`} />
                    ) : (
                      <span className="muted" data-testid={`sim-${v}-${r.row}`}>—</span>
                    )}
                  </td>
                );
              })}
              <td className="num diff" data-testid={`sim-diff-${r.row}`} data-verdict={r.sim?.verdict.kind ?? ''}>
                {r.sim ? (
                  <>
                    {formatChange(r.sim.diffPct)}
                    <VerdictTag verdict={r.sim.verdict} />
                  </>
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
              <td className="note">
                <span className="mono params-text">{paramText(r.params, specs)}</span>
                {onUseParams && (
                  <button type="button" className="small link-button" onClick={() => onUseParams(r.params)} title="Load these parameters into the controls above">
                    use
                  </button>
                )}
                <div className="muted">{r.note}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
