/**
 * Imported kernel runs: the metrics before and after with the change and
 * the mail's own change, then each run's context and what it says about
 * the soundness of the comparison.
 */
import type { KernelLabSpec } from '../../../../lib/kernel-labs';
import { formatBytes, formatChange, formatNumber } from '../../../../lib/format';
import { changeText, verdictReason } from '../../../../lib/verdict';
import { VerdictTag } from '../paper/PaperTable';
import { ranInQemu, runWhere, unitText, WHERE_TEXT, type KernelResult } from '../../../../lib/kernel-results';
import { checkRun, contextMismatches, missingVariant, placeMix, tcgNote, type MetricRow } from './compare';
import type { ImportedRun } from './imports';
import { simulatorCell, simulatorConfigText, type SimulatorRuns } from './simulatorMetrics';
import type { KernelLab } from '../../../../lib/kernel-results';

function Values({ values, median }: { values: number[]; median?: number }) {
  if (!values.length) return <span className="muted">—</span>;
  return (
    <>
      {formatNumber(median)}
      {values.length > 1 && (
        <div className="kp-runs muted" title="each run's value; the median is above">
          median of {values.length}, {formatNumber(Math.min(...values))} to {formatNumber(Math.max(...values))}: {values.map((v) => formatNumber(v)).join(', ')}
        </div>
      )}
    </>
  );
}

/** The simulator's change for a kernel metric at the page's configuration, or why there is none. */
function SimulatorValue({ lab, metric, sim }: { lab: KernelLab; metric: MetricRow; sim: SimulatorRuns }) {
  const cell = simulatorCell(lab, metric.key, sim);
  if (cell.kind === 'none')
    return (
      <span className="muted" title={cell.reason}>
        —<div className="kp-runs muted">{cell.reason}</div>
      </span>
    );
  return (
    <span data-testid={`kernel-sim-${metric.key}`}>
      {formatChange(cell.changePct)}
      <div className="kp-runs muted">
        <span className="mono">{cell.metric}</span> {formatNumber(cell.before)} → {formatNumber(cell.after)}
      </div>
    </span>
  );
}

export function MetricComparison({ rows, lab, simulator }: { rows: MetricRow[]; lab?: KernelLab; simulator?: SimulatorRuns | null }) {
  const sim = lab && simulator ? simulator : null;
  const citations = [...new Set(rows.flatMap((r) => (r.mail ? [r.mail.citation] : [])))];
  return (
    <>
      <div className="table-wrap">
        <table className="metrics-table kp-results" data-testid="kernel-results-table">
          <thead>
            <tr>
              <th>metric</th>
              <th>unit</th>
              <th className="num">before</th>
              <th className="num">after</th>
              <th className="num">change</th>
              <th className="num">the mail's change</th>
              {sim && (
                <th className="num" title={`the simulator at this page's configuration: ${simulatorConfigText(sim)}`}>
                  the simulator's change
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} data-testid={`kernel-metric-${r.key}`}>
                <td>
                  {r.label} <span className="mono muted kp-key">{r.key}</span>
                </td>
                <td>{unitText(r.unit)}</td>
                <td className="num">
                  <Values values={r.before} median={r.beforeMedian} />
                </td>
                <td className="num">
                  <Values values={r.after} median={r.afterMedian} />
                </td>
                <td className="num" data-testid={`kernel-change-${r.key}`}>
                  {formatChange(r.changePct)}
                  {r.verdict.kind !== 'too few runs' && (
                    <div className="kp-runs muted" data-testid={`kernel-verdict-${r.key}`} title={verdictReason(r.verdict)}>
                      paired: {changeText(r.verdict)}
                      <VerdictTag verdict={r.verdict} />
                    </div>
                  )}
                </td>
                <td className="num">
                  {r.mail ? (
                    <span title={r.mail.citation} data-testid={`kernel-mail-${r.key}`}>
                      {formatChange(r.mailPct)}
                      <div className="kp-runs muted kp-mail-where">
                        {r.mail.where}; {formatNumber(r.mail.before)} → {formatNumber(r.mail.after)} {unitText(r.unit)}
                        {r.mailStatedPct !== undefined && <>; the mail's text states {formatChange(r.mailStatedPct)}</>}
                      </div>
                    </span>
                  ) : (
                    <span className="muted" title="the mail has no figure for this metric">
                      —
                    </span>
                  )}
                </td>
                {sim && (
                  <td className="num">
                    <SimulatorValue lab={lab!} metric={r} sim={sim} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {sim && (
        <p className="muted kp-citations" data-testid="kernel-sim-config">
          The simulator's change is {sim.variants[0]} → {sim.variants[1]} at this page's configuration ({simulatorConfigText(sim)}); set
          the page's parameters to a kernel run's to compare like with like. The simulator counts virtual time on a model of the mail's
          machine: compare directions and sizes, not absolute figures.
        </p>
      )}
      {citations.length > 0 && (
        <p className="muted kp-citations">
          The mail's change is computed from its own figures, before → after: {citations.join('; ')}.
        </p>
      )}
    </>
  );
}

function Pairs({ values }: { values: Record<string, number> }) {
  const entries = Object.entries(values);
  if (!entries.length) return <span className="muted">none</span>;
  return (
    <>
      {entries.map(([k, v]) => (
        <div key={k} className="mono kp-pair">
          {k}={v}
        </div>
      ))}
    </>
  );
}

/** Where the run ran: QEMU's accelerator and why, or the machine a host-run ran on and its devices. */
function Where({ r }: { r: KernelResult }) {
  const where = runWhere(r);
  if (ranInQemu(where)) {
    return (
      <span title={r.accelerator_reason} data-testid="kernel-where" data-where={where}>
        {where.toUpperCase()}
        {where === 'tcg' && (
          <span className="kp-tcg" data-testid="kernel-tcg">
            emulation
          </span>
        )}
        <div className="kp-runs muted">{r.accelerator_reason}</div>
      </span>
    );
  }
  return (
    <span title={r.where_reason} data-testid="kernel-where" data-where={where}>
      {WHERE_TEXT[where]}
      <div className="kp-runs muted">
        {r.host.cpu_model} · {r.host.cpus} CPUs
        {(r.devices ?? []).map((d) => (
          <div key={d.path} className="mono">
            {d.path} ({d.disk}, {d.model}, {formatBytes(d.bytes)}
            {d.rotational === true ? ', rotational' : d.rotational === false ? ', solid state' : ''})
          </div>
        ))}
        {r.where_reason && <div>{r.where_reason}</div>}
      </div>
    </span>
  );
}

export function RunContext({ runs, spec, onRemove }: { runs: ImportedRun[]; spec: KernelLabSpec; onRemove(id: number): void }) {
  return (
    <div className="table-wrap">
      <table className="metrics-table kp-context" data-testid="kernel-runs-table">
        <thead>
          <tr>
            <th>file</th>
            <th>variant</th>
            <th>where</th>
            <th className="num">smp</th>
            <th>kernel</th>
            <th>switches</th>
            <th>counters</th>
            <th>checks</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {runs.map(({ id, file, result: r }) => {
            const checks = checkRun(r, spec);
            return (
              <tr key={id} data-testid="kernel-run">
                <td>
                  <span className="mono kp-file">{file}</span>
                  <div className="kp-runs muted">
                    {r.profile} profile · {r.started_at.replace('T', ' ').slice(0, 19)} · {formatNumber(r.wall_s)} s wall
                  </div>
                </td>
                <td>
                  <span className={`kp-variant ${r.variant}`}>{r.variant}</span>
                </td>
                <td>
                  <Where r={r} />
                </td>
                <td className="num">
                  {r.guest.smp}
                  <div className="kp-runs muted">{r.guest.mem_mib} MiB</div>
                </td>
                <td className="mono">{r.guest.kernel_release}</td>
                <td>
                  <Pairs values={r.switches} />
                </td>
                <td>
                  <Pairs values={r.counters} />
                </td>
                <td>
                  {checks.length === 0 ? (
                    <span className="kp-ok">switch as expected, counter agrees</span>
                  ) : (
                    <ul className="kp-checks">
                      {checks.map((c) => (
                        <li key={c.message} className="kp-check warn" data-testid="kernel-check-warn">
                          {c.message}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td>
                  <button type="button" className="small link-button" onClick={() => onRemove(id)} aria-label={`remove ${file}`}>
                    remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Sentences that qualify the whole comparison: a missing side, runs that differ, the scale-downs. */
export function ComparisonNotes({ runs }: { runs: ImportedRun[] }) {
  const missing = missingVariant(runs);
  const mismatches = contextMismatches(runs);
  const scaled = [...new Set(runs.flatMap((r) => r.result.scaled))];
  const tcg = tcgNote(runs);
  const mix = placeMix(runs);
  return (
    <>
      {mix && (
        <div className="banner warn" data-testid="kernel-place-mix">
          {mix}
        </div>
      )}
      {tcg && (
        <p className="kp-tcg-note" data-testid="kernel-tcg-note">
          <span className="kp-tcg">emulation</span> {tcg}
        </p>
      )}
      {missing && (
        <p className="muted" data-testid="kernel-missing">
          {missing}
        </p>
      )}
      {mismatches.length > 0 && (
        <div className="banner warn" data-testid="kernel-mismatch">
          <b>The runs are not alike, so the change mixes in more than the switch:</b>
          <ul>
            {mismatches.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}
      {scaled.length > 0 && (
        <div className="small-text kp-scaled">
          <b>Scaled down from the mail:</b>
          <ul>
            {scaled.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
