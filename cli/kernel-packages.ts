/**
 * The kernel lab's Debian packages (QEMU, the kernel toolchain, the guest
 * benchmarks: scripts/setup.sh's kernel group), installed when a kernel-lab
 * command first needs them rather than by `npm start`. As root they are
 * installed there and then; otherwise the command stops with the exact
 * apt-get command to run.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LabError } from './errors';

const SETUP = fileURLToPath(new URL('../scripts/setup.sh', import.meta.url));

/** The kernel-lab subcommands that read or check files and run no tool of the group. */
export const COMMANDS_WITHOUT_PACKAGES: ReadonlySet<string> = new Set(['compare', 'ingest', 'verify']);

/** What ensureKernelPackages asks of the machine; tests give their own. */
export interface PackageHost {
  /** the group's packages not installed; null when there is no dpkg to ask */
  missing(): string[] | null;
  isRoot(): boolean;
  /** install the group; its exit status */
  install(): number;
}

export const DEBIAN: PackageHost = {
  missing() {
    const r = spawnSync('bash', [SETUP, '--missing', '--kernel'], { encoding: 'utf8' });
    if (r.status !== 0) return null;
    return r.stdout.split(/\s+/).filter(Boolean);
  },
  isRoot: () => process.getuid?.() === 0,
  install() {
    /* apt's output goes to stderr: stdout is the command's own (--json) */
    const r = spawnSync('bash', [SETUP, '--kernel', '--no-node'], { stdio: ['ignore', 2, 2] });
    return r.status ?? 1;
  },
};

/** The command that installs `packages`, as the user types it. */
export function installCommand(packages: string[], root: boolean): string {
  const sudo = root ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y --no-install-recommends ${packages.join(' ')}`;
}

/**
 * Before a kernel-lab subcommand runs: the kernel group's packages are
 * there, or installed now (as root), or the command stops naming the
 * apt-get command that installs them. A subcommand that runs none of them,
 * or a --dry-run, needs none; a machine without dpkg is left to the
 * subcommand (it says which tool it did not find).
 */
export function ensureKernelPackages(command: string, opts: { dryRun?: boolean }, host: PackageHost = DEBIAN): void {
  if (COMMANDS_WITHOUT_PACKAGES.has(command) || opts.dryRun) return;
  const missing = host.missing();
  if (missing === null || missing.length === 0) return;
  if (!host.isRoot())
    throw new LabError(`the kernel lab needs Debian packages that are not installed (${missing.join(', ')}); install them with: ${installCommand(missing, false)}`);
  process.stderr.write(`journalclub: installing the kernel lab's Debian packages: ${missing.join(' ')}\n`);
  const status = host.install();
  if (status !== 0) throw new LabError(`installing the kernel lab's Debian packages failed (exit status ${status}); run it yourself: ${installCommand(missing, true)}`);
}
