/**
 * The panels every lab page has around its own animation: the URL's issues,
 * the run controls, the run's metrics and the mail's table. Each is
 * memoized: while the animation plays none of them changes.
 */
import { memo, type ReactNode } from 'react';
import type { SweepResult } from '../core/sweep';
import type { ParamSpec, RunResult } from '../core/types';
import { MetricsTable } from '../viz/metrics/MetricsTable';
import { PaperSection } from './deferredPanels';
import type { PaperLabels } from './PaperSection';
import { ParamControls, ParamMessage } from './ParamControls';
import type { LabData, Variant } from './simHooks';
import { SEED_MAX, SIDE, toggleShown, viewVariantLabel, viewVariants, type UrlIssue, type ViewVariant } from './urlState';
import { CancelRuns } from './CancelRuns';

export const UrlIssuesBanner = memo(function UrlIssuesBanner({ issues, onDismiss }: { issues: UrlIssue[]; onDismiss(): void }) {
  if (issues.length === 0) return null;
  return (
    <div className="banner warn" role="alert" data-testid="url-error">
      <b>Some values in the URL were not usable; defaults apply to them:</b>
      <ul>
        {issues.map((i, k) => (
          <li key={`${i.key}-${k}`}>{i.message}</li>
        ))}
      </ul>
      <button type="button" className="small" onClick={onDismiss}>
        dismiss
      </button>
    </div>
  );
});

export interface RunPanelProps {
  status: string;
  running: boolean;
  specs: ParamSpec[];
  params: Record<string, number>;
  seed: number;
  /** the lab's variants, in its order */
  variants: readonly string[];
  variant: ViewVariant;
  /** the variants side by side shows, two or more */
  shown: readonly string[];
  drafts: Record<string, string>;
  invalid: ReadonlySet<string>;
  runError: string | null;
  onDraft(name: string, text: string): void;
  onApply(): void;
  onVariant(v: ViewVariant): void;
  /** choose the variants side by side shows */
  onShown(shown: readonly string[]): void;
  onReset(): void;
}

/** Which of the lab's variants side by side shows, in the lab's order; at least two stay ticked. */
function ShownPicker({ variants, shown, onShown }: Pick<RunPanelProps, 'variants' | 'shown' | 'onShown'>) {
  return (
    <fieldset className="param shown-picker" data-testid="shown-picker">
      <legend className="param-name">side by side</legend>
      {variants.map((v) => {
        const on = shown.includes(v);
        return (
          <label key={v} className="shown-variant" title={on && shown.length <= 2 ? 'Side by side shows two variants at least' : undefined}>
            <input
              type="checkbox"
              data-testid={`show-${v}`}
              checked={on}
              disabled={on && shown.length <= 2}
              onChange={() => onShown(toggleShown(shown, v, variants))}
            />
            {v}
          </label>
        );
      })}
    </fieldset>
  );
}

/** The parameter controls, the run status and the run's error; unchanged while the animation plays. */
export const RunPanel = memo(function RunPanel(p: RunPanelProps) {
  return (
    <section className="panel controls-panel" aria-labelledby="controls-heading">
      <div className="panel-head">
        <h2 id="controls-heading">Run it</h2>
        <span className={`run-status${p.running ? ' on' : ''}`} data-testid="run-status">
          {p.status}
        </span>
        <CancelRuns running={p.running} />
      </div>
      <ParamControls
        specs={p.specs}
        values={p.params}
        drafts={p.drafts}
        invalid={p.invalid}
        message={p.invalid.size ? p.runError : null}
        onDraft={p.onDraft}
        onApply={p.onApply}
      >
        <label className={`param${p.invalid.has('seed') ? ' invalid' : ''}`} title={`Seed of every random choice (0..${SEED_MAX}); the same seed gives the same run`}>
          <span className="param-name">seed</span>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            data-testid="seed"
            min={0}
            max={SEED_MAX}
            step={1}
            value={p.drafts.seed ?? String(p.seed)}
            onChange={(e) => p.onDraft('seed', e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && p.onApply()}
          />
          {p.invalid.has('seed') && p.runError && <ParamMessage name="seed" text={p.runError} />}
        </label>
        <label className="param" title="Which code to run: one variant of the kernel, or two side by side with the same parameters">
          <span className="param-name">variant</span>
          <select data-testid="variant" value={p.variant} onChange={(e) => p.onVariant(e.target.value)}>
            {viewVariants(p).map((v) => (
              <option key={v} value={v}>
                {viewVariantLabel(v)}
              </option>
            ))}
          </select>
        </label>
        {p.variant === SIDE && p.variants.length > 2 && (
          <ShownPicker variants={p.variants} shown={p.shown} onShown={p.onShown} />
        )}
        <div className="param param-button">
          <button type="button" className="small" data-testid="reset" onClick={p.onReset} title="Back to the small configuration the animation starts from">
            small config
          </button>
        </div>
      </ParamControls>
      <div className="run-error-slot">
        {p.runError && (
          <div className="inline-error" role="alert" id="run-error" data-testid="run-error">
            {p.runError}
          </div>
        )}
      </div>
    </section>
  );
});

/** Metrics a lab shows in a section of its own: folded away under the table, with words saying where. */
export interface FoldedMetrics {
  fold(name: string): boolean;
  /** the folded part's summary line */
  summary: string;
}

export const MetricsPanel = memo(function MetricsPanel({
  variants,
  results,
  folded,
}: {
  variants: readonly Variant[];
  results: Partial<Record<Variant, RunResult>>;
  folded?: FoldedMetrics;
}) {
  return (
    <section className="panel" aria-labelledby="metrics-heading">
      <div className="panel-head">
        <h2 id="metrics-heading">What the whole run cost</h2>
        <span className="muted">virtual time; the simulator's summary of each variant</span>
      </div>
      <MetricsTable variants={variants} results={results} only={folded ? (n) => !folded.fold(n) : undefined} />
      {folded && (
        <details className="folded-metrics" data-testid="metrics-folded">
          <summary>{folded.summary}</summary>
          <MetricsTable variants={variants} results={results} only={folded.fold} testId="metrics-more" />
        </details>
      )}
    </section>
  );
});

export interface PaperPanelProps {
  lab: string;
  /** the lab's variants, in its order */
  variants: readonly string[];
  rows: LabData['rows'];
  specs: ParamSpec[];
  onUseParams(params: Record<string, number>): void;
  labels?: PaperLabels;
  /** drawn under the table and chart, from the sweep's result once there is one */
  extra?: (result: SweepResult | null) => ReactNode;
  /** the seeds the lab's sweep runs on the page */
  seeds?: number;
}

export const PaperPanel = memo(function PaperPanel(p: PaperPanelProps) {
  return (
    <section className="panel" aria-labelledby="paper-heading">
      <div className="panel-head">
        <h2 id="paper-heading">The mail's table, reproduced</h2>
      </div>
      <PaperSection lab={p.lab} variants={p.variants} rows={p.rows} specs={p.specs} onUseParams={p.onUseParams} labels={p.labels} extra={p.extra} seeds={p.seeds} />
    </section>
  );
});
