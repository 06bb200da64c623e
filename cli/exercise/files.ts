/** An exercise's files: exercises/<lab>/README.md (the task, the hints), solution.c, bugs.json. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSkeleton } from '../../web/src/exercises/skeleton';
import { EXERCISES, exerciseFor } from '../../web/src/exercises/registry';
import type { Exercise } from '../../web/src/exercises/types';
import { UsageError } from '../errors';
import { REPO_ROOT } from '../kernel/paths';

export const EXERCISES_DIR = join(REPO_ROOT, 'exercises');

export function exerciseOrFail(lab: string): Exercise {
  const ex = exerciseFor(lab);
  if (!ex) throw new UsageError(`no exercise for lab '${lab.slice(0, 60)}': the exercises are ${EXERCISES.map((e) => e.lab).join(', ')}`);
  return ex;
}

export const readmePath = (lab: string): string => join(EXERCISES_DIR, lab, 'README.md');
export const solutionPath = (lab: string): string => join(EXERCISES_DIR, lab, 'solution.c');
export const bugsPath = (lab: string): string => join(EXERCISES_DIR, lab, 'bugs.json');

export function readme(lab: string): string {
  return readFileSync(readmePath(lab), 'utf8');
}

export function skeletonOf(lab: string): string {
  return makeSkeleton(readFileSync(solutionPath(lab), 'utf8'), `exercises/${lab}/solution.c`).text;
}

/** The README's sections by their "## " headings. */
export function sections(md: string): Map<string, string> {
  const out = new Map<string, string>();
  let name = '';
  let body: string[] = [];
  for (const line of md.split('\n')) {
    const h = /^## (.*)$/.exec(line);
    if (h) {
      out.set(name, body.join('\n').trim());
      name = h[1]!.trim();
      body = [];
    } else body.push(line);
  }
  out.set(name, body.join('\n').trim());
  return out;
}

/** The numbered hints of the README's "Hints" table. */
export function hints(md: string): string[] {
  const table = sections(md).get('Hints') ?? '';
  return table
    .split('\n')
    .map((l) => /^\|\s*(\d+)\s*\|\s*(.*?)\s*\|\s*$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => m[2]!);
}

export interface Bug {
  name: string;
  check: string;
  replace: [string, string][];
}

/** The exercise's deliberate bugs, each the solution with its replacements made (each must match once). */
export function bugs(lab: string): { bug: Bug; source: string }[] {
  if (!existsSync(bugsPath(lab))) return [];
  const solution = readFileSync(solutionPath(lab), 'utf8');
  const list = (JSON.parse(readFileSync(bugsPath(lab), 'utf8')) as { bugs: Bug[] }).bugs;
  return list.map((bug) => {
    let source = solution;
    for (const [from, to] of bug.replace) {
      const at = source.indexOf(from);
      if (at < 0 || source.indexOf(from, at + 1) >= 0)
        throw new Error(`exercises/${lab}/bugs.json: bug '${bug.name}': its text to replace must occur once in solution.c: ${JSON.stringify(from.slice(0, 60))}`);
      source = source.slice(0, at) + to + source.slice(at + from.length);
    }
    return { bug, source };
  });
}
