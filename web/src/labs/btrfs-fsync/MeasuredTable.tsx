/**
 * The measurements on record (measured/<date>.json, written by
 * measure-run.ts): every study's pairs, ten seeds each, their medians and
 * their change seed by seed with its 95% interval and verdict. Loaded on
 * demand: its data is not needed before the mail's table.
 */
import { formatChange, formatNumber } from '../../../../lib/format';
import { changeText, verdictWords } from '../../../../lib/verdict';
import { finiteMedian } from '../../core/stats';
import type { Study } from './measure';
import { MEASURED, MEASURED_DAY } from './measured';

const fig = (v: number) => formatNumber(v, { digits: 4 });

function StudyTable({ study }: { study: Study }) {
  return (
    <div className="table-wrap">
      <table className="metrics-table" data-testid={`bf-measured-${study.id}`}>
        <caption>{study.question}</caption>
        <thead>
          <tr>
            <th>parameters</th>
            <th>figure</th>
            <th>from → to</th>
            <th>medians</th>
            <th>change (95%)</th>
            <th>verdict</th>
            <th>the mail</th>
          </tr>
        </thead>
        <tbody>
          {study.pairs.map((p, i) => (
            <tr key={i} data-metric={p.metric}>
              <td className="mono">
                {Object.entries(p.params)
                  .map(([k, v]) => `${k}=${v}`)
                  .join(' ')}
              </td>
              <td className="mono">{p.metric}</td>
              <td>
                {p.sides[0]} → {p.sides[1]}
              </td>
              <td className="num">
                {fig(finiteMedian(p.before))} → {fig(finiteMedian(p.after))}
              </td>
              <td className="num">{changeText(p.verdict)}</td>
              <td>{verdictWords(p.verdict)}</td>
              <td className="num">{p.verdict.mail === null ? '—' : formatChange((p.verdict.mail - 1) * 100)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function MeasuredTable() {
  const m = MEASURED;
  return (
    <details className="bf-measured" data-testid="bf-measured">
      <summary>
        On record: {m.seeds.length} seeds each, measured {MEASURED_DAY.date} ({m.runs} runs in {formatNumber(m.seconds, { digits: 3 })} s
        at a load of {formatNumber(m.load.after[0], { digits: 2 })} on {m.machine.cpus} CPUs)
      </summary>
      <p className="muted">
        Each change is seed paired with seed (the same seed's two runs as a ratio), their geometric mean and its 95% interval
        (lib/verdict.ts). The btree-locks study turns the tree blocks' locks off on the same seeds; the unpin study raises
        the unpin's cost per extent and, where after's commits balloon, takes unused_bg_unpin_mutex away.
      </p>
      {m.studies.map((s) => (
        <StudyTable key={s.id} study={s} />
      ))}
    </details>
  );
}
