import type { ReactNode } from 'react';
import type { PaperRows } from '../../core/types';
import { formatDiff, formatValue, type PaperTableRow } from './paper';

export interface PaperTableProps {
  rows: PaperRows;
  table: readonly PaperTableRow[];
  /** parameter names in table order, for the params column */
  paramOrder?: readonly string[];
  /** loads a row's parameters into the page's controls */
  onUseParams?: (params: Record<string, number>) => void;
  /** heading of the label column, and what a label means */
  rowHeading?: ReactNode;
  rowTitle?: string;
}

function paramText(params: Record<string, number>, order?: readonly string[]): string {
  const keys = order ? order.filter((k) => k in params) : Object.keys(params);
  for (const k of Object.keys(params)) if (!keys.includes(k)) keys.push(k);
  return keys.map((k) => `${k}=${params[k]}`).join(' ');
}

/** The mail's rows beside the simulator's, both variants, with the change each reports. */
export function PaperTable({ rows, table, paramOrder, onUseParams, rowHeading = 'row', rowTitle }: PaperTableProps) {
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
            <th colSpan={3} className="group sim-group">
              simulator ({rows.unit})
            </th>
            <th rowSpan={2}>simulator parameters and scaling</th>
          </tr>
          <tr>
            <th className="paper-group">before</th>
            <th className="paper-group">after</th>
            <th className="paper-group">diff</th>
            <th className="sim-group">before</th>
            <th className="sim-group">after</th>
            <th className="sim-group">diff</th>
          </tr>
        </thead>
        <tbody>
          {table.map((r) => (
            <tr key={r.row} data-row={r.row}>
              <td className="num">{r.row}</td>
              <td className="mono">{r.label}</td>
              <td className="num">{formatValue(r.paper.before)}</td>
              <td className="num">{formatValue(r.paper.after)}</td>
              <td className="num diff">{formatDiff(r.paper.diffPct)}</td>
              <td className="num" data-testid={`sim-before-${r.row}`}>
                {r.sim ? formatValue(r.sim.before) : <span className="muted">—</span>}
              </td>
              <td className="num" data-testid={`sim-after-${r.row}`}>
                {r.sim ? formatValue(r.sim.after) : <span className="muted">—</span>}
              </td>
              <td className="num diff">{r.sim ? formatDiff(r.sim.diffPct) : <span className="muted">—</span>}</td>
              <td className="note">
                <span className="mono params-text">{paramText(r.params, paramOrder)}</span>
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
