/**
 * `journalclub lab build`: Linux 6.12 from Debian's linux-source-6.12 with
 * the five lab switches, as a bzImage for a QEMU guest.
 *
 * Steps: fetch the source package (apt-get download), unpack it into the
 * XDG cache, apply kernel-lab/patches/*.patch in name order with no fuzz,
 * configure (tinyconfig, then kernel-lab/config/base.config, then
 * lab.config; every option asked for is checked in the result), make
 * bzImage through ccache. The result is keyed by the source version, the
 * config fragments, the patches, the compiler and this file's BUILD_FORMAT:
 * an unchanged key is not rebuilt.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
  renameSync,
} from 'node:fs';
import { cpus } from 'node:os';
import { basename, join } from 'node:path';
import { LabError } from '../errors';
import { CONFIG_DIR, kernelCache, PATCH_DIR } from './paths';
import { capture, closeLog, hasCommand, openLog, runTool, stepFailed } from './proc';
import { StepProgress } from './progress';

/** Bump when the way a kernel is built changes, so that old builds are not reused. */
const BUILD_FORMAT = 1;
const SOURCE_PACKAGE = 'linux-source-6.12';
const CONFIG_FRAGMENTS = ['base.config', 'lab.config'];
const STEPS = ['fetch source', 'unpack', 'patch', 'configure', 'make bzImage', 'install'] as const;

export interface KernelManifest {
  kernel_release: string;
  source_package: string;
  source_version: string;
  key: string;
  config_sha256: string;
  fragments: { name: string; sha256: string }[];
  patches: { name: string; sha256: string }[];
  compiler: string;
  ccache: boolean;
  built_at: string;
  build_s: number;
  bzimage_bytes: number;
  bzimage_sha256: string;
}

export interface KernelBuild {
  dir: string;
  bzImage: string;
  manifest: KernelManifest;
  /** true when the key was built before and nothing was done */
  cached: boolean;
}

export interface BuildOptions {
  /** rebuild even when the key has a kernel */
  force?: boolean;
  /** make -j; default: the number of CPUs */
  jobs?: number;
  env?: NodeJS.ProcessEnv;
}

export const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

export function patchFiles(): string[] {
  if (!existsSync(PATCH_DIR)) return [];
  return readdirSync(PATCH_DIR)
    .filter((f) => f.endsWith('.patch'))
    .sort()
    .map((f) => join(PATCH_DIR, f));
}

/** Options a fragment asks for: CONFIG_X=v, or CONFIG_X=n for "is not set". */
export function fragmentOptions(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    let m = /^(CONFIG_[A-Za-z0-9_]+)=(.*)$/.exec(line);
    if (m) {
      out.set(m[1], m[2]);
      continue;
    }
    m = /^# (CONFIG_[A-Za-z0-9_]+) is not set$/.exec(line);
    if (m) out.set(m[1], 'n');
  }
  return out;
}

/** Options of @wanted that the final .config does not have as asked. */
export function missingOptions(wanted: Map<string, string>, config: string): string[] {
  const have = fragmentOptions(config);
  const missing: string[] = [];
  for (const [name, value] of wanted) {
    const got = have.get(name) ?? 'n';
    if (got !== value) missing.push(`${name}=${value} (got ${got === 'n' ? 'not set' : got})`);
  }
  return missing;
}

/** The newest source package in @dir, or null. */
function findDeb(dir: string): string | null {
  if (!existsSync(dir)) return null;
  const debs = readdirSync(dir)
    .filter((f) => f.startsWith(`${SOURCE_PACKAGE}_`) && f.endsWith('.deb'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return debs[0] ?? null;
}

/** "6.12.117-1~deb12u1" from linux-source-6.12_6.12.117-1~deb12u1_all.deb */
export function debVersion(debPath: string): string {
  const m = /^linux-source-6\.12_(.+)_all\.deb$/.exec(basename(debPath));
  if (!m) throw new LabError(`${basename(debPath)} is not a ${SOURCE_PACKAGE} package file name`);
  return decodeURIComponent(m[1].replace(/%3a/gi, ':'));
}

function requireTools(): void {
  const needed: [string, string][] = [
    ['make', 'make'],
    ['gcc', 'gcc'],
    ['flex', 'flex'],
    ['bison', 'bison'],
    ['bc', 'bc'],
    ['patch', 'patch'],
    ['dpkg-deb', 'dpkg'],
    ['xz', 'xz-utils'],
    ['perl', 'perl'],
  ];
  const missing = needed.filter(([cmd]) => !hasCommand(cmd));
  if (missing.length) {
    throw new LabError(
      `the kernel build needs ${missing.map(([c]) => c).join(', ')}: install the Debian packages ` +
        `${missing.map(([, p]) => p).join(' ')} (npm run setup does)`,
    );
  }
  const elf = '/usr/include/libelf.h';
  if (!existsSync(elf) && !existsSync('/usr/include/gelf.h')) {
    throw new LabError('the kernel build needs libelf headers: install the Debian package libelf-dev (npm run setup does)');
  }
}

/** The key of a build: everything that changes the kernel. */
export function buildKey(sourceVersion: string, compiler: string): {
  key: string;
  fragments: KernelManifest['fragments'];
  patches: KernelManifest['patches'];
} {
  const fragments = CONFIG_FRAGMENTS.map((name) => {
    const path = join(CONFIG_DIR, name);
    if (!existsSync(path)) throw new LabError(`config fragment ${path} is missing`);
    return { name, sha256: sha256(readFileSync(path)) };
  });
  const patches = patchFiles().map((p) => ({ name: basename(p), sha256: sha256(readFileSync(p)) }));
  if (patches.length === 0) throw new LabError(`no patches in ${PATCH_DIR}: the lab needs its five switch patches`);
  const key = sha256(
    JSON.stringify({ format: BUILD_FORMAT, sourceVersion, compiler, fragments, patches }),
  ).slice(0, 16);
  return { key, fragments, patches };
}

function readManifest(dir: string): KernelManifest | null {
  const path = join(dir, 'manifest.json');
  if (!existsSync(path) || !existsSync(join(dir, 'bzImage'))) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as KernelManifest;
  } catch {
    return null;
  }
}

function pointCurrent(root: string, key: string): void {
  const link = join(root, 'current');
  const tmp = join(root, `.current-${process.pid}`);
  try {
    unlinkSync(tmp);
  } catch {
    /* not there */
  }
  symlinkSync(join('kernels', key), tmp);
  renameSync(tmp, link);
}

/** The kernel that `lab build` made last, or null. */
export function currentKernel(env: NodeJS.ProcessEnv = process.env): KernelBuild | null {
  const dir = join(kernelCache(env), 'current');
  const manifest = readManifest(dir);
  return manifest ? { dir, bzImage: join(dir, 'bzImage'), manifest, cached: true } : null;
}

/** Keep the newest @keep trees and build directories; they are large. */
function prune(root: string, keepKey: string, keep = 2): void {
  for (const sub of ['trees', 'build']) {
    const dir = join(root, sub);
    if (!existsSync(dir)) continue;
    const entries = readdirSync(dir)
      .map((name) => ({ name, mtime: statSync(join(dir, name)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime);
    let kept = 0;
    for (const e of entries) {
      if (e.name === keepKey || kept < keep - 1) {
        if (e.name !== keepKey) kept++;
        continue;
      }
      rmSync(join(dir, e.name), { recursive: true, force: true });
    }
  }
}

export async function buildKernel(opts: BuildOptions = {}): Promise<KernelBuild> {
  const env = opts.env ?? process.env;
  const root = kernelCache(env);
  const jobs = opts.jobs ?? cpus().length;
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 256) {
    throw new LabError(`--jobs must be an integer from 1 to 256, got ${opts.jobs}`, 2);
  }
  requireTools();
  const compiler = capture('gcc', ['--version'])?.split('\n')[0] ?? 'gcc';
  const useCcache = hasCommand('ccache');
  mkdirSync(join(root, 'deb'), { recursive: true });

  const progress = new StepProgress('lab build', STEPS);
  const started = Date.now();
  try {
    /* fetch */
    progress.begin('fetch source');
    let deb = findDeb(join(root, 'deb'));
    if (!deb) {
      if (!hasCommand('apt-get')) {
        throw new LabError(
          `no ${SOURCE_PACKAGE} package in ${join(root, 'deb')} and no apt-get to fetch it: ` +
            'the kernel lab builds from Debian 12 (bookworm) sources',
        );
      }
      const fetchLog = join(root, 'deb', 'apt-get.log');
      const log = openLog(fetchLog);
      const code = await runTool('apt-get', ['download', SOURCE_PACKAGE], {
        cwd: join(root, 'deb'),
        log,
        onLine: (l) => progress.note(l),
      });
      await closeLog(log);
      if (code !== 0) throw stepFailed(`apt-get download ${SOURCE_PACKAGE}`, code, fetchLog, 10);
      deb = findDeb(join(root, 'deb'));
      if (!deb) throw new LabError(`apt-get download ${SOURCE_PACKAGE} left no package in ${join(root, 'deb')}`);
    }
    const sourceVersion = debVersion(deb);
    const { key, fragments, patches } = buildKey(sourceVersion, compiler);
    const outDir = join(root, 'kernels', key);

    const cached = readManifest(outDir);
    if (cached && !opts.force) {
      pointCurrent(root, key);
      progress.finish(
        `lab build: ${cached.kernel_release} is built (key ${key}, ${patches.length} patches): ${join(outDir, 'bzImage')}`,
      );
      return { dir: outDir, bzImage: join(outDir, 'bzImage'), manifest: cached, cached: true };
    }

    mkdirSync(outDir, { recursive: true });
    const logPath = join(outDir, 'build.log');
    rmSync(logPath, { force: true });
    const log = openLog(logPath);
    const tree = join(root, 'trees', key);
    const build = join(root, 'build', key);
    const stamp = join(tree, '.journalclub-patched');
    try {
      /* unpack */
      progress.begin('unpack');
      if (!existsSync(stamp)) {
        rmSync(tree, { recursive: true, force: true });
        mkdirSync(tree, { recursive: true });
        const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
        const code = await runTool(
          'bash',
          [
            '-c',
            `set -eo pipefail; dpkg-deb --fsys-tarfile ${q(deb)} | ` +
              `tar -xO ./usr/src/${SOURCE_PACKAGE}.tar.xz | tar -xJ -C ${q(tree)} --strip-components=1`,
          ],
          { log, onLine: (l) => progress.note(l) },
        );
        if (code !== 0 || !existsSync(join(tree, 'Makefile'))) throw stepFailed('unpacking the kernel source', code || 1, logPath);

        /* patch */
        progress.begin('patch');
        for (const p of patchFiles()) {
          log.write(`\n=== patch ${basename(p)}\n`);
          const pc = await runTool('patch', ['-p1', '--forward', '--batch', '--fuzz=0', '--no-backup-if-mismatch', '-i', p], {
            cwd: tree,
            log,
            onLine: (l) => progress.note(l),
          });
          if (pc !== 0) throw stepFailed(`patch ${basename(p)} does not apply cleanly to ${SOURCE_PACKAGE} ${sourceVersion}; it`, pc, logPath);
        }
        writeFileSync(stamp, `${patches.map((p) => `${p.sha256}  ${p.name}`).join('\n')}\n`);
      }

      /* configure */
      progress.begin('configure');
      mkdirSync(build, { recursive: true });
      const make = (args: string[]): Promise<number> =>
        runTool('make', [`O=${build}`, ...args], {
          cwd: tree,
          log,
          env: {
            KBUILD_BUILD_USER: 'journalclub',
            KBUILD_BUILD_HOST: 'journalclub',
            CCACHE_BASEDIR: tree,
            CCACHE_NOHASHDIR: 'true',
          },
          onLine: (l) => progress.note(l),
        });
      let code = await make(['tinyconfig']);
      if (code !== 0) throw stepFailed('make tinyconfig', code, logPath);
      const fragmentPaths = CONFIG_FRAGMENTS.map((f) => join(CONFIG_DIR, f));
      code = await runTool(
        join(tree, 'scripts/kconfig/merge_config.sh'),
        ['-m', '-O', build, join(build, '.config'), ...fragmentPaths],
        { cwd: tree, log, onLine: (l) => progress.note(l) },
      );
      if (code !== 0) throw stepFailed('merging the config fragments', code, logPath);
      code = await make(['olddefconfig']);
      if (code !== 0) throw stepFailed('make olddefconfig', code, logPath);
      const wanted = new Map<string, string>();
      for (const f of fragmentPaths) for (const [k, v] of fragmentOptions(readFileSync(f, 'utf8'))) wanted.set(k, v);
      const config = readFileSync(join(build, '.config'), 'utf8');
      const missing = missingOptions(wanted, config);
      if (missing.length) {
        throw new LabError(
          `the kernel config lost options the fragments ask for (a dependency is missing): ${missing.join(', ')}; ` +
            `see ${join(build, '.config')}`,
        );
      }

      /* make */
      progress.begin('make bzImage');
      const cc = useCcache ? ['CC=ccache gcc'] : [];
      if (!useCcache) progress.say('lab build: ccache not found; building without it (install ccache to rebuild in about a minute)');
      code = await make([`-j${jobs}`, ...cc, 'bzImage']);
      if (code !== 0) throw stepFailed('make bzImage', code, logPath);

      /* install */
      progress.begin('install');
      const image = join(build, 'arch/x86/boot/bzImage');
      if (!existsSync(image)) throw new LabError(`make bzImage succeeded but left no ${image}`);
      copyFileSync(image, join(outDir, 'bzImage'));
      copyFileSync(join(build, '.config'), join(outDir, 'config'));
      const release = readFileSync(join(build, 'include/config/kernel.release'), 'utf8').trim();
      const bz = readFileSync(join(outDir, 'bzImage'));
      const manifest: KernelManifest = {
        kernel_release: release,
        source_package: SOURCE_PACKAGE,
        source_version: sourceVersion,
        key,
        config_sha256: sha256(config),
        fragments,
        patches,
        compiler,
        ccache: useCcache,
        built_at: new Date().toISOString(),
        build_s: Math.round((Date.now() - started) / 100) / 10,
        bzimage_bytes: bz.length,
        bzimage_sha256: sha256(bz),
      };
      writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      pointCurrent(root, key);
      prune(root, key);
      progress.finish(
        `lab build: ${release} built in ${manifest.build_s} s (key ${key}): ${join(outDir, 'bzImage')}; log ${logPath}`,
      );
      return { dir: outDir, bzImage: join(outDir, 'bzImage'), manifest, cached: false };
    } finally {
      await closeLog(log);
    }
  } finally {
    progress.stop();
  }
}
