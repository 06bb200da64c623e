/**
 * The inode-hash lab page: the mail in short, controls built from the
 * model's parameter table (fs shown as ext4 / btrfs), the hash table with
 * its RCU readers, lock and grace periods beside the model's source, the
 * run's metrics, where the CPUs spin, which chains are hot, the mail's table
 * beside the simulator's and the thread sweep.
 */
import { useMemo } from 'react';
import { ContentionSection } from '../../app/ContentionSection';
import { MetricsPanel, PaperPanel, RunPanel, UrlIssuesBanner } from '../../app/LabPanels';
import type { PaperLabels } from '../../app/PaperSection';
import { useLabData, type LabData } from '../../app/simHooks';
import { useLabView, useParsedFrames } from '../../app/useLabView';
import type { SweepResult } from '../../core/sweep';
import { ReproducePanel, type SimulatorSection } from '../../viz/kernel/ReproducePanel';
import { Animation } from './Animation';
import { ChainHeatSection } from './ChainHeatSection';
import { Explainer } from './Explainer';
import { CITATION, MAIL_NOISE_S } from './mail';
import { MailTable } from './MailTable';
import { ANIMATION_PRESET, MAX_ANIMATION_STEPS } from './preset';
import { parseIhSnapshot } from './snapshot';
import { ThreadSweep } from './ThreadSweep';

const LAB = 'inode-hash';

/** The kernel panel points back at the simulator's rows of the mail's table. */
const SIMULATOR_TABLE: SimulatorSection = { id: 'paper-heading', label: "the mail's table, reproduced" };

const PAPER_LABELS: PaperLabels = {
  rowHeading: 'fs',
  rowTitle: 'the file system of the mail’s row, 20 threads',
  chartTitle: 'total time of the stat walk',
  xAxis: 'file system (20 threads)',
  paperRange: `noise ${MAIL_NOISE_S[0]}–${MAIL_NOISE_S[1]} s`,
  paperRangeNote: (
    <>
      The mail gives its own noise: total time moves by {MAIL_NOISE_S[0]}–{MAIL_NOISE_S[1]} s from run to run, shown
      beside each of its figures.
    </>
  ),
};

const CONTENTION_TEXT = (
  <>
    Before the patch every cold <span className="mono">stat</span> takes <span className="mono">inode_hash_lock</span>{' '}
    twice, after it once; a walker's CPU spins while it waits for the lock. Spinning counts any lock: on btrfs that
    includes the file system's own, which the metrics count apart (<span className="mono">hash_lock_spin_s</span>,{' '}
    <span className="mono">btrfs_lock_spin_s</span>).
  </>
);

const sweepViews = (result: SweepResult | null, unit: string) => (
  <>
    <MailTable sweep={result} unit={unit} />
    <ThreadSweep sweep={result} unit={unit} />
  </>
);

export default function InodeHashPage() {
  const { data, error } = useLabData(LAB);
  if (error)
    return (
      <div className="banner error" role="alert" data-testid="run-error">
        The simulator could not start: {error}
      </div>
    );
  if (!data) return <p className="loading">Starting the simulator…</p>;
  return <InodeHashLab data={data} />;
}

function InodeHashLab({ data }: { data: LabData }) {
  const { specs, rows, source } = data;
  const lv = useLabView({ lab: LAB, data, preset: ANIMATION_PRESET, maxAnimationSteps: MAX_ANIMATION_STEPS });
  const snapshots = useParsedFrames(lv.stepper.frames, parseIhSnapshot);
  /* the heatmaps' step marker is all that moves in their sections while playing */
  const markerBefore = snapshots.before?.snap?.now_ns ?? null;
  const markerAfter = snapshots.after?.snap?.now_ns ?? null;
  const markers = useMemo(() => ({ before: markerBefore, after: markerAfter }), [markerBefore, markerAfter]);
  const failed = lv.runs.error !== null;
  const extra = useMemo(() => (result: SweepResult | null) => sweepViews(result, rows.unit), [rows.unit]);

  return (
    <article className="lab-page">
      <header className="lab-head">
        <h1>The inode hash: one trip through the global lock instead of two</h1>
        <p className="muted">
          {CITATION} · “[PATCH v3 0/2] rcu-based inode lookup for iget*” · model:{' '}
          <span className="mono">wasm-core/labs/inode-hash.c</span>
        </p>
      </header>

      <UrlIssuesBanner issues={lv.urlIssues} onDismiss={lv.dismissUrlIssues} />

      <Explainer />

      <RunPanel
        status={lv.status}
        running={lv.runs.running}
        specs={specs}
        params={lv.view.params}
        seed={lv.view.seed}
        variant={lv.view.variant}
        drafts={lv.drafts}
        invalid={lv.invalid}
        runError={lv.runError}
        onDraft={lv.onDraft}
        onApply={lv.onApply}
        onVariant={lv.setVariant}
        onReset={lv.onSmallConfig}
      />

      <Animation
        variants={lv.variants}
        stepper={lv.stepper}
        snapshots={snapshots}
        source={source}
        step={lv.view.step}
        maxStep={lv.maxStep}
        ready={lv.ready}
        tooBig={lv.tooBig}
        failed={failed}
        totals={lv.totals}
        maxAnimationSteps={MAX_ANIMATION_STEPS}
        playing={lv.playing}
        speed={lv.speed}
        onPlay={lv.play}
        onPause={lv.onPause}
        onStep={lv.stepBy}
        onSeek={lv.onScrub}
        onSpeed={lv.setSpeed}
        onSmallConfig={lv.onSmallConfig}
      />

      <MetricsPanel results={lv.results} />

      <ContentionSection
        lab={LAB}
        description={CONTENTION_TEXT}
        variants={lv.variants}
        runs={lv.runs.outputs}
        markers={markers}
        buckets={lv.heatBuckets}
        onBuckets={lv.setHeatBuckets}
        failed={failed}
      />

      <ChainHeatSection variants={lv.variants} runs={lv.runs.outputs} markers={markers} failed={failed} />

      <PaperPanel lab={LAB} rows={rows} specs={specs} onUseParams={lv.setParams} labels={PAPER_LABELS} extra={extra} />

      <ReproducePanel lab={LAB} simulatorSection={SIMULATOR_TABLE} />
    </article>
  );
}
