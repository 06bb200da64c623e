/**
 * The lesson strip at the top of a lab page: where to look, the moments
 * that show it (each a button that moves both panes there), and the mail's
 * headline metric of both runs on screen with their ratio beside the mail's.
 */
import { memo, useEffect, useState } from 'react';
import { formatNumber, formatRatio } from '../../../lib/format';
import { mailChangeOf, mailPair, type MailLabId } from '../../../lib/mails';
import { changeText, verdictReason, verdictWords, type Verdict } from '../../../lib/verdict';
import { errorText } from '../core/engine';
import { getSim } from '../core/client';
import type { Lesson, LessonMoment } from '../core/lesson';
import { LESSON_SEEDS, recordedRuns } from '../core/lessonRecord';
import { seedVerdict } from '../core/sweep';
import type { RunResult } from '../core/types';
import { lessonRecord } from './lessonRecords';
import type { Variant } from './simHooks';

/**
 * The lesson's verdict as its runs come in: how many seeds are done, then the
 * verdict over all of them; `recorded` when it comes from the lab's record.
 */
export type LessonVerdict = { done: number; verdict: Verdict | null; error: string | null; recorded?: { date: string; revision: string } };

/**
 * The paired verdict of the lesson's two variants against the mail's
 * headline change, over LESSON_SEEDS seeds from the page's own: from the
 * lab's record when the page stands at the record's configuration (at once),
 * else run one at a time after the page's own runs are in (so that the
 * animation's frames are not kept waiting).
 */
export function useLessonVerdict(
  lab: MailLabId,
  lesson: Lesson,
  params: Record<string, number>,
  seed: number,
  ready: boolean,
): LessonVerdict {
  const [state, setState] = useState<LessonVerdict>({ done: 0, verdict: null, error: null });
  const key = JSON.stringify([lab, params, seed]);
  useEffect(() => {
    if (!ready) return;
    let live = true;
    setState({ done: 0, verdict: null, error: null });
    const { metric, where } = lesson.headline;
    const mail = (): NonNullable<ReturnType<typeof mailChangeOf>> | null => mailChangeOf(lab, metric, { ...where }, lesson.variants) ?? null;
    const [v0, v1] = lesson.variants;
    void (async () => {
      try {
        const record = await lessonRecord(lab);
        const recorded = recordedRuns(record, { lab, variants: lesson.variants, metric, params, seed });
        if (!live) return;
        if (record && recorded) {
          const verdict = seedVerdict({ runs: recorded[v0]! }, { runs: recorded[v1]! }, metric, mail());
          setState({ done: LESSON_SEEDS, verdict, error: null, recorded: { date: record.date, revision: record.revision } });
          return;
        }
        const runs: Record<string, { metrics: Record<string, number> }[]> = { [v0]: [], [v1]: [] };
        for (let i = 0; i < LESSON_SEEDS && live; i++) {
          for (const variant of lesson.variants) {
            const out = await getSim().run({ lab, variant, params, seed: seed + i, options: { traceMax: 0, heatBuckets: 2 } });
            runs[variant]!.push({ metrics: out.result.metrics });
          }
          if (live) setState((s) => ({ ...s, done: i + 1 }));
        }
        if (!live) return;
        setState({ done: LESSON_SEEDS, verdict: seedVerdict({ runs: runs[v0]! }, { runs: runs[v1]! }, metric, mail()), error: null });
      } catch (e) {
        if (live) setState((s) => ({ ...s, error: errorText(e) }));
      }
    })();
    return () => {
      live = false;
    };
    // the key stands for lab, params and seed
  }, [key, ready, lesson]);
  return state;
}

export interface LessonPanelProps {
  lab: MailLabId;
  lesson: Lesson;
  /** each shown variant's result (the runs on screen) */
  results: Partial<Record<Variant, RunResult>>;
  /** the step of each moment in this view's runs (null: not in them, or its variant not shown) */
  momentSteps: Readonly<Record<string, number | null>>;
  /** the moment the view stands at, if any */
  current: string | null;
  onMoment(m: LessonMoment): void;
  /** the verdict over the lesson's seeds, as its runs come in */
  verdict: LessonVerdict;
}

/** The headline of the lesson's two runs beside the mail's: the words a reader sees, and the figures behind them. */
export function headlineText(lab: MailLabId, lesson: Lesson, results: Partial<Record<Variant, RunResult>>) {
  const { metric, where, mailSize } = lesson.headline;
  const [b, a] = lesson.variants;
  const mail = mailPair(lab, metric, where, lesson.variants);
  const before = results[b]?.metrics[metric];
  const after = results[a]?.metrics[metric];
  const unit = results[b]?.metric_info.find((i) => i.name === metric)?.unit ?? '';
  const sim =
    before === undefined || after === undefined
      ? null
      : { before, after, text: `${b} ${formatNumber(before)}, ${a} ${formatNumber(after)}${unit ? ` ${unit}` : ''}: ${formatRatio({ before, after })}` };
  const mailText = `the mail: ${formatNumber(mail.before)} → ${formatNumber(mail.after)}: ${formatRatio(mail)}${mailSize ? ` at ${mailSize}` : ''}`;
  return { metric, sim, mail, mailText };
}

export const LessonPanel = memo(function LessonPanel({ lab, lesson, results, momentSteps, current, onMoment, verdict }: LessonPanelProps) {
  const v = verdict.verdict;
  const h = headlineText(lab, lesson, results);
  return (
    <section className="lesson" aria-labelledby="lesson-heading" data-testid="lesson">
      <p className="lesson-look">
        <strong id="lesson-heading">What the patch changed: </strong>
        {lesson.look}
      </p>
      <p className="lesson-headline" data-testid="lesson-headline">
        <span className="mono">{h.metric}</span>: {h.sim ? <span data-testid="lesson-sim">{h.sim.text}</span> : <span className="muted">simulating…</span>}
        {' · '}
        <span data-testid="lesson-mail">{h.mailText}</span>
        {' · '}
        {v ? (
          <span className={`lesson-verdict verdict-${v.kind.replace(/ /g, '-')}`} data-testid="lesson-verdict" data-verdict={v.kind} title={verdictReason(v)}>
            over {v.n} seeds {changeText(v)}: <strong>{verdictWords(v)}</strong>
            {verdict.recorded ? (
              <span className="muted" data-testid="lesson-verdict-recorded" title={`the lesson's ${v.n} seeds at this configuration, as recorded on ${verdict.recorded.date} at revision ${verdict.recorded.revision} (scripts/lesson-records.mjs); another seed or parameter runs its own`}>
                {' '}(recorded {verdict.recorded.date})
              </span>
            ) : null}
          </span>
        ) : verdict.error ? (
          <span className="muted" data-testid="lesson-verdict-error">no verdict: {verdict.error}</span>
        ) : h.sim ? (
          <span className="muted" data-testid="lesson-verdict-pending">
            verdict: {verdict.done} of {LESSON_SEEDS} seeds run…
          </span>
        ) : null}
      </p>
      <div className="lesson-moments" role="group" aria-label="the lesson's moments">
        {lesson.moments.map((m) => {
          const step = momentSteps[m.id] ?? null;
          return (
            <button
              key={m.id}
              type="button"
              className={current === m.id ? 'moment current' : 'moment'}
              data-testid={`moment-${m.id}`}
              aria-pressed={current === m.id}
              disabled={step === null}
              title={step === null ? `not in the runs shown (${m.variant}'s ${m.kind})` : `${m.variant}'s ${m.kind} at step ${step}`}
              onClick={() => onMoment(m)}
            >
              {m.label}
              {step !== null && <span className="muted"> · step {formatNumber(step)}</span>}
            </button>
          );
        })}
      </div>
    </section>
  );
});
