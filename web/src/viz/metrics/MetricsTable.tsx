import { formatNumber, formatRatioChange } from '../../../../lib/format';
import type { RunResult } from '../../core/types';
import { ScrollRegion } from '../ScrollRegion';
import { formatMetric } from './metrics';

/**
 * A run's summary metrics, one column per shown variant in the order given
 * (and, for two, the second's ratio to the first); `only` picks which.
 * Too wide for its box (a phone), it scrolls in a region of its own.
 */
export function MetricsTable({
  variants,
  results,
  only,
  testId = 'metrics',
}: {
  variants: readonly string[];
  results: Partial<Record<string, RunResult>>;
  /** the metrics to show, by name; all by default */
  only?: (name: string) => boolean;
  testId?: string;
}) {
  const cols = variants.filter((v) => results[v]);
  const first = cols[0] !== undefined ? results[cols[0]] : undefined;
  if (!first) return null;
  const both = cols.length === 2;
  const [a, b] = cols as [string, string];
  return (
    <ScrollRegion label={`the run's metrics, ${cols.join(' and ')}`}>
      <table className="metrics-table" data-testid={testId}>
        <thead>
          <tr>
            <th>metric</th>
            {cols.map((v) => (
              <th key={v} className="num">
                {v}
              </th>
            ))}
            {both && <th className="num">{b} vs {a}</th>}
          </tr>
        </thead>
        <tbody>
          {first.metric_info.filter((m) => !only || only(m.name)).map((m) => (
            <tr key={m.name} data-metric={m.name}>
              <td title={m.help}>
                <span className="mono">{m.name}</span>
                <div className="muted small-text">{m.help}</div>
              </td>
              {cols.map((v) => (
                <td key={v} className="num">
                  {formatMetric(results[v]?.metrics[m.name], m.unit, m.name)}
                </td>
              ))}
              {both && <td className="num">{formatRatioChange({ before: results[a]?.metrics[m.name], after: results[b]?.metrics[m.name] })}</td>}
            </tr>
          ))}
          <tr className="muted">
            <td>simulation steps / events</td>
            {cols.map((v) => (
              <td key={v} className="num">
                {formatNumber(results[v]!.sim.steps)} / {formatNumber(results[v]!.sim.events)}
              </td>
            ))}
            {both && <td />}
          </tr>
        </tbody>
      </table>
    </ScrollRegion>
  );
}
