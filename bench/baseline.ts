/**
 * Another revision's simulator, built beside this one for `npm run bench --
 * --baseline REV`: wasm-core (and scripts/make-core.sh, where the revision
 * has it) exported with `git archive` into a temporary folder and built
 * there with that revision's own Makefile, natively and, where it builds,
 * to WASM. Nothing is written into the working tree.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../web/src/core/node';
import { nativeTiming, type NativeTiming } from './sim';

export interface RevisionBuild {
  /** the revision as asked for, and the commit it names */
  rev: string;
  commit: string;
  /** its commit subject, for the report */
  subject: string;
  /** the temporary folder everything was exported to and built in */
  dir: string;
  native: string;
  timing: NativeTiming;
  /** the folder holding journalclub.mjs and .wasm, or null when the WASM build failed */
  wasmDir: string | null;
  /** why there is no WASM build */
  wasmError: string | null;
  /** remove the temporary folder */
  remove(): void;
}

const git = (args: string[]): string =>
  execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The commit a revision names, or an error saying that it names none. */
export function resolveRevision(rev: string): string {
  try {
    return git(['rev-parse', '--verify', '--quiet', `${rev}^{commit}`]);
  } catch {
    throw new Error(`--baseline ${rev}: not a commit of this repository`);
  }
}

const hasPath = (commit: string, path: string): boolean =>
  spawnSync('git', ['cat-file', '-e', `${commit}:${path}`], { cwd: REPO_ROOT }).status === 0;

/** The last lines a failed command wrote, for an error message. */
const tail = (text: string, lines = 5): string => text.trim().split('\n').slice(-lines).join('\n');

/**
 * make TARGET in the exported wasm-core, through the revision's
 * scripts/make-core.sh when it has one. Its output goes to stderr.
 */
function make(dir: string, useScript: boolean, target: string): { ok: boolean; output: string } {
  const env = { ...process.env, NODE_PATH: ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(':') };
  const [cmd, args] = useScript
    ? ['bash', [join(dir, 'scripts', 'make-core.sh'), target]]
    : ['make', ['--no-print-directory', '-C', join(dir, 'wasm-core'), target]];
  const r = spawnSync(cmd, args, { env, encoding: 'utf8', maxBuffer: 64 << 20 });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  process.stderr.write(output);
  return { ok: r.status === 0, output: r.error ? r.error.message : output };
}

/** Export and build a revision's simulator in a temporary folder. */
export function buildRevision(rev: string, log: (text: string) => void): RevisionBuild {
  const commit = resolveRevision(rev);
  const subject = git(['log', '-1', '--format=%s', commit]);
  if (!hasPath(commit, 'wasm-core/Makefile')) throw new Error(`--baseline ${rev}: the revision has no wasm-core/Makefile`);
  const dir = mkdtempSync(join(os.tmpdir(), 'jc-baseline-'));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    const useScript = hasPath(commit, 'scripts/make-core.sh');
    const paths = useScript ? ['wasm-core', 'scripts/make-core.sh'] : ['wasm-core'];
    const tar = join(dir, 'src.tar');
    git(['archive', '--format=tar', '-o', tar, commit, ...paths]);
    execFileSync('tar', ['-xf', tar, '-C', dir]);
    rmSync(join(dir, 'wasm-core', 'build'), { recursive: true, force: true });

    log(`baseline ${rev} (${commit.slice(0, 7)}): building its native simulator in ${dir}`);
    const native = make(dir, useScript, 'native');
    const binary = join(dir, 'wasm-core', 'build', 'native', 'jc');
    if (!native.ok) throw new Error(`--baseline ${rev}: its native build failed:\n${tail(native.output)}`);
    if (!existsSync(binary)) throw new Error(`--baseline ${rev}: make native left no build/native/jc`);

    log(`baseline ${rev}: building its WASM simulator`);
    const wasm = make(dir, useScript, 'wasm');
    const wasmDir = join(dir, 'wasm-core', 'build');
    const built = wasm.ok && existsSync(join(wasmDir, 'journalclub.mjs')) && existsSync(join(wasmDir, 'journalclub.wasm'));
    return {
      rev,
      commit,
      subject,
      dir,
      native: binary,
      timing: nativeTiming(binary),
      wasmDir: built ? wasmDir : null,
      wasmError: built ? null : `its WASM build failed: ${tail(wasm.output, 2)}`,
      remove,
    };
  } catch (e) {
    remove();
    throw e;
  }
}

/**
 * This checkout's revision for the report: the commit, the last commit that
 * changed wasm-core (the simulator it builds), and whether wasm-core has
 * changes of its own beside them.
 */
export function currentRevision(): { commit: string; wasm_core: string; dirty: boolean } {
  const commit = git(['rev-parse', 'HEAD']);
  const wasmCore = git(['log', '-1', '--format=%H', 'HEAD', '--', 'wasm-core']);
  const dirty = git(['status', '--porcelain', '--', 'wasm-core']) !== '';
  return { commit, wasm_core: wasmCore, dirty };
}

/** How many commits from `since` to HEAD touched any of `paths`. */
export function changes(since: string, paths: readonly string[]): number {
  return Number(git(['rev-list', '--count', `${since}..HEAD`, '--', ...paths]));
}
