/**
 * Running the kernel lab's external tools (apt-get, tar, patch, make, QEMU):
 * output to a log file, the last line kept for progress, failure as a
 * LabError that names the step, the tail of the log and the log's path.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants, createWriteStream, readFileSync, statSync, type WriteStream } from 'node:fs';
import { delimiter, join } from 'node:path';
import { LabError } from '../errors';

/** One external command: its argv, and the directory and environment it needs beyond the caller's. */
export interface Command {
  argv: string[];
  cwd?: string;
  env?: Record<string, string>;
}

const SHELL_SAFE = /^[A-Za-z0-9_./=:,+@%-]+$/;

/** @s quoted for a POSIX shell: as is when nothing in it is special, else in single quotes. */
export function shellQuote(s: string): string {
  return SHELL_SAFE.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * A command as one line a POSIX shell runs the same way: the environment it
 * adds as assignments before the argv, in a subshell that changes to its
 * directory when it has one, so that the lines can be pasted in any order.
 */
export function formatCommand(cmd: Command): string {
  const env = Object.entries(cmd.env ?? {}).map(([k, v]) => `${k}=${shellQuote(v)}`);
  const line = [...env, ...cmd.argv.map(shellQuote)].join(' ');
  return cmd.cwd ? `(cd ${shellQuote(cmd.cwd)} && ${line})` : line;
}

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** append stdout and stderr here */
  log?: WriteStream;
  /** called with each complete output line */
  onLine?: (line: string) => void;
  /** kill the process after this many seconds */
  timeoutS?: number;
}

/** Kill a detached child and everything it started (its process group); the child alone if that fails. */
export function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** Run a command to the end; resolves to its exit code (124 on timeout). */
export function runTool(cmd: string, args: string[], opts: RunOptions = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let pending = '';
    let timedOut = false;
    const timer =
      opts.timeoutS === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            killGroup(child);
          }, opts.timeoutS * 1000);
    const onData = (chunk: Buffer): void => {
      opts.log?.write(chunk);
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) opts.onLine?.(line);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (err) => {
      opts.log?.write(`\n${cmd}: ${err.message}\n`);
      if (timer) clearTimeout(timer);
      resolve(127);
    });
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (pending.trim()) opts.onLine?.(pending);
      resolve(timedOut ? 124 : (code ?? (signal ? 128 : 1)));
    });
  });
}

/** Output of a quick command, or null when it cannot run or fails. */
export function capture(cmd: string, args: string[], opts: { cwd?: string } = {}): string | null {
  const r = spawnSync(cmd, args, { cwd: opts.cwd, encoding: 'utf8' });
  if (r.error || r.status !== 0) return null;
  return r.stdout.trim();
}

/** Whether @cmd is an executable file on PATH (or, with a slash, at that path). */
export function hasCommand(cmd: string, path: string = process.env.PATH ?? ''): boolean {
  const executable = (file: string): boolean => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  if (cmd.includes('/')) return executable(cmd);
  return path.split(delimiter).some((dir) => dir !== '' && executable(join(dir, cmd)));
}

/** Run @cmd (runTool with its directory and environment). */
export function runCommand(cmd: Command, opts: Omit<RunOptions, 'cwd' | 'env'> = {}): Promise<number> {
  return runTool(cmd.argv[0], cmd.argv.slice(1), { ...opts, cwd: cmd.cwd, env: cmd.env });
}

/** The last @n lines of a log file. */
export function tail(path: string, n: number): string {
  try {
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    return lines.slice(-n).join('\n');
  } catch {
    return '(no log)';
  }
}

export function openLog(path: string): WriteStream {
  return createWriteStream(path, { flags: 'a' });
}

export function closeLog(log: WriteStream): Promise<void> {
  return new Promise((resolve) => log.end(resolve));
}

/** Fail with the step, the log's tail and the log's path. */
export function stepFailed(step: string, code: number, logPath: string, lines = 25): LabError {
  const why = code === 124 ? 'timed out' : code === 127 ? 'could not be started' : `exited with ${code}`;
  process.stderr.write(`\n--- last lines of ${logPath} ---\n${tail(logPath, lines)}\n---\n`);
  return new LabError(`${step} ${why}; the full log is ${logPath}`);
}
