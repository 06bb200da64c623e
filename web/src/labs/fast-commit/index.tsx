/**
 * The fast-commit lab page: the mail in short, controls built from the
 * model's parameter table, the animated commit walk beside the model's
 * source, metrics, the contention heatmap and the paper table.
 */
import { useMemo } from 'react';
import { ContentionSection } from '../../app/ContentionSection';
import { MetricsPanel, PaperPanel, RunPanel, UrlIssuesBanner } from '../../app/LabPanels';
import type { PaperLabels } from '../../app/PaperSection';
import { useLabData, type LabData, type Variant } from '../../app/simHooks';
import { useLabView, useParsedFrames } from '../../app/useLabView';
import { Animation } from './Animation';
import { CITATION, Explainer } from './Explainer';
import { parseFcSnapshot } from './snapshot';
import { ReproducePanel, type SimulatorSection } from '../../viz/kernel/ReproducePanel';

const LAB = 'fast-commit';

/** A configuration small enough to watch step by step (where the table has these parameters). */
export const ANIMATION_PRESET: Readonly<Record<string, number>> = { ways: 4, dirs: 2, files: 8, loops: 1 };

/** Above this many steps the animation refuses: every frame re-runs the simulation to its step. */
export const MAX_ANIMATION_STEPS = 2_000_000;

const PAPER_LABELS: PaperLabels = {
  rowHeading: (
    <>
      order,
      <br />
      dir&amp;files
    </>
  ),
  rowTitle: '2^order ways, 2^dir subdirectories and 2^files files per loop',
  chartTitle: 'creates per second by row',
  xAxis: 'order, dir & files (row)',
};

/** The kernel panel points back at the simulator's rows of the mail's table. */
const SIMULATOR_TABLE: SimulatorSection = { id: 'paper-heading', label: "the mail's table, reproduced" };

const CONTENTION_TEXT = (
  <>
    Here every fs_mark thread has a CPU of its own, and kjournald2 the last one. A CPU spins when it wants{' '}
    <span className="mono">s_fc_lock</span> while another holds it; it sleeps while its thread waits for a fast
    commit to end: a create in <span className="mono">start_this_handle</span> (the commit locks the journal's
    updates), an fsync in <span className="mono">jbd2_fc_begin_commit</span>.
  </>
);

export default function FastCommitPage() {
  const { data, error } = useLabData(LAB);
  if (error)
    return (
      <div className="banner error" role="alert" data-testid="run-error">
        The simulator could not start: {error}
      </div>
    );
  if (!data) return <p className="loading">Starting the simulator…</p>;
  return <FastCommitLab data={data} />;
}

function FastCommitLab({ data }: { data: LabData }) {
  const { specs, rows, source } = data;
  const lv = useLabView({ lab: LAB, data, preset: ANIMATION_PRESET, maxAnimationSteps: MAX_ANIMATION_STEPS });
  const snapshots: ParsedSnapshots = useParsedFrames(lv.stepper.frames, parseFcSnapshot);
  /* the heatmaps' step marker is all that moves in their section while playing */
  const markerBefore = snapshots.before?.snap?.now_ns ?? null;
  const markerAfter = snapshots.after?.snap?.now_ns ?? null;
  const markers = useMemo(() => ({ before: markerBefore, after: markerAfter }), [markerBefore, markerAfter]);
  const failed = lv.runs.error !== null;

  return (
    <article className="lab-page">
      <header className="lab-head">
        <h1>ext4 fast commit: from a quadratic search to a pointer</h1>
        <p className="muted">
          {CITATION} · “ext4: Performance scalability improvement with fast_commit” · model:{' '}
          <span className="mono">wasm-core/labs/fast-commit.c</span>
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

      <PaperPanel lab={LAB} rows={rows} specs={specs} onUseParams={lv.setParams} labels={PAPER_LABELS} />

      <ReproducePanel lab={LAB} simulatorSection={SIMULATOR_TABLE} />
    </article>
  );
}

export type ParsedSnapshots = Partial<Record<Variant, ReturnType<typeof parseFcSnapshot>>>;
