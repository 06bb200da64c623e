/**
 * `journalclub question`, spawned as a student runs it: the questions of a
 * seed with their drawn inputs, the answers with --answers equal to those
 * computed in-process on the same engine, and one-line refusals (exit 2)
 * of an unknown lab and a bad seed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../web/src/core/node';
import type { Engine } from '../web/src/core/engine';
import { answerQuestion, questionsFor } from '../web/src/questions/answers';
import { engineRunner, showMeHash } from '../web/src/questions/question';
import { LAB_QUESTIONS } from '../web/src/labs/questions.gen';
import { journalclub } from '../tests/node/cli';

/* the command behaves alike for every lab: the registry's first with questions shows it (a lab's own, such as its --set, are in its folder) */
const LAB = Object.keys(LAB_QUESTIONS)[0] as keyof typeof LAB_QUESTIONS;

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

describe('journalclub question', () => {
  it('prints with --answers --json the answers computed on the same engine, and the page address of each', async () => {
    const run = journalclub(['question', LAB, '--seed', '9', '--answers', '--json']);
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as { lab: string; seed: number; questions: { id: string; answer: Record<string, unknown> }[] };
    expect(out).toMatchObject({ lab: LAB, seed: 9 });
    const specs = engine.params(LAB);
    const qs = questionsFor(LAB, 9);
    expect(out.questions.map((q) => q.id)).toEqual(qs.map((q) => q.id));
    for (const [n, q] of qs.entries()) {
      const a = await answerQuestion(q, engineRunner(engine));
      expect(out.questions[n]!.answer).toEqual({ ...a, link: showMeHash(q, a, specs) });
    }
  });

  it('prints different numbers for another seed', () => {
    const a = journalclub(['question', LAB, '--seed', '1', '--json']);
    const b = journalclub(['question', LAB, '--seed', '2', '--json']);
    expect(a.status).toBe(0);
    expect(JSON.parse(a.stdout).questions).not.toEqual(JSON.parse(b.stdout).questions);
  });

  it('refuses an unknown lab and a bad seed with one line, exit 2', () => {
    const lab = journalclub(['question', 'ext5', '--seed', '1']);
    expect(lab.status).toBe(2);
    expect(lab.stdout).toBe('');
    expect(lab.stderr).toBe(
      `journalclub: unknown lab "ext5" (labs with questions: ${Object.keys(LAB_QUESTIONS).join(', ')})\n`,
    );
    const seed = journalclub(['question', LAB, '--seed', 'seven']);
    expect(seed.status).toBe(2);
    expect(seed.stderr).toBe('journalclub: --seed "seven": expected a whole number from 0 to 4294967295\n');
  });
});
