/**
 * `journalclub question`, spawned as a student runs it: the questions of a
 * seed with their drawn inputs, the answers with --answers equal to those
 * computed in-process on the same engine, and one-line refusals (exit 2)
 * of an unknown lab and a bad seed.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine, REPO_ROOT } from '../web/src/core/node';
import type { Engine } from '../web/src/core/engine';
import { answerQuestion, questionsFor } from '../web/src/questions/answers';
import { engineRunner, showMeHash } from '../web/src/questions/question';
import { LAB_QUESTIONS } from '../web/src/labs/questions.gen';

function journalclub(args: string[]) {
  const ran = spawnSync(process.execPath, [join(REPO_ROOT, 'bin', 'journalclub.mjs'), ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (ran.error) throw ran.error;
  return { status: ran.status, stdout: ran.stdout, stderr: ran.stderr };
}

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

describe('journalclub question', () => {
  it('prints the seed\'s questions with their drawn inputs, no answers', () => {
    const run = journalclub(['question', 'inode-hash', '--seed', '11']);
    expect(run.status, run.stderr).toBe(0);
    const qs = questionsFor('inode-hash', 11);
    expect(run.stdout).toMatch(new RegExp(`^inode-hash, seed 11: ${qs.length} questions`));
    for (const [n, q] of qs.entries()) expect(run.stdout).toContain(`${n + 1}. ${q.text}`);
    expect(run.stdout).toContain(`threads = ${qs[0]!.params.threads} (of 4-12)`);
    expect(run.stdout).not.toContain('answer: ');
  });

  it('prints with --answers --json the answers computed on the same engine, and the page address of each', async () => {
    const run = journalclub(['question', 'extent-status', '--seed', '9', '--answers', '--json']);
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as { lab: string; seed: number; questions: { id: string; answer: Record<string, unknown> }[] };
    expect(out).toMatchObject({ lab: 'extent-status', seed: 9 });
    const specs = engine.params('extent-status');
    const qs = questionsFor('extent-status', 9);
    expect(out.questions.map((q) => q.id)).toEqual(qs.map((q) => q.id));
    for (const [n, q] of qs.entries()) {
      const a = await answerQuestion(q, engineRunner(engine));
      expect(out.questions[n]!.answer).toEqual({ ...a, link: showMeHash(q, a, specs) });
    }
  });

  it('follows a page parameter given with --set, and refuses one the questions fix or draw', () => {
    const run = journalclub(['question', 'inode-hash', '--seed', '4', '--set', 'fs=btrfs', '--json']);
    expect(run.status, run.stderr).toBe(0);
    for (const q of JSON.parse(run.stdout).questions) {
      expect(q.follows).toEqual({ fs: 1, shared: 0 });
      expect(q.params.fs).toBe(1);
    }
    expect(journalclub(['question', 'inode-hash', '--seed', '4', '--set', 'fs=btrfs']).stdout).toContain('from the page: fs = btrfs, shared = 0');
    const fixed = journalclub(['question', 'inode-hash', '--set', 'threads=3']);
    expect(fixed.status).toBe(2);
    expect(fixed.stderr).toBe("journalclub: --set threads: inode-hash's questions do not follow threads (they fix or draw it); they follow fs, shared\n");
    const bad = journalclub(['question', 'inode-hash', '--set', 'fs=xfs']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^journalclub: parameter 'fs' must be one of ext4, btrfs/);
  });

  it('prints different numbers for another seed', () => {
    const a = journalclub(['question', 'fast-commit', '--seed', '1', '--json']);
    const b = journalclub(['question', 'fast-commit', '--seed', '2', '--json']);
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
    const seed = journalclub(['question', 'fast-commit', '--seed', 'seven']);
    expect(seed.status).toBe(2);
    expect(seed.stderr).toBe('journalclub: --seed "seven": expected a whole number from 0 to 4294967295\n');
  });
});
