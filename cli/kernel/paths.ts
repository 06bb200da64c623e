/**
 * Where the kernel lab keeps what it builds: outside the checkout, in the
 * XDG cache, so that a fresh clone reuses a kernel built by an earlier one.
 *
 *   $XDG_CACHE_HOME/journalclub/kernel/          (default ~/.cache/journalclub/kernel)
 *     deb/linux-source-6.12_<version>_all.deb    Debian's source package
 *     trees/<key>/                               the source with the lab patches applied
 *     build/<key>/                               make O=... output
 *     kernels/<key>/{bzImage,config,build.log,manifest.json}
 *     current -> kernels/<key>                   the last good build
 */
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const KERNEL_LAB_DIR = join(REPO_ROOT, 'kernel-lab');
export const CONFIG_DIR = join(KERNEL_LAB_DIR, 'config');
/** Each lab's kernel face: kernel-lab/labs/<lab>/ (its patch, workload/, spec.ts). */
export const LABS_DIR = join(KERNEL_LAB_DIR, 'labs');
/** The guest workload of a lab (run.sh, disks, tools, parse.ts, its C programs) under @labsDir. */
export function workloadDir(lab: string, labsDir = LABS_DIR): string {
  return join(labsDir, lab, 'workload');
}
export const RESULTS_DIR = join(KERNEL_LAB_DIR, 'results');

export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/') ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  return join(xdg, 'journalclub');
}

export function kernelCache(env: NodeJS.ProcessEnv = process.env): string {
  return join(cacheRoot(env), 'kernel');
}

export function imageCache(env: NodeJS.ProcessEnv = process.env): string {
  return join(cacheRoot(env), 'image');
}
