/**
 * The lab page's questions: drawn from the URL's seed (the same ones
 * `journalclub question <lab> --seed S` prints), each answered by the
 * student first (a number typed, or an option picked), then revealed: the
 * answer computed by running the simulator in the page's worker, whether
 * the student's was right, why, and a "show me" link to the page at the
 * step concerned. A teacher hands each student a link with its own seed.
 */
import './questions.css';
import { useCallback, useMemo, useState } from 'react';
import { getSim } from '../../core/client';
import type { ParamSpec } from '../../core/types';
import { answerQuestion, followedParams, questionsFor } from '../../questions/answers';
import { answerProblem, followed, followsText, grade, showMeHash, toleranceText, type Answer, type Question } from '../../questions/question';

export interface QuestionsPanelProps {
  lab: string;
  /** the page's seed, from its URL */
  seed: number;
  /** the page's parameters: the questions follow a few of them (fs, sync, log...) */
  params: Readonly<Record<string, number>>;
  specs: readonly ParamSpec[];
}

/* the answer is graded as it stood when Reveal was pressed, not as it is edited afterwards */
type Reveal = { state: 'running' } | { state: 'done'; answer: Answer; given: string } | { state: 'failed'; message: string };

export function QuestionsPanel({ lab, seed, params, specs }: QuestionsPanelProps) {
  /* only the parameters the questions follow make new questions: the rest may change freely */
  const pageKey = JSON.stringify(followed(followedParams(lab), params));
  const questions = useMemo(() => questionsFor(lab, seed, JSON.parse(pageKey) as Record<string, number>), [lab, seed, pageKey]);
  return (
    <section className="panel questions-panel" aria-labelledby="questions-heading" data-testid="questions">
      <div className="panel-head">
        <h2 id="questions-heading">Predict, then reveal</h2>
        <span className="muted">
          questions drawn from seed {seed} (change the seed for others); each answer is a run of the simulator.{' '}
          <span className="mono">journalclub question {lab} --seed {seed} --answers</span> prints the same.
        </span>
      </div>
      {/* a new seed starts every question afresh */}
      <ol className="questions" key={`${lab}/${seed}/${pageKey}`}>
        {questions.map((q) => (
          <QuestionItem key={q.id} q={q} specs={specs} />
        ))}
      </ol>
    </section>
  );
}

function QuestionItem({ q, specs }: { q: Question; specs: readonly ParamSpec[] }) {
  const [given, setGiven] = useState('');
  const [reveal, setReveal] = useState<Reveal | null>(null);
  const id = `question-${q.id}`;
  const problem = answerProblem(q, given);
  const onReveal = useCallback(() => {
    setReveal({ state: 'running' });
    answerQuestion(q, getSim()).then(
      (answer) => setReveal({ state: 'done', answer, given }),
      (e: unknown) => setReveal({ state: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
  }, [q, given]);
  const answer = reveal?.state === 'done' ? reveal.answer : null;
  const verdict = reveal?.state === 'done' ? grade(q, reveal.answer, reveal.given) : null;

  return (
    <li className="question" data-testid={id} data-question={q.id}>
      <p className="question-text" id={`${id}-text`}>
        {q.text}
      </p>
      {Object.keys(q.follows).length > 0 && (
        <p className="question-inputs muted" data-testid={`${id}-follows`}>
          from the page: <span className="mono">{followsText(q, specs)}</span>
        </p>
      )}
      {q.inputs.length > 0 && (
        <p className="question-inputs muted">
          drawn from the seed:{' '}
          {q.inputs.map((i, n) => (
            <span key={i.name}>
              {n > 0 && ', '}
              <span className="mono" data-testid={`${id}-input-${i.name}`}>
                {i.name} = {i.value}
              </span>{' '}
              (of {i.min}–{i.max})
            </span>
          ))}
        </p>
      )}
      {q.answer.kind === 'choice' && <p className="question-inputs muted">one of: {q.answer.options.join(', ')}</p>}
      <div className="question-answer">
        {/* a text field, choices offered as its suggestions: the page's keys stay out of it (keyboard.ts) */}
        <input
          type="text"
          inputMode={q.answer.kind === 'number' ? 'decimal' : 'text'}
          list={q.answer.kind === 'choice' ? `${id}-options` : undefined}
          aria-labelledby={`${id}-text`}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          data-testid={`${id}-given`}
          placeholder={q.answer.kind === 'number' ? `${q.answer.unit}, ${toleranceText(q.answer)}` : 'pick or type one'}
          value={given}
          onChange={(e) => setGiven(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && problem === null) onReveal();
          }}
        />
        {q.answer.kind === 'choice' && (
          <datalist id={`${id}-options`}>
            {q.answer.options.map((o) => (
              <option key={o} value={o} />
            ))}
          </datalist>
        )}
        <button
          type="button"
          className="small"
          data-testid={`${id}-reveal`}
          disabled={reveal?.state === 'running' || problem !== null}
          onClick={onReveal}
        >
          {reveal?.state === 'running' ? 'running…' : 'Reveal'}
        </button>
        {problem && (
          <span className="question-problem" id={`${id}-problem`} role="alert">
            {problem}
          </span>
        )}
      </div>
      {reveal?.state === 'failed' && (
        <p className="banner error" role="alert" data-testid={`${id}-error`}>
          The simulator could not answer: {reveal.message}
        </p>
      )}
      {answer && (
        <div className="question-reveal" role="status" data-testid={`${id}-revealed`}>
          <p>
            {verdict !== null && (
              <span className={verdict ? 'question-verdict right' : 'question-verdict wrong'} data-testid={`${id}-verdict`}>
                {verdict ? '✓ right' : '✗ not quite'}
              </span>
            )}{' '}
            answer: <strong data-testid={`${id}-answer`}>{answer.text}</strong>{' '}
            <a href={showMeHash(q, answer, specs)} data-testid={`${id}-show`} onClick={scrollToAnimation}>
              show me (step {answer.show.step}, {answer.show.variant === 'side' ? 'side by side' : answer.show.variant})
            </a>
          </p>
          <p className="question-why">{answer.why}</p>
        </div>
      )}
    </li>
  );
}

/**
 * A "show me" link changes the page's hash (the page restores the view from
 * it); the animation it names is far above the questions, so it is brought
 * into view once the page has taken the new step.
 */
function scrollToAnimation(): void {
  window.setTimeout(() => document.getElementById('anim-heading')?.scrollIntoView({ block: 'start' }), 0);
}
