/**
 * The page every simulator lab shares, built from the lab's manifest
 * (web/src/labs/<lab>/manifest.tsx) and what the lab declares in C: the
 * title and citation from the paper table, the variants from the lab list.
 * In order: the mail in short, the controls, the animation beside the
 * model's source, the run's metrics, where the CPUs wait, the lab's own
 * sections, the mail's table reproduced and the kernel reproduction.
 * Each view of it (presenter/views.ts) has buttons to present it or to copy
 * its embed; in presenter mode (present=<view>) the page shows one view at a
 * time, and an embed (#/embed/<lab>/<view>) shows one view alone.
 */
import { useCallback, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { stepMoment, type LessonMoment } from '../core/lesson';
import { citationText } from '../../../lib/format';
import type { KernelLab } from '../../../lib/kernel-results';
import type { SweepResult } from '../core/sweep';
import type { PaperRows, RunOutput, Step, TaskSnap } from '../core/types';
import type { SimulatorSection } from '../viz/kernel/ReproducePanel';
import { ContentionSection, QuestionsPanel, ReproducePanel } from './deferredPanels';
import { LabAnimation } from './LabAnimation';
import { MetricsPanel, PaperPanel, RunPanel, UrlIssuesBanner, type FoldedMetrics } from './LabPanels';
import type { PaperLabels } from './PaperSection';
import { useLabData, useLabSource, type LabData, type Variant } from './simHooks';
import { SimRestartBanner } from './SimRestartBanner';
import { useKernelSimulator } from './useKernelSimulator';
import { useLabView, useParsedFrames } from './useLabView';
import { serializeLabQuery, type LabViewState } from './urlState';
import { sameBesidesStep } from './useLabUrlState';
import { usePageMode } from './embed/mode';
import { ShareButtons } from './embed/ShareButtons';
import { PresenterStage } from './presenter/PresenterStage';
import { labViews, type PresentView } from './presenter/views';
import { hasExercise } from '../exercise-page/available';
import { LAB_FACES } from '../labs/registry.gen';
import { LessonPanel, useLessonVerdict } from './LessonPanel';
import { afterFirstView } from '../viz/deferred';

/** What a lab's snapshot holds at least: the virtual time and where every task stands. */
export interface SnapshotBase {
  now_ns: number;
  tasks: readonly TaskSnap[];
}

/** A snapshot checked against the lab's schema: the snapshot, or why it is not one. */
export type Parsed<S> = { snap: S; error: null } | { snap: null; error: string };

/** What the lab's view of one variant at one step is given. */
export interface PaneProps<S> {
  snap: S;
  variant: Variant;
  /** recent trace steps, oldest first; the last is the current step */
  steps: readonly Step[];
  /** the file name its exports take */
  name: string;
  title: string;
}

/** What a lab's own section (drawn after the heatmaps) is given. */
export interface LabSectionProps {
  variants: readonly Variant[];
  runs: Partial<Record<Variant, RunOutput>>;
  /** each shown variant's animation time, for a step marker */
  markers: Partial<Record<Variant, number | null>>;
  failed: boolean;
}

/** Everything the page of a lab needs beyond what its C model declares. */
export interface LabManifest<S extends SnapshotBase = SnapshotBase> {
  /** the lab's id, as in C, in the URL and in the kernel lab */
  id: KernelLab;
  /** the page's heading */
  heading: string;
  /** the mail in short */
  Explainer: ComponentType<{ data: LabData }>;
  /** a configuration small enough to watch step by step (where the table has these parameters) */
  preset: Readonly<Record<string, number>>;
  /** step kinds drawn as events on the scrubber, each with its words (e.g. commit_start: 'commit starts') */
  markers?: Readonly<Record<string, string>>;
  /** the step the page opens on (without one in the URL): where the preset's before and after start to differ */
  openingStep?: number;
  animation: {
    heading: string;
    /** checks a raw snapshot against the lab's schema */
    parse(raw: unknown): Parsed<S>;
    /** the lab's view of one variant */
    Pane: ComponentType<PaneProps<S>>;
    /** what a pane's exports are called, before the variant's name (e.g. "<id>-table") */
    paneName: string;
    /** the code pane's height when one variant is shown */
    codeHeight?: number;
  };
  /** metrics the lab shows in a section of its own, folded under the run's table */
  foldedMetrics?: FoldedMetrics;
  /** what the heatmaps show in this lab, in a sentence or two */
  contention: ReactNode;
  /** the lab's own sections, after the heatmaps */
  Sections?: ComponentType<LabSectionProps>;
  paper: {
    labels?: PaperLabels;
    /** drawn under the table and chart, from the sweep's result once there is one, and the lab's paper table */
    extra?(result: SweepResult | null, rows: PaperRows): ReactNode;
  };
}

/**
 * The view the share buttons' links carry: the page's, except that while
 * the animation plays only a change besides the step reaches them (the step
 * where play stands when such a change comes, else where it started): the
 * buttons are not drawn again at every frame. When play stops they carry
 * the step it stopped at.
 */
function useShareView(view: LabViewState, playing: boolean): LabViewState {
  const held = useRef(view);
  if (!playing || !sameBesidesStep(held.current, view)) held.current = view;
  return held.current;
}

/** The kernel panel points back at the simulator's rows of the mail's table. */
const SIMULATOR_TABLE: SimulatorSection = { id: 'paper-heading', label: "the mail's table, reproduced" };

export function LabPage<S extends SnapshotBase>({ manifest }: { manifest: LabManifest<S> }) {
  const { data, error } = useLabData(manifest.id);
  const { embed } = usePageMode();
  const hasSections = manifest.Sections !== undefined;
  const views = useMemo(() => labViews(hasSections), [hasSections]);
  if (error)
    return (
      <div className="banner error" role="alert" data-testid="run-error">
        The simulator could not start: {error}
      </div>
    );
  if (!data) return <p className="loading">Starting the simulator…</p>;
  if (embed !== null && !(views as readonly string[]).includes(embed))
    return (
      <div className="banner error" role="alert" data-testid="embed-error">
        There is no view “{embed}” of {manifest.id} to embed; its views are: {views.join(', ')}.
      </div>
    );
  return <LabView manifest={manifest} data={data} views={views} embed={(embed as PresentView | null) ?? null} />;
}

function LabView<S extends SnapshotBase>({
  manifest: m,
  data,
  views,
  embed,
}: {
  manifest: LabManifest<S>;
  data: LabData;
  views: readonly PresentView[];
  embed: PresentView | null;
}) {
  const { rows, specs } = data;
  /* the code pane's text comes after the lesson is drawn */
  const source = useLabSource(m.id, afterFirstView);
  const lesson = LAB_FACES[m.id].lesson;
  const lv = useLabView({ lab: m.id, data, preset: m.preset, markers: m.markers, openingStep: m.openingStep, views, embed, lesson });
  const snapshots = useParsedFrames(lv.stepper.frames, m.animation.parse);
  /* the heatmaps' step marker is all that moves in their sections while playing */
  const markerText = JSON.stringify(lv.variants.map((v) => [v, snapshots[v]?.snap?.now_ns ?? null]));
  const markers = useMemo(
    (): LabSectionProps['markers'] => Object.fromEntries(JSON.parse(markerText) as [Variant, number | null][]),
    [markerText],
  );
  const failed = lv.runs.error !== null;
  const { extra: sweepExtra } = m.paper;
  const extra = useMemo(
    () => (sweepExtra ? (result: SweepResult | null) => sweepExtra(result, rows) : undefined),
    [sweepExtra, rows],
  );
  const Explainer = m.Explainer;
  const Sections = m.Sections;
  const [kernelRuns, setKernelRuns] = useState(0);
  const simulator = useKernelSimulator(m.id, data.variants, specs, lv.view.params, lv.view.seed, kernelRuns > 0);
  const { setPresent } = lv;
  const present = embed === null ? lv.present : null;
  /* the query the share buttons put in their links: the page's view as it stands (see useShareView) */
  const { shape } = lv;
  const shareView = useShareView(lv.view, lv.playing);
  const query = useMemo(() => serializeLabQuery(shareView, shape), [shareView, shape]);
  const share = useMemo(() => {
    const made: Partial<Record<PresentView, ReactNode>> = {};
    return (v: PresentView) => (made[v] ??= <ShareButtons lab={m.id} view={v} query={query} onPresent={setPresent} />);
  }, [m.id, query, setPresent]);

  /* what a step does not change is made once, so that a frame of play renders none of it */
  const { heading } = m;
  const head = useMemo(
    () => (
      <header className="lab-head">
        <h1>{heading}</h1>
        <p className="muted">
          {citationText(rows.citation)} · “{rows.citation.subject}” · model:{' '}
          <span className="mono">wasm-core/labs/{data.info.source}</span>
        </p>
      </header>
    ),
    [heading, rows, data.info.source],
  );
  const explainer = useMemo(() => <Explainer data={data} />, [Explainer, data]);
  const { seed, params } = lv.view;
  const questions = useMemo(
    () => <QuestionsPanel lab={m.id} seed={seed} params={params} specs={specs} />,
    [m.id, seed, params, specs],
  );

  /* the run's metrics and the mail's table: one view in presenter mode and embeds, apart on the page */
  const metrics = <MetricsPanel variants={lv.variants} results={lv.results} folded={m.foldedMetrics} />;
  const paper = (
    <PaperPanel
      lab={m.id}
      variants={data.variants}
      rows={rows}
      specs={specs}
      onUseParams={lv.setParams}
      labels={m.paper.labels}
      extra={extra}
      seeds={LAB_FACES[m.id].sweepSeeds}
    />
  );

  const current = Object.entries(lv.momentSteps).find(([, st]) => st === lv.view.step)?.[0] ?? null;
  const { toMoment } = lv;
  const onMoment = useCallback((mo: LessonMoment) => toMoment(mo.id), [toMoment]);
  /* presenter mode's PageDown on the animation: the lesson's moments in order, from the one on screen */
  const momentOrder = lesson.moments.map((mo) => mo.id).filter((mid) => lv.momentSteps[mid] !== null);
  const walkTo = (delta: 1 | -1): boolean => {
    const next = stepMoment(momentOrder, current, delta);
    if (next !== null) toMoment(next);
    return next !== null;
  };
  const walk = { next: () => walkTo(1), previous: () => walkTo(-1) };
  /* the lesson's seeds run where the view shows its two variants (their headline is on screen) */
  const bothShown = lesson.variants.every((v) => lv.variants.includes(v));
  const lessonVerdict = useLessonVerdict(m.id, lesson, lv.view.params, lv.view.seed, lv.ready && bothShown);
  const lessonPanel = (
    <LessonPanel
      lab={m.id}
      lesson={lesson}
      results={lv.results}
      momentSteps={lv.momentSteps}
      current={current}
      onMoment={onMoment}
      verdict={lessonVerdict}
    />
  );
  const animationPanel = (headExtra?: ReactNode) => (
    <LabAnimation
      lab={m.id}
      view={lv}
      snapshots={snapshots}
      source={source}
      fileName={`wasm-core/labs/${data.info.source}`}
      animation={m.animation}
      failed={failed}
      headExtra={headExtra}
    />
  );
  const panels: Record<PresentView, ReactNode> = {
    mail: (
      <>
        {head}
        {explainer}
      </>
    ),
    mechanism: Sections ? <Sections variants={lv.variants} runs={lv.runs.outputs} markers={markers} failed={failed} /> : null,
    animation: (
      <>
        {lessonPanel}
        {animationPanel()}
      </>
    ),
    heatmap: (
      <ContentionSection
        lab={m.id}
        description={m.contention}
        variants={lv.variants}
        runs={lv.runs.outputs}
        markers={markers}
        buckets={lv.heatBuckets}
        onBuckets={lv.setHeatBuckets}
        selection={lv.heatColor}
        onSelection={lv.setHeatColor}
        failed={failed}
      />
    ),
    table: (
      <>
        {metrics}
        {paper}
      </>
    ),
    kernel: <ReproducePanel lab={m.id} simulatorSection={SIMULATOR_TABLE} simulator={simulator} onImported={setKernelRuns} />,
  };
  const issues = (
    <>
      <SimRestartBanner />
      <UrlIssuesBanner issues={lv.urlIssues} onDismiss={lv.dismissUrlIssues} />
    </>
  );

  if (embed !== null)
    return (
      <article className="lab-page embed-view" data-testid="embed-view" data-view={embed}>
        {issues}
        {panels[embed]}
      </article>
    );

  if (present !== null)
    return (
      <PresenterStage
        heading={m.heading}
        views={views}
        view={present}
        onView={setPresent}
        onExit={() => setPresent(null)}
        status={lv.status}
        moments={walk}
      >
        {issues}
        {panels[present]}
      </PresenterStage>
    );

  return (
    <article className="lab-page">
      <div className="lab-head-row">
        {head}
        {hasExercise(m.id) && (
          <a className="exercise-link" href={`#/exercise/${m.id}`} data-testid="exercise-link" title="Write the patch yourself: your C compiled in the browser, run beside before and after">
            exercise
          </a>
        )}
        <button
          type="button"
          className="primary present-button"
          data-testid="presenter"
          title="Presenter mode: the lab as a sequence of views in large type; PageDown and PageUp move, Esc leaves"
          onClick={() => setPresent(views[0]!)}
        >
          present
        </button>
      </div>

      {issues}

      {lessonPanel}

      {animationPanel(share('animation'))}

      {share('mail')}
      {explainer}

      <RunPanel
        status={lv.status}
        running={lv.runs.running}
        specs={specs}
        params={lv.view.params}
        seed={lv.view.seed}
        variants={data.variants}
        variant={lv.view.variant}
        shown={lv.view.shown}
        drafts={lv.drafts}
        invalid={lv.invalid}
        runError={lv.runError}
        onDraft={lv.onDraft}
        onApply={lv.onApply}
        onVariant={lv.setVariant}
        onShown={lv.setShown}
        onReset={lv.onSmallConfig}
      />

      {share('table')}
      {metrics}

      {share('heatmap')}
      {panels.heatmap}

      {Sections && share('mechanism')}
      {panels.mechanism}

      {questions}

      {paper}

      {share('kernel')}
      {panels.kernel}
    </article>
  );
}
