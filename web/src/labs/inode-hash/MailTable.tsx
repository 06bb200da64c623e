/**
 * The mail's whole table (user, system, CPU share and total, before and
 * after, ext4 and btrfs) beside the simulator's, from the paper sweep: the
 * simulator's medians over seeds with their min–max, its user time marked
 * as the input it is, and what the four numbers of a cell really measure.
 */
import { memo, useMemo } from 'react';
import { citationText, formatChange, formatNumber, formatRange, formatSeconds, formatShare } from '../../../../lib/format';
import { spread, type Spread } from '../../core/stats';
import type { SweepResult } from '../../core/sweep';
import type { PaperRows } from '../../core/types';
import { SimValue, VerdictTag } from '../../viz/paper/PaperTable';
import { compareWithMail, INPUT_TIMINGS, oneMeasurement, type ComparisonRow, type TimingKey } from './compare';
import { LINKS, MAIL_NOISE_S, MAIL_ROWS, MAIL_THREADS, MAIL_TREE } from './mail';

const COLUMNS: readonly { key: TimingKey; label: string; format: (v: number) => string }[] = [
  { key: 'user_s', label: 'user', format: formatSeconds },
  { key: 'sys_s', label: 'system', format: formatSeconds },
  { key: 'cpu_pct', label: 'cpu', format: (v) => formatShare(v / 100, { decimals: 0 }) },
  { key: 'total_s', label: 'total', format: formatSeconds },
];

const pct = (v: number): string => formatShare(v, { decimals: 0 });
const ns = (v: number): string => `${formatNumber(v, { decimals: 0 })} ns`;
const pctRange = (s: Spread): string => formatRange(s, { format: pct });

export const MailTable = memo(function MailTable({ sweep, table }: { sweep: SweepResult | null; table: PaperRows }) {
  const { unit } = table;
  const rows = useMemo(() => compareWithMail(MAIL_ROWS, sweep), [sweep]);
  return (
    <div className="ih-mail-table">
      <h3>The whole table: user, system and total time</h3>
      <p className="muted">
        The mail times each walk with the shell's <span className="mono">time</span>: user and system seconds summed over
        all CPUs, the CPU share, and the wall-clock total ({MAIL_THREADS} threads; the mail puts the noise at{' '}
        {MAIL_NOISE_S[0]}-{MAIL_NOISE_S[1]} s of total). The simulator's columns are its metrics{' '}
        <span className="mono">user_s</span>, <span className="mono">sys_s</span> and{' '}
        <span className="mono">total_s</span> of the same sweep rows, in the table's unit ({unit}), each the median over
        the seeds with the min–max under it; its CPU share is (user + system) / total. Figures: {citationText(table.citation)},{' '}
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
                <th
                  key={`s-${c.key}`}
                  className="sim-group"
                  title={INPUT_TIMINGS.has(c.key) ? 'an input of the model, not a result: a fixed cost per stat' : undefined}
                >
                  {c.label}
                  {INPUT_TIMINGS.has(c.key) && <span className="input-tag"> (input)</span>}
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
      <WhatTheColumnsMeasure rows={rows} />
    </div>
  );
});

function FsRows({ row }: { row: ComparisonRow }) {
  const lines = [
    { name: 'before', mail: row.mail.before, sim: row.sim?.before, range: row.sim?.range.before },
    { name: 'after', mail: row.mail.after, sim: row.sim?.after, range: row.sim?.range.after },
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
          {COLUMNS.map((c) => {
            const id = `mail-sim-${row.fs}-${l.name}-${c.key}`;
            if (!l.sim || !l.range)
              return (
                <td key={`s-${c.key}`} className="num">
                  <span className="muted" data-testid={id}>
                    —
                  </span>
                </td>
              );
            if (INPUT_TIMINGS.has(c.key))
              return (
                <td key={`s-${c.key}`} className="num" data-input="true">
                  <span data-testid={id}>{c.format(l.sim[c.key])}</span>
                  <span className="input-tag">input</span>
                </td>
              );
            return (
              <td key={`s-${c.key}`} className="num">
                <SimValue value={l.sim[c.key]} range={l.range[c.key]} testId={id} format={c.format} />
              </td>
            );
          })}
        </tr>
      ))}
      <tr className="ih-change-row" data-fs={row.fs} data-variant="change">
        <td className="muted">change</td>
        {COLUMNS.map((c) => (
          <td key={`m-${c.key}`} className="num diff">
            {formatChange(row.mail.changePct[c.key])}
          </td>
        ))}
        {COLUMNS.map((c) => {
          const id = `mail-sim-${row.fs}-change-${c.key}`;
          const sim = row.sim;
          if (!sim)
            return (
              <td key={`s-${c.key}`} className="num diff" data-testid={id}>
                <span className="muted">—</span>
              </td>
            );
          if (INPUT_TIMINGS.has(c.key))
            return (
              <td key={`s-${c.key}`} className="num diff muted" data-testid={id} data-input="true" title="an input has no change to report">
                input
              </td>
            );
          return (
            <td key={`s-${c.key}`} className="num diff" data-testid={id} data-verdict={sim.verdict[c.key].kind}>
              {formatChange(sim.changePct[c.key])}
              <VerdictTag verdict={sim.verdict[c.key]} />
            </td>
          );
        })}
      </tr>
    </>
  );
}

/** What the simulator's columns are: an input, and (while the walkers never sleep) one measurement in four numbers. */
function WhatTheColumnsMeasure({ rows }: { rows: readonly ComparisonRow[] }) {
  const swept = rows.filter((r): r is ComparisonRow & { sim: NonNullable<ComparisonRow['sim']> } => r.sim !== null);
  const mailUser = rows.flatMap((r) => [r.mail.userPerStatNs.before, r.mail.userPerStatNs.after]);
  const mailBusy = rows.flatMap((r) => [r.mail.busyShare.before, r.mail.busyShare.after]);
  const mailRange = (values: number[], format: (v: number) => string) => formatRange({ min: Math.min(...values), max: Math.max(...values) }, { format });
  const userPerStat = swept.length > 0 ? spread(swept.flatMap((r) => [r.sim.userPerStatNs.min, r.sim.userPerStatNs.max])) : null;
  return (
    <div className="muted small-text ih-measures" data-testid="mail-table-measures">
      <p data-testid="mail-table-input">
        <b>User time is an input, not a result.</b> The model charges every stat a fixed user cost, taken from the
        mail's user seconds over its {(MAIL_THREADS * MAIL_TREE.dirs * MAIL_TREE.files) / 1e6} million stats ({mailRange(mailUser, ns)} per stat there)
        {userPerStat && (
          <>
            ; in these runs it is <span data-testid="user-per-stat">{formatRange(userPerStat, { format: ns })}</span> per stat, before
            and after alike
          </>
        )}
        . Its agreement with the mail is by construction, and it has no change to report.
      </p>
      {swept.length > 0 ? (
        swept.map((r) => (
          <p key={r.fs} data-testid={`mail-table-one-number-${r.fs}`} data-one={oneMeasurement(r.sim) ? 'true' : 'false'}>
            <span className="mono">{r.fs}</span>: the simulated walkers were on a CPU for {pctRange(r.sim.busyShare)} of{' '}
            {MAIL_THREADS} threads × total time (the mail's walkers: {mailRange(mailBusy, pct)}).{' '}
            {oneMeasurement(r.sim) ? (
              <>
                They never sleep, so the system time is that busy time less the user input, and the CPU share is it over
                the total: user, system, CPU share and total carry <b>one measured number</b>, the total time, and agree
                with the mail's together or not at all, not four times over.
              </>
            ) : (
              <>
                They spent part of it off their CPUs, so the system time and the CPU share measure something the total
                does not.
              </>
            )}
          </p>
        ))
      ) : (
        <p>
          Once the sweep has run, this says how much of threads × total time the simulated walkers spent on a CPU, and so
          how many of the four numbers are measurements of their own (the mail's walkers: {mailRange(mailBusy, pct)}).
        </p>
      )}
    </div>
  );
}
