/** The open question's figures: the mail's fsync=1 run beside two runs of the simulator, change and direction. */
import { memo, useMemo } from 'react';
import { formatChange, formatNumber } from '../../../../lib/format';
import { evidenceRows, FLAT_PCT } from './compare';

const n = (v: number | undefined) => formatNumber(v, { digits: 4 });

export const EvidenceTable = memo(function EvidenceTable({
  before,
  after,
  label,
  testId,
}: {
  before: Readonly<Record<string, number>> | undefined;
  after: Readonly<Record<string, number>> | undefined;
  /** what the simulator's columns are, e.g. "this run" */
  label: string;
  testId: string;
}) {
  const rows = useMemo(() => evidenceRows(before, after), [before, after]);
  return (
    <div className="table-wrap">
      <table className="metrics-table ewb-table" data-testid={testId}>
        <thead>
          <tr>
            <th>figure</th>
            <th>mail, before</th>
            <th>mail, after</th>
            <th>mail, change</th>
            <th>{label}, before</th>
            <th>{label}, after</th>
            <th>{label}, change</th>
            <th>same direction (under {FLAT_PCT}%: none)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.metric} data-metric={r.metric}>
              <th scope="row">{r.label}</th>
              <td className="num">{n(r.mail.before)}</td>
              <td className="num">{n(r.mail.after)}</td>
              <td className="num">{formatChange(r.mail.change)}</td>
              <td className="num">{n(r.sim.before)}</td>
              <td className="num">{n(r.sim.after)}</td>
              <td className="num">{formatChange(r.sim.change)}</td>
              <td data-testid="ewb-agrees">{r.agrees === null ? '—' : r.agrees ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
