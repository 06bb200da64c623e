/** Run the journalclub command line as a user would, and capture what it printed. */
import { spawnSync } from 'node:child_process';
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

/** stdout as JSON, failing with what the command said when it is not. */
export function jsonOf(run: CliRun): unknown {
  try {
    return JSON.parse(run.stdout);
  } catch {
    throw new Error(`not JSON (exit ${run.status}): ${run.stdout.slice(0, 200)} ${run.stderr.slice(0, 400)}`);
  }
}
