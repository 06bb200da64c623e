/**
 * The mail's whole table (user, system, CPU share and total, before and
 * after, ext4 and btrfs) beside the simulator's, from the paper sweep.
 */
import { memo, useMemo } from 'react';
import type { SweepResult } from '../../core/sweep';
import { formatDiff } from '../../viz/paper/paper';
import { compareWithMail, formatSeconds, type ComparisonRow } from './compare';
import { CITATION, LINKS, MAIL_NOISE_S, MAIL_ROWS, MAIL_THREADS, type MailTiming } from './mail';

const COLUMNS: readonly { key: keyof MailTiming; label: string; format: (v: number) => string }[] = [
  { key: 'user_s', label: 'user', format: formatSeconds },
  { key: 'sys_s', label: 'system', format: formatSeconds },
  { key: 'cpu_pct', label: 'cpu', format: (v) => `${v.toFixed(0)}%` },
  { key: 'total_s', label: 'total', format: formatSeconds },
];

export const MailTable = memo(function MailTable({ sweep, unit }: { sweep: SweepResult | null; unit: string }) {
  const rows = useMemo(() => compareWithMail(MAIL_ROWS, sweep), [sweep]);
  return (
    <div className="ih-mail-table">
      <h3>The whole table: user, system and total time</h3>
      <p className="muted">
        The mail times each walk with the shell's <span className="mono">time</span>: user and system seconds summed over
        all CPUs, the CPU share, and the wall-clock total ({MAIL_THREADS} threads; the mail puts the noise at{' '}
        {MAIL_NOISE_S[0]}-{MAIL_NOISE_S[1]} s of total). The simulator's columns are its metrics{' '}
        <span className="mono">user_s</span>, <span className="mono">sys_s</span> and{' '}
        <span className="mono">total_s</span> of the same sweep rows, in the table's unit ({unit}); its CPU share is
        (user + system) / total. Figures: {CITATION},{' '}
        <a href={LINKS.mail} target="_blank" rel="noreferrer">
          the mail
        </a>
        .
      </p>
      <div className="table-wrap">
        <table className="paper-table" data-testid="mail-table">
          <thead>
            <tr>
              <th rowSpan={2}>fs</th>
              <th rowSpan={2}>variant</th>
              <th colSpan={COLUMNS.length} className="group paper-group">
                mail
              </th>
              <th colSpan={COLUMNS.length} className="group sim-group">
                simulator
              </th>
            </tr>
            <tr>
              {COLUMNS.map((c) => (
                <th key={`m-${c.key}`} className="paper-group">
                  {c.label}
                </th>
              ))}
              {COLUMNS.map((c) => (
                <th key={`s-${c.key}`} className="sim-group">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <FsRows key={r.fs} row={r} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
});

function FsRows({ row }: { row: ComparisonRow }) {
  const lines = [
    { name: 'before', mail: row.mail.before, sim: row.sim?.before },
    { name: 'after', mail: row.mail.after, sim: row.sim?.after },
  ] as const;
  return (
    <>
      {lines.map((l, i) => (
        <tr key={l.name} data-fs={row.fs} data-variant={l.name}>
          {i === 0 && (
            <td rowSpan={3} className="mono">
              {row.fs}
            </td>
          )}
          <td>{l.name}</td>
          {COLUMNS.map((c) => (
            <td key={`m-${c.key}`} className="num">
              {c.format(l.mail[c.key])}
            </td>
          ))}
          {COLUMNS.map((c) => (
            <td key={`s-${c.key}`} className="num" data-testid={`mail-sim-${row.fs}-${l.name}-${c.key}`}>
              {l.sim ? c.format(l.sim[c.key]) : <span className="muted">—</span>}
            </td>
          ))}
        </tr>
      ))}
      <tr className="ih-change-row" data-fs={row.fs} data-variant="change">
        <td className="muted">change</td>
        {COLUMNS.map((c) => (
          <td key={`m-${c.key}`} className="num diff">
            {formatDiff(row.mail.changePct[c.key])}
          </td>
        ))}
        {COLUMNS.map((c) => (
          <td key={`s-${c.key}`} className="num diff" data-testid={`mail-sim-${row.fs}-change-${c.key}`}>
            {row.sim ? formatDiff(row.sim.changePct[c.key]) : <span className="muted">—</span>}
          </td>
        ))}
      </tr>
    </>
  );
}
