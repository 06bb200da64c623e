/**
 * dbench's operation table, the mail's beside the simulator's: for every
 * operation its share of all operations, its average and its maximum
 * latency, the mail's run closest to the shown clients count before and
 * after, and each shown variant's run.
 */
import { memo, useMemo } from 'react';
import { formatNumber, formatShare } from '../../../../lib/format';
import type { LabSectionProps } from '../../app/LabPage';
import { nearestMailClients, opsTable, type OpCells } from './compare';
import { LINKS } from './links';

const ms = (v: number | null) => (v === null ? '—' : formatNumber(v, { digits: 3 }));
const share = (v: number | null) => (v === null ? '—' : formatShare(v, { decimals: 1 }));

function Cells({ c }: { c: OpCells | null }) {
  return (
    <>
      <td className="num">{share(c?.share ?? null)}</td>
      <td className="num">{ms(c?.avg ?? null)}</td>
      <td className="num">{ms(c?.max ?? null)}</td>
    </>
  );
}

export const OpsTable = memo(function OpsTable({ variants, runs }: LabSectionProps) {
  const first = variants.map((v) => runs[v]).find((r) => r !== undefined);
  const clients = Number(first?.result.params.clients ?? 32);
  const mailClients = nearestMailClients(clients);
  const metrics = useMemo(() => Object.fromEntries(variants.map((v) => [v, runs[v]?.result.metrics])), [variants, runs]);
  const rows = useMemo(() => opsTable(mailClients, metrics), [mailClients, metrics]);
  return (
    <section className="panel" aria-labelledby="bf-ops-heading" data-testid="bf-ops">
      <div className="panel-head">
        <h2 id="bf-ops-heading">dbench's table: the mail's and the simulator's</h2>
      </div>
      <p className="muted">
        The mail's run with {mailClients} clients (300 s on 12 cores and NVMe; its figures are for all seven patches) beside
        this page's runs with {clients} clients. dbench counts an operation's latency from its start to its end; Count is
        shown as the share of all operations, which the load file fixes, so the two mixes can be compared. Flush is fsync.
        The model leaves out Deltree and Mkdir (256 and 128 of the mail's millions) and runs the read-only operations as CPU
        time; the operations that change the file system it runs one by one against the transaction.{' '}
        <a href={LINKS.mail} target="_blank" rel="noreferrer">
          The mail's tables
        </a>
        .
      </p>
      <div className="table-wrap">
        <table className="metrics-table bf-ops-table" data-testid="bf-ops-table">
          <thead>
            <tr>
              <th rowSpan={2}>operation</th>
              <th colSpan={3}>mail, before</th>
              <th colSpan={3}>mail, after</th>
              {variants.map((v) => (
                <th key={v} colSpan={3}>
                  simulator, {v}
                </th>
              ))}
            </tr>
            <tr>
              {['b', 'a', ...variants].map((k) => (
                <SubHead key={k} />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.op} data-op={r.op} className={r.op === 'Flush' ? 'bf-flush-row' : r.modelled ? '' : 'muted'}>
                <th scope="row">{r.op}</th>
                <Cells c={r.mail.before} />
                <Cells c={r.mail.after} />
                {variants.map((v) => (
                  <Cells key={v} c={r.sim[v] ?? null} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
});

function SubHead() {
  return (
    <>
      <th>share</th>
      <th>avg ms</th>
      <th>max ms</th>
    </>
  );
}
