/**
 * All six variants side by side, whatever the animation shows: each one run
 * to its end with the page's parameters and seed, as a card with the
 * shrinker's figures and the tree it left in the inode it last worked on.
 * The kit's side-by-side view shows two variants; this shows the mail's
 * whole row at once.
 */
import { memo, useMemo } from 'react';
import { formatNumber } from '../../../../lib/format';
import type { LabSectionProps } from '../../app/LabPage';
import { useFullRuns } from '../../app/simHooks';
import { useElementWidth } from '../../viz/useElementWidth';
import { extentCounts, treeLayout, VARIANT_WORDS } from './model';
import { ES_CASES, ES_VARIANTS, type EsFocus } from './schema';
import { parseEsSnapshot } from './snapshot';

const LAB = 'extent-status';
const MINI_H = 16;

/**
 * The run parameters of a shown run as numbers, as the simulator takes them:
 * a run's result gives a choice (case) by its name.
 */
export function runParams(params: Readonly<Record<string, number | string>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === 'number') out[k] = v;
    else if (k === 'case' && (ES_CASES as readonly string[]).includes(v)) out[k] = ES_CASES.indexOf(v as (typeof ES_CASES)[number]);
  }
  return out;
}

export const AllVariants = memo(function AllVariants({ variants, runs, failed }: LabSectionProps) {
  const shown = variants.map((v) => runs[v]).find((o) => o !== undefined);
  const paramsKey = shown ? JSON.stringify(runParams(shown.result.params)) : null;
  const params = useMemo(() => (paramsKey ? (JSON.parse(paramsKey) as Record<string, number>) : null), [paramsKey]);
  const all = useFullRuns(LAB, ES_VARIANTS, failed ? null : params, shown?.result.seed ?? 1, 2);
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(900);
  const cardW = Math.max(150, Math.floor((width - 5 * 10) / 6));
  return (
    <section className="panel" aria-labelledby="es-all-heading">
      <div className="panel-head">
        <h2 id="es-all-heading">All six variants, side by side</h2>
        <span className="muted">{all.running ? 'simulating…' : 'each run to its end with the parameters and seed above'}</span>
      </div>
      <p className="muted">
        Each card is one variant, run with the same parameters and seed: the kernel's EWMA of scan times and the longest
        call, how many extents the shrinker visited and how many of those were delayed ones it had to walk past, and the
        tree it last reclaimed from as it stands at the end (green written, amber delayed, blue-grey holes, blank not
        cached).
      </p>
      {all.error && (
        <div className="banner error" data-testid="es-all-error">
          {all.error}
        </div>
      )}
      <div ref={wrapRef} className="es-all" data-testid="es-all-variants">
        {ES_VARIANTS.map((v) => {
          const o = all.outputs[v];
          const p = o ? parseEsSnapshot(o.snapshot) : null;
          const m = o?.result.metrics;
          return (
            <div key={v} className="es-all-card" data-testid="es-all-card" data-variant={v} style={{ width: cardW }}>
              <h3>{v}</h3>
              <p className="muted small-text">{VARIANT_WORDS[v]}</p>
              {!o || !m ? (
                <p className="muted small-text">{failed ? 'the run failed' : 'simulating…'}</p>
              ) : (
                <>
                  <dl className="es-all-figures">
                    <dt>avg scan</dt>
                    <dd data-testid="es-all-avg_scan_us" data-value={m.avg_scan_us}>
                      {formatNumber(m.avg_scan_us ?? NaN, { digits: 3 })} µs
                    </dd>
                    <dt>max scan</dt>
                    <dd>{formatNumber(m.max_scan_us ?? NaN, { digits: 3 })} µs</dd>
                    <dt>calls</dt>
                    <dd>{formatNumber(m.shrinker_calls ?? NaN)}</dd>
                    <dt>hits</dt>
                    <dd>{formatNumber(m.hits ?? NaN)}</dd>
                    <dt>visited</dt>
                    <dd>
                      {formatNumber(m.nodes_visited ?? NaN)}
                      {m.nodes_visited ? ` (${formatNumber((100 * (m.delayed_skipped ?? 0)) / m.nodes_visited, { digits: 2 })} % delayed)` : ''}
                    </dd>
                    <dt>sorts</dt>
                    <dd>{formatNumber(m.list_sorts ?? NaN)}</dd>
                  </dl>
                  {p?.snap?.es.focus ? (
                    <MiniTree focus={p.snap.es.focus} width={cardW - 12} />
                  ) : (
                    <p className="muted small-text">{p?.error ?? 'no inode holds extents'}</p>
                  )}
                </>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
});

function MiniTree({ focus, width }: { focus: EsFocus; width: number }) {
  const layout = useMemo(() => treeLayout(focus, width), [focus, width]);
  const c = extentCounts(focus);
  return (
    <figure className="es-mini-tree">
      <svg width={width} height={MINI_H} role="img" aria-label={`inode ${focus.ino}'s extents at the end`}>
        <rect x={0} y={0} width={layout.barW} height={MINI_H} className="es-uncached" />
        {layout.runs.map((r, i) => (
          <rect key={i} x={r.x} y={0} width={r.w} height={MINI_H} className={`es-run ${r.run.status}`} />
        ))}
      </svg>
      <figcaption className="muted small-text">
        {`inode ${focus.ino}: ${formatNumber(c.written + c.unwritten)} written, ${formatNumber(c.delayed)} delayed, ${formatNumber(c.hole)} holes`}
      </figcaption>
    </figure>
  );
}
