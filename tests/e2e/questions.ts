/**
 * The questions as a student's terminal prints them, for the specs of the
 * questions panel: the page's seed draws the same questions as
 * `journalclub question <lab> --seed S`, and grades against the same answers.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../../web/src/core/node';
import { expect } from './fixtures';

export interface CliQuestion {
  id: string;
  text: string;
  answer: { value: number | null; correct: string[]; text: string; show: { variant: string; step: number }; link: string };
}

/** `journalclub question <lab> --seed S --answers --json`, as a student's terminal prints it. */
export function cliAnswers(lab: string, seed: number, sets: string[] = []): CliQuestion[] {
  const args = ['question', lab, '--seed', String(seed), ...sets.flatMap((s) => ['--set', s]), '--answers', '--json'];
  const ran = spawnSync(process.execPath, [join(REPO_ROOT, 'bin', 'journalclub.mjs'), ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(ran.status, ran.stderr).toBe(0);
  return (JSON.parse(ran.stdout) as { questions: CliQuestion[] }).questions;
}
