/**
 * The mail's table beside the simulator's: runs the paper sweep in the
 * worker (the page keeps responding), every point with several seeds, shows
 * its progress, and draws the table and the grouped bars with the
 * simulator's range over the seeds and the verdict on each change against
 * the mail's (lib/verdict.ts). Each row fills as soon as its runs end.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { formatDuration } from '../../../lib/format';
import { getSim } from '../core/client';
import { sweepPlan, sweepSeeds, type SweepProgress, type SweepResult, type SweepRow } from '../core/sweep';
import type { PaperRows, ParamSpec } from '../core/types';
import { barGroups, buildPaperTable, paperEnds } from '../viz/paper/paper';
import { PaperChart } from '../viz/paper/PaperChart';
import { PaperTable } from '../viz/paper/PaperTable';
import { errorText } from './simHooks';

/** Sweeps already run on this page, by lab, so that leaving and coming back keeps them. */
const sweeps = new Map<string, SweepResult>();

/** What the table's label column and the chart are called for a lab's rows. */
export interface PaperLabels {
  /** heading of the label column */
  rowHeading?: ReactNode;
  /** what a label means (the heading's tooltip) */
  rowTitle?: string;
  /** the chart's title */
  chartTitle?: string;
  /** the chart's x axis */
  xAxis?: string;
  /** the run-to-run range the mail gives for its own figures, shown beside each (e.g. "noise 1–2 s") */
  paperRange?: string;
  /** where that range comes from, in the page's words */
  paperRangeNote?: ReactNode;
}

export interface PaperSectionProps {
  lab: string;
  /** the lab's variants, in its order (the first unpatched, the last patched) */
  variants: readonly string[];
  rows: PaperRows;
  specs: readonly ParamSpec[];
  onUseParams?: (params: Record<string, number>) => void;
  labels?: PaperLabels;
  /** drawn under the table and chart, from the sweep's result once there is one */
  extra?: (result: SweepResult | null) => ReactNode;
  /** how many seeds the sweep runs every point with (the lab's, measured to fit its time); sweepSeeds()'s by default */
  seeds?: number;
}

export function PaperSection({ lab, variants, rows, specs, onUseParams, labels = {}, extra, seeds: seedCount }: PaperSectionProps) {
  const [result, setResult] = useState<SweepResult | null>(() => sweeps.get(lab) ?? null);
  /* the points finished so far of a sweep under way, for the table to fill row by row */
  const [partial, setPartial] = useState<{ variants: string[]; rows: SweepRow[] } | null>(null);
  const [progress, setProgress] = useState<SweepProgress | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState<number | null>(null);

  const table = useMemo(() => buildPaperTable(rows, result ?? partial), [rows, result, partial]);
  const shown = result?.variants ?? variants;
  const ends = useMemo(() => paperEnds(rows, shown), [rows, shown]);
  const groups = useMemo(() => barGroups(table, shown, ends), [table, shown, ends]);
  /* what the sweep runs: the paper's rows, or the lab's own plan (which holds them) */
  const points = useMemo(() => sweepPlan(rows, specs), [rows, specs]);
  const n = points.length;
  const unit = n === rows.rows.length ? 'row' : 'point';
  /* the seeds the sweep runs; a finished sweep says its own */
  const seeds = result?.seeds ?? sweepSeeds(seedCount);
  const runs = shown.length * n * seeds.length;
  const variantText = shown.length === 2 ? `${shown[0]} and ${shown[1]}` : `in each of its ${shown.length} variants (${shown.join(', ')})`;

  const run = async () => {
    setRunning(true);
    setError(null);
    setProgress(null);
    setResult(null);
    setPartial({ variants: [...shown], rows: [] });
    const t0 = performance.now();
    try {
      const r = await getSim().sweep(lab, (p) => {
        setProgress(p);
        const point = p.point;
        if (point) setPartial((was) => (was ? { ...was, rows: [...was.rows, point] } : was));
      }, sweepSeeds(seedCount));
      sweeps.set(lab, r);
      setResult(r);
      setElapsed(performance.now() - t0);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setRunning(false);
      setPartial(null);
    }
  };

  const rowIndex = progress ? points.findIndex((p) => p.row === progress.row) + 1 : 0;
  /* points whose every run is done: the runs of a point are variants x seeds, in plan order */
  const pointsDone = progress ? Math.floor(progress.done / (shown.length * seeds.length)) : 0;
  const c = rows.citation;

  return (
    <div className="paper-section">
      <div className="sweep-bar">
        <button type="button" className="primary" data-testid="sweep-run" onClick={run} disabled={running}>
          {running ? 'Sweeping…' : result ? 'Run the sweep again' : 'Run the sweep'}
        </button>
        <label className="sweep-progress-label" aria-live="polite">
          <progress
            data-testid="sweep-progress"
            max={progress?.total ?? runs}
            value={progress?.done ?? (result && !running ? runs : 0)}
          />
          <span data-testid="sweep-progress-label">
            {running
              ? progress
                ? `${unit} ${rowIndex}/${n} (${progress.label}, ${progress.variant}, seed ${progress.seed}), run ${progress.done}/${progress.total}`
                : `${unit} 0/${n}`
              : error
                ? `stopped at ${unit} ${Math.min(n, pointsDone + 1)}/${n}`
                : result
                ? `${unit} ${n}/${n} done${elapsed != null ? ` in ${formatDuration(elapsed * 1e6)}` : ''} (seeds ${result.seeds.join(', ')})`
                : `${unit} 0/${n}: not run yet`}
          </span>
        </label>
        <span className="muted">
          {n === rows.rows.length
            ? `runs every row ${variantText} with seeds ${seeds.join(', ')} (${runs} simulations) in the background worker`
            : `runs the mail's ${rows.rows.length} rows and the rest of the lab's sweep, ${n} points ${variantText} with seeds ${seeds.join(', ')} (${runs} simulations), in the background worker`}
        </span>
      </div>
      {error && (
        <div className="banner error" role="alert" data-testid="sweep-error">
          The sweep failed: {error}
        </div>
      )}
      <p className="citation">
        Paper figures: {c.author}, {c.list}, {c.date}:{' '}
        <a href={c.url} target="_blank" rel="noreferrer">
          “{c.subject}”
        </a>
        {c.commit && <> (upstream commit {c.commit})</>}. Metric: <span className="mono">{rows.metric}</span> ÷{' '}
        {rows.scale} = {rows.unit}.
      </p>
      <PaperTable
        rows={rows}
        variants={shown}
        table={table}
        specs={specs}
        onUseParams={onUseParams}
        rowHeading={labels.rowHeading}
        rowTitle={labels.rowTitle}
        paperRange={labels.paperRange}
      />
      <p className="muted small-text" data-testid="verdict-note">
        The simulator's figures are the median of seeds {seeds.join(', ')}, with the lowest and highest seed's under
        them. The change from {ends.before} to {ends.after} is taken seed by seed (the ratio of each seed's two runs), with
        its 95% interval over the seeds (Student's t), and held against the mail's: <b>as the mail</b> (the same direction, clear
        of no change, within a factor of two of the mail's size), <b>weaker</b> or <b>stronger than the mail</b> (off by more),{' '}
        <b>within the noise</b> (the interval includes no change) or <b>against the mail</b> (clear of no change, the other
        way). Where the mail's own change is within its noise, the verdict says whether the simulator's is too. A seed
        changes only the simulation's random choices, which is less than all that changes between two runs on a real
        machine: a clear change here means that the patch moves the simulation more than its seed does, not that a real
        benchmark, with its own noise, would show it.
        {labels.paperRangeNote && <> {labels.paperRangeNote}</>}
      </p>
      <PaperChart
        groups={groups}
        variants={shown}
        ends={ends}
        unit={rows.unit}
        name={`${lab}-paper-chart`}
        title={labels.chartTitle}
        xAxis={labels.xAxis}
      />
      {extra?.(result)}
    </div>
  );
}
