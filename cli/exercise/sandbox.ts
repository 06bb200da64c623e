/**
 * Running a student's build of the native simulator, one process a run, each in its own sandbox: a time
 * limit (the process group is killed past it), a memory limit (AddressSanitizer's hard RSS limit, beside
 * the simulator's own budget), no network and a file system read-only but for its scratch directory (new
 * user, mount and network namespaces where unshare can make them), no core files, an empty environment.
 * NativeBuild is that build as the one runner of a student's code (web/src/core/studentRunner.ts) drives
 * it: the simulator's JSON, its structured error, or how the process died in the student's terms.
 */
import { spawn, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import type { BuildReply, RunRequest, SimBuild } from '../../web/src/core/studentRunner';
import { killGroup } from '../kernel/proc';

export interface SandboxLimits {
  /** seconds a run may take */
  timeoutS: number;
  /** MiB of resident memory */
  memMb: number;
}

export const DEFAULT_LIMITS: SandboxLimits = { timeoutS: 60, memMb: 1024 };

/** keep at most this much of a run's output: a report is short, a flood is cut */
const OUTPUT_MAX = 1 << 20;

/** exit status of the sandbox's own set-up failing, apart from any the simulator uses */
const SANDBOX_FAILED = 125;

/*
 * Run inside new user, mount and network namespaces, in the scratch directory: the scratch directory is
 * bound onto itself (a mount of its own), every other mount is made read-only, and the program runs from the
 * scratch directory's new mount without core files. A mount that will not become read-only (proc, sys) is
 * left as the namespace has it; the remount is refused only where it would loosen the mount's flags.
 */
const SANDBOX_SH = `scratch=$(pwd -P)
mount --bind "$scratch" "$scratch" || { echo "jc-sandbox: could not bind $scratch" >&2; exit ${SANDBOX_FAILED}; }
while read -r _ m _; do
	m=$(printf '%b' "$m")
	[ "$m" = "$scratch" ] || mount -o remount,bind,ro "$m" 2>/dev/null
done < /proc/self/mounts
ulimit -c 0
cd "$scratch" && exec "$@"`;

let unshareWorks: boolean | undefined;
/** whether `unshare -rn` can give a run its own (empty) network namespace here */
export function canUnshareNet(): boolean {
  if (unshareWorks === undefined) unshareWorks = spawnSync('unshare', ['-rn', 'true']).status === 0;
  return unshareWorks;
}

let mountsWork: boolean | undefined;
/** whether `unshare -rmn` can also make the file system read-only around a run's scratch directory here */
export function canSandboxFiles(): boolean {
  if (mountsWork === undefined)
    mountsWork = canUnshareNet() && spawnSync('unshare', ['-rmn', '--', 'sh', '-c', SANDBOX_SH, 'jc-sandbox', 'true'], { cwd: tmpdir() }).status === 0;
  return mountsWork;
}

/** @argv as the sandbox runs it: in its namespaces where this machine can make them */
export function sandboxed(argv: string[]): string[] {
  if (canSandboxFiles()) return ['unshare', '-rmn', '--', 'sh', '-c', SANDBOX_SH, 'jc-sandbox', ...argv];
  if (canUnshareNet()) return ['unshare', '-rn', '--', ...argv];
  return argv;
}

interface Proc {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** spawnLimited - run @argv in the sandbox and collect its output */
export function spawnLimited(argv: string[], cwd: string, limits: SandboxLimits): Promise<Proc> {
  const env = {
    PATH: '/usr/bin:/bin',
    ASAN_OPTIONS: `hard_rss_limit_mb=${limits.memMb}:detect_leaks=0:halt_on_error=1:exitcode=86:allocator_may_return_null=1`,
    UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1:exitcode=87',
  };
  const [cmd, ...args] = sandboxed(argv);
  return new Promise((resolve) => {
    const child = spawn(cmd!, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, limits.timeoutS * 1000);
    child.stdout.on('data', (c: Buffer) => {
      if (stdout.length < OUTPUT_MAX) stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      if (stderr.length < OUTPUT_MAX) stderr += c.toString();
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({ code: 127, signal: null, stdout, stderr: `${stderr}${e.message}`, timedOut });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}

/** @text with the build's copy of the student's file (yours.c, with or without its scratch directory) named as @shownAs */
export function studentFile(text: string, shownAs: string): string {
  return text.replace(/(?:[^\s'"():]*\/)?yours\.c\b/g, shownAs);
}

/**
 * sanitizerReport - a sanitizer's or the list checks' report in a few lines: what happened and where in the
 * student's file (@shownAs; the build compiled it as yours.c), or null when @stderr holds none.
 */
export function sanitizerReport(stderr: string, shownAs: string): string | null {
  const lines = stderr.split('\n');
  const name = (l: string): string => studentFile(l, shownAs).trim();
  const asan = lines.find((l) => /ERROR: AddressSanitizer:/.test(l));
  const ubsan = lines.find((l) => /runtime error:/.test(l));
  const list = lines.find((l) => /corruption: .* at /.test(l));
  const rss = /hard rss limit|rss limit exhausted|out of memory|allocation-size-too-big/i.test(stderr);
  if (!asan && !ubsan && !list && !rss) return null;
  const where = lines.find((l) => /yours\.c:\d+/.test(l) && /#\d+ /.test(l));
  const frame = where ? ` at ${name(where.replace(/^\s*#\d+\s+0x[0-9a-f]+\s+in\s+/, ''))}` : '';
  if (rss) return `the run used more memory than its limit allows${frame}`;
  if (ubsan) return `undefined behaviour: ${name(ubsan.replace(/^.*?runtime error:\s*/, ''))} (${name(ubsan.split(': runtime error')[0] ?? '')})`;
  if (list) return `list corruption: ${name(list)} (a list_add of an entry already on a list, or a list_del of one on none)`;
  /* a SEGV's address and registers say nothing in the student's terms; whether it read or wrote does */
  const access = /The signal is caused by a (READ|WRITE) memory access/.exec(stderr)?.[1];
  const how = access ? ` (a ${access.toLowerCase()} where the program may not ${access === 'WRITE' ? 'write' : 'read'})` : '';
  return `${asan!.replace(/^.*ERROR: AddressSanitizer:\s*/, 'AddressSanitizer: ').replace(/ on (unknown )?address.*$/, '')}${how}${frame}`;
}

/**
 * The exit statuses of jc (wasm-core/tools/jc.c's usage) that carry the engine's structured error on stderr:
 * an input refused, a budget run out, a check of the model failed (2 + the jc_status).
 */
export const JC_ERROR_EXITS: readonly number[] = [3, 4, 5];

/**
 * The native student build of one lab, run in the sandbox: each call a process of `jc --error-json`, its
 * output JSON, its structured error, or how it died in the student's terms (a sanitizer's report at the
 * student's line, a signal, the time limit).
 */
export class NativeBuild implements SimBuild {
  constructor(
    private readonly binary: string,
    private readonly workdir: string,
    private readonly shownAs: string,
    private readonly limits: SandboxLimits = DEFAULT_LIMITS,
  ) {}

  run(lab: string, req: RunRequest, output: 'result' | 'steps'): Promise<BuildReply> {
    return this.call([output === 'result' ? 'run' : 'steps', lab, req.variant, req.params, String(req.seed), req.opts ?? '']);
  }

  labs(): Promise<BuildReply> {
    return this.call(['labs']);
  }

  private async call(args: string[]): Promise<BuildReply> {
    const p = await spawnLimited([this.binary, '--error-json', ...args], this.workdir, this.limits);
    if (p.timedOut)
      return { kind: 'died', failure: 'timeout', message: `the run went past its time limit of ${this.limits.timeoutS} s and was stopped (an endless loop in your code?)` };
    if (p.code === 0) return { kind: 'json', json: p.stdout };
    const report = sanitizerReport(p.stderr, this.shownAs);
    if (report) return { kind: 'died', failure: 'crash', message: report };
    if (p.code !== null && JC_ERROR_EXITS.includes(p.code)) return { kind: 'error', error: p.stderr.trim().split('\n').pop() ?? '' };
    const how = p.signal ? `was killed by ${p.signal}` : `exited with status ${p.code}`;
    const tail = p.stderr.trim().split('\n').slice(-3).join(' | ');
    return { kind: 'died', failure: 'crash', message: `the program ${how}${tail ? `: ${studentFile(tail, this.shownAs)}` : ''}` };
  }
}
