/**
 * The lesson strip at the top of a lab page: where to look, the moments
 * that show it (each a button that moves both panes there), and the mail's
 * headline metric of both runs on screen with their ratio beside the mail's.
 */
import { memo } from 'react';
import { formatNumber, formatRatio } from '../../../lib/format';
import { mailPair, type MailLabId } from '../../../lib/mails';
import type { Lesson, LessonMoment } from '../core/lesson';
import type { RunResult } from '../core/types';
import type { Variant } from './simHooks';

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

export const LessonPanel = memo(function LessonPanel({ lab, lesson, results, momentSteps, current, onMoment }: LessonPanelProps) {
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
