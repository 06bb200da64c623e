/** The runtime switch of a lab, its counters and measures, the benchmark, what to know to read it, and the 6.12 source it touches. */
import type { KernelLabSpec } from '../../../../lib/kernel-labs';

const ELIXIR = 'https://elixir.bootlin.com/linux/v6.12';

export function sourceFileHref(file: string): string {
  return `${ELIXIR}/source/${file}`;
}

/** Every definition and use of an identifier in 6.12. */
export function identHref(name: string): string {
  return `${ELIXIR}/C/ident/${encodeURIComponent(name)}`;
}

export function SwitchInfo({ spec }: { spec: KernelLabSpec }) {
  return (
    <div className="kp-switch" data-testid="kernel-switch">
      <p>
        One kernel serves both variants: stock 6.12 is the mail's <b>after</b>; the lab's {spec.kind} turns the
        old code back on for <b>before</b>. Benchmark in the guest: <span className="mono">{spec.benchmark}</span>.
      </p>
      <div className="table-wrap">
        <table className="metrics-table kp-switch-table">
          <thead>
            <tr>
              <th>switch</th>
              <th>where in the guest</th>
              <th className="num">before</th>
              <th className="num">after</th>
              <th>what it does</th>
            </tr>
          </thead>
          <tbody>
            {spec.switches.map((s) => (
              <tr key={s.name} data-testid={`kernel-switch-${s.name}`}>
                <td className="mono">{s.name}</td>
                <td className="mono kp-path">{s.path}</td>
                <td className="num">{s.before}</td>
                <td className="num">{s.both ?? 0}</td>
                <td>
                  {s.help}
                  {s.both !== undefined && <span className="muted"> (set in both variants)</span>}
                </td>
              </tr>
            ))}
          </tbody>
          <thead>
            <tr>
              <th>counter</th>
              <th>where in the guest</th>
              <th className="num">before</th>
              <th className="num">after</th>
              <th>what it counts</th>
            </tr>
          </thead>
          <tbody>
            {spec.counters.map((c) => (
              <tr key={c.name} data-testid={`kernel-counter-${c.name}`}>
                <td className="mono">{c.name}</td>
                <td className="mono kp-path">{c.path}</td>
                <td className="num">&gt; 0</td>
                <td className="num">0</td>
                <td>{c.help}</td>
              </tr>
            ))}
          </tbody>
          {spec.measures && spec.measures.length > 0 && (
            <>
              <thead>
                <tr>
                  <th>measure</th>
                  <th>where in the guest</th>
                  <th colSpan={2}>in the results as</th>
                  <th>what it measures</th>
                </tr>
              </thead>
              <tbody>
                {spec.measures.map((m) => (
                  <tr key={m.name} data-testid={`kernel-measure-${m.name}`}>
                    <td className="mono">{m.name}</td>
                    <td className="mono kp-path">{m.path}</td>
                    <td className="mono" colSpan={2}>
                      {m.metric}
                    </td>
                    <td>{m.help}</td>
                  </tr>
                ))}
              </tbody>
            </>
          )}
        </table>
      </div>
      {spec.notes?.map((n, i) => (
        <p key={i} className="kp-note" data-testid="kernel-note">
          {n}
        </p>
      ))}
      <p className="kp-source">
        The 6.12 source:{' '}
        <a href={sourceFileHref(spec.source.file)} target="_blank" rel="noreferrer" className="mono" data-testid="kernel-source">
          {spec.source.file}
        </a>
        {' · '}
        {spec.source.functions.map((f, i) => (
          <span key={f}>
            {i > 0 && ', '}
            <a href={identHref(f)} target="_blank" rel="noreferrer" className="mono">
              {f}()
            </a>
          </span>
        ))}
        <span className="muted"> (<span className="mono">&lt;dev&gt;</span> is the guest's block device, e.g. vdb)</span>
      </p>
    </div>
  );
}
