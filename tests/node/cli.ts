/** Run the journalclub command line as a user would, and capture what it printed. */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../../web/src/core/node';

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function journalclub(args: string[], env: NodeJS.ProcessEnv = {}): CliRun {
  const ran = spawnSync(process.execPath, [join(REPO_ROOT, 'bin', 'journalclub.mjs'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (ran.error) throw ran.error;
  return { status: ran.status, stdout: ran.stdout, stderr: ran.stderr };
}

/** Run a program without blocking, its exit status and what it printed captured (no time limit unless given). */
export function spawnCaptured(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(opts.timeoutMs ? { timeout: opts.timeoutMs } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** journalclub() without blocking: tests of one file that mostly wait on the command can run at once. */
export function journalclubAsync(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return spawnCaptured(process.execPath, [join(REPO_ROOT, 'bin', 'journalclub.mjs'), ...args], { env, timeoutMs: 120_000 });
}

/** A refused input: status 2, one line on stderr naming `mentions`, nothing on stdout, no stack. */
export function assertRefused(run: CliRun, ...mentions: string[]): void {
  assert.equal(run.status, 2, `exit status (stderr: ${run.stderr})`);
  assert.equal(run.stdout, '');
  const lines = run.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line of error, got:\n${run.stderr}`);
  assert.match(lines[0] ?? '', /^journalclub: /);
  assert.doesNotMatch(run.stderr, /\n\s+at .+:\d+:\d+/);
  for (const m of mentions) assert.ok(run.stderr.includes(m), `"${m}" in: ${run.stderr}`);
}

/** stdout as JSON, failing with what the command said when it is not. */
export function jsonOf(run: CliRun): unknown {
  try {
    return JSON.parse(run.stdout);
  } catch {
    throw new Error(`not JSON (exit ${run.status}): ${run.stdout.slice(0, 200)} ${run.stderr.slice(0, 400)}`);
  }
}

/** One row of `sweep --json`: a point of the sweep under one variant. */
export interface SweepJsonRow {
  variant: string;
  row: number;
  label: string;
  params: Record<string, number>;
  paper: { before: number | null; after: number | null; change_pct?: number | null } | null;
  note: string;
  seeds: number[];
  ranges: Record<string, { min: number; median: number; max: number }>;
  [key: string]: unknown;
}

/**
 * A point of the sweep with every variant's metrics under its name, put
 * back together from `sweep --json`'s rows (one per point and variant):
 * the metrics are the members the row has a range for.
 */
export interface SweepPoint {
  row: number;
  label: string;
  params: Record<string, number>;
  paper: { before: number | null; after: number | null; change_pct?: number | null } | null;
  keys: Record<string, unknown>;
  seeds: number[];
  metrics: Record<string, Record<string, number>>;
  ranges: Record<string, Record<string, { min: number; median: number; max: number }>>;
}

const ROW_MEMBERS = new Set(['variant', 'row', 'label', 'params', 'paper', 'note', 'seeds', 'ranges']);

export function sweepPoints(rows: readonly SweepJsonRow[]): SweepPoint[] {
  const points = new Map<number, SweepPoint>();
  for (const r of rows) {
    const metricNames = Object.keys(r.ranges);
    const keys = Object.fromEntries(
      Object.entries(r).filter(([k]) => !ROW_MEMBERS.has(k) && !metricNames.includes(k)),
    );
    let p = points.get(r.row);
    if (!p) {
      p = { row: r.row, label: r.label, params: r.params, paper: r.paper, keys, seeds: r.seeds, metrics: {}, ranges: {} };
      points.set(r.row, p);
    }
    p.metrics[r.variant] = Object.fromEntries(metricNames.map((m) => [m, r[m] as number]));
    p.ranges[r.variant] = r.ranges;
  }
  return [...points.values()];
}

/** The median of three numbers, computed here rather than trusted. */
export const middle = (values: number[]): number => [...values].sort((a, b) => a - b)[1]!;

/** `journalclub sweep LAB [ARGS]`: its JSON's points, checked for the lab and its variants, and its table's text. */
export function sweepOfLab(lab: string, variants: readonly string[], args: string[] = []): { points: SweepPoint[]; text: string } {
  const run = journalclub(['sweep', lab, ...args, '--json']);
  assert.equal(run.status, 0, run.stderr);
  const out = jsonOf(run) as { lab: string; variants: string[]; rows: SweepJsonRow[] };
  assert.equal(out.lab, lab);
  assert.deepEqual(out.variants, variants);
  const table = journalclub(['sweep', lab, ...args]);
  assert.equal(table.status, 0, table.stderr);
  return { points: sweepPoints(out.rows), text: table.stdout };
}
