/**
 * `journalclub kernel build`: Linux 6.12 from Debian's linux-source-6.12 with
 * every lab's switches, as a bzImage for a QEMU guest.
 *
 * Steps: fetch the source package (apt-get download), unpack it into the
 * XDG cache, apply each lab's kernel-lab/labs/<lab>/<lab>.patch in the labs'
 * order with no fuzz (each applies on its own as well: kernel-lab/labs/README.md),
 * configure (tinyconfig, then kernel-lab/config/base.config, lab.config and
 * each lab's fragment kernel-lab/labs/<lab>/<lab>.config where it has one;
 * every option asked for is checked in the result), make
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
import type { WriteStream } from 'node:fs';
import { cpus } from 'node:os';
import { basename, join } from 'node:path';
import { LabError } from '../errors';
import { KERNEL_LABS } from '../../lib/kernel-results';
import { CONFIG_DIR, kernelCache, LABS_DIR } from './paths';
import { capture, closeLog, formatCommand, hasCommand, openLog, runCommand, stepFailed, type Command } from './proc';
import { StepProgress } from './progress';

/** Bump when the way a kernel is built changes, so that old builds are not reused. */
const BUILD_FORMAT = 1;
const SOURCE_PACKAGE = 'linux-source-6.12';
const SOURCE_TARBALL = `usr/src/${SOURCE_PACKAGE}.tar.xz`;
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

/** Each lab's switch patch, kernel-lab/labs/<lab>/<lab>.patch, in the labs' order; refused when a lab has none. */
export function patchFiles(labs: readonly string[] = KERNEL_LABS, labsDir = LABS_DIR): string[] {
  return labs.map((lab) => {
    const path = join(labsDir, lab, `${lab}.patch`);
    if (!existsSync(path)) throw new LabError(`${path} is missing: every lab switches the kernel with its own patch`);
    return path;
  });
}

/** The fragments every build merges first, from kernel-lab/config/. */
const SHARED_FRAGMENTS = ['base.config', 'lab.config'];

/**
 * The config fragments of the labs: kernel-lab/labs/<lab>/<lab>.config for
 * each lab that asks for options only it needs, in the labs' order. Merged
 * after lab.config, by the guest and the host builds alike.
 */
export function labFragments(labs: readonly string[] = KERNEL_LABS, labsDir = LABS_DIR): string[] {
  return labs.map((lab) => join(labsDir, lab, `${lab}.config`)).filter((path) => existsSync(path));
}

/** The guest build's fragments, in the order they are merged over tinyconfig. */
export function guestFragments(): string[] {
  return [...SHARED_FRAGMENTS.map((f) => join(CONFIG_DIR, f)), ...labFragments()];
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

/** The commands a kernel build needs, each with the Debian package that has it. */
export const GUEST_TOOLS: [string, string][] = [
  ['make', 'make'],
  ['gcc', 'gcc'],
  ['flex', 'flex'],
  ['bison', 'bison'],
  ['bc', 'bc'],
  ['patch', 'patch'],
  ['dpkg-deb', 'dpkg'],
  ['tar', 'tar'],
  ['xz', 'xz-utils'],
  ['perl', 'perl'],
];

/** The tools and headers of @tools and @headers (and libelf's) that are not here, each with its package. */
export function missingTools(tools: [string, string][] = GUEST_TOOLS, headers: [string, string][] = []): [string, string][] {
  const missing: [string, string][] = [
    ...tools.filter(([cmd]) => !hasCommand(cmd)),
    ...headers.filter(([file]) => !existsSync(file)),
  ];
  if (!existsSync('/usr/include/libelf.h') && !existsSync('/usr/include/gelf.h')) missing.push(['libelf headers', 'libelf-dev']);
  return missing;
}

/** Refuse to start a build that would fail for want of a tool or a header: name the packages. */
export function requireTools(tools: [string, string][] = GUEST_TOOLS, headers: [string, string][] = []): void {
  const needed = missingTools(tools, headers);
  if (needed.length) {
    throw new LabError(
      `the kernel build needs ${needed.map(([c]) => c).join(', ')}: install the Debian packages ` +
        `${[...new Set(needed.map(([, p]) => p))].join(' ')} (npm run setup does)`,
    );
  }
}

/** A dry run's note of what the build would refuse to start without. */
export function missingNote(missing: [string, string][]): string[] {
  return missing.length
    ? [`# missing here: ${missing.map(([c]) => c).join(', ')}; the build would stop until the packages ${[...new Set(missing.map(([, p]) => p))].join(' ')} are installed`]
    : [];
}

/** The checkout's config fragments and patches, each with its contents' hash. */
function checkoutInputs(): Pick<KernelManifest, 'fragments' | 'patches'> {
  const fragments = guestFragments().map((path) => {
    if (!existsSync(path)) throw new LabError(`config fragment ${path} is missing`);
    return { name: basename(path), sha256: sha256(readFileSync(path)) };
  });
  const patches = patchFiles().map((p) => ({ name: basename(p), sha256: sha256(readFileSync(p)) }));
  if (patches.length === 0) throw new LabError(`no lab patches in ${LABS_DIR}/<lab>/<lab>.patch: the kernel lab has no labs`);
  return { fragments, patches };
}

/** The key of a build: everything that changes the kernel. */
export function buildKey(sourceVersion: string, compiler: string): {
  key: string;
  fragments: KernelManifest['fragments'];
  patches: KernelManifest['patches'];
} {
  const { fragments, patches } = checkoutInputs();
  const key = sha256(
    JSON.stringify({ format: BUILD_FORMAT, sourceVersion, compiler, fragments, patches }),
  ).slice(0, 16);
  return { key, fragments, patches };
}

/**
 * How the config fragments and patches a kernel was built from differ from
 * @now (the checkout's): "changed NAME", "added NAME" (in the checkout, not
 * in the build), "removed NAME"; empty when they are the same.
 */
export function kernelDrift(
  built: Pick<KernelManifest, 'fragments' | 'patches'>,
  now: Pick<KernelManifest, 'fragments' | 'patches'> = checkoutInputs(),
): string[] {
  const drift: string[] = [];
  for (const kind of ['fragments', 'patches'] as const) {
    const was = new Map(built[kind].map((f) => [f.name, f.sha256]));
    const is = new Map(now[kind].map((f) => [f.name, f.sha256]));
    for (const [name, hash] of is) {
      if (!was.has(name)) drift.push(`added ${name}`);
      else if (was.get(name) !== hash) drift.push(`changed ${name}`);
    }
    for (const name of was.keys()) if (!is.has(name)) drift.push(`removed ${name}`);
  }
  return drift;
}

/**
 * A warning when @kernel was built from other patches or config than the
 * checkout's, which `kernel run` boots all the same; null when it matches.
 */
export function staleKernelNote(kernel: KernelBuild): string | null {
  const drift = kernelDrift(kernel.manifest);
  if (drift.length === 0) return null;
  return (
    `the lab kernel ${kernel.manifest.key} (built ${kernel.manifest.built_at}) is not the checkout's: ${drift.join(', ')}; ` +
    'it boots as it was built; `journalclub kernel build` builds the checkout\'s (minutes with its cached objects)'
  );
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

/** The kernel that `kernel build` made last, or null. */
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

/** The package a build starts from: apt-get download into deb/. */
export function fetchCommand(root: string): Command {
  return { argv: ['apt-get', 'download', SOURCE_PACKAGE], cwd: join(root, 'deb') };
}

/**
 * The commands that unpack @deb into @tree: the package's files into
 * @scratch, then the source tarball it holds into the tree. Two files on
 * disk rather than a pipe, so that each command is one argv and a failure
 * names the command that failed.
 */
export function unpackCommands(deb: string, tree: string, scratch: string): Command[] {
  return [
    { argv: ['dpkg-deb', '-x', deb, scratch] },
    { argv: ['tar', '-xJf', join(scratch, SOURCE_TARBALL), '-C', tree, '--strip-components=1'] },
  ];
}

export function patchCommands(tree: string): Command[] {
  return patchFiles().map((p) => ({
    argv: ['patch', '-p1', '--forward', '--batch', '--fuzz=0', '--no-backup-if-mismatch', '-i', p],
    cwd: tree,
  }));
}

/**
 * make in @tree with its output in @build. The user and host names make the
 * kernel's version string the same everywhere; ccache's base directory makes
 * its hits independent of where the cache is.
 */
export function makeCommand(tree: string, build: string, args: string[]): Command {
  return {
    argv: ['make', `O=${build}`, ...args],
    cwd: tree,
    env: {
      KBUILD_BUILD_USER: 'journalclub',
      KBUILD_BUILD_HOST: 'journalclub',
      CCACHE_BASEDIR: tree,
      CCACHE_NOHASHDIR: 'true',
    },
  };
}

/** merge_config.sh -m: the fragments over @build/.config, in order, without a make of its own. */
export function mergeCommand(tree: string, build: string, fragments: string[]): Command {
  return {
    argv: [join(tree, 'scripts/kconfig/merge_config.sh'), '-m', '-O', build, join(build, '.config'), ...fragments],
    cwd: tree,
  };
}

/** make's arguments for the compiler: through ccache when it is installed. */
export const ccacheArgs = (useCcache: boolean): string[] => (useCcache ? ['CC=ccache gcc'] : []);

/** Every option @fragments ask for, a later fragment's value over an earlier one's. */
export function wantedOptions(fragments: string[]): Map<string, string> {
  const wanted = new Map<string, string>();
  for (const f of fragments) for (const [k, v] of fragmentOptions(readFileSync(f, 'utf8'))) wanted.set(k, v);
  return wanted;
}

/** What a build is made of, found without building anything. */
export interface SourcePlan {
  root: string;
  /** the source package, or null when it is still to be fetched */
  deb: string | null;
  sourceVersion: string | null;
  /** the guest build's key; null until the source version is known */
  key: string | null;
  fragments: KernelManifest['fragments'];
  patches: KernelManifest['patches'];
  compiler: string;
  useCcache: boolean;
  /** the patched source tree (trees/<key>), shared by the guest and the host builds */
  tree: string;
  /** whether the tree is unpacked and patched */
  patched: boolean;
}

export function checkJobs(jobs: number | undefined): number {
  const n = jobs ?? cpus().length;
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new LabError(`--jobs must be an integer from 1 to 256, got ${jobs}`, 2);
  return n;
}

/** The source package, version, key and tree of a build, from the cache as it is; touches nothing. */
export function planSource(env: NodeJS.ProcessEnv = process.env): SourcePlan {
  const root = kernelCache(env);
  const compiler = capture('gcc', ['--version'])?.split('\n')[0] ?? 'gcc';
  const deb = findDeb(join(root, 'deb'));
  const sourceVersion = deb ? debVersion(deb) : null;
  const k = buildKey(sourceVersion ?? '', compiler);
  const key = sourceVersion ? k.key : null;
  const tree = join(root, 'trees', key ?? '<key>');
  return {
    root,
    deb,
    sourceVersion,
    key,
    fragments: k.fragments,
    patches: k.patches,
    compiler,
    useCcache: hasCommand('ccache'),
    tree,
    patched: key !== null && existsSync(join(tree, PATCHED_STAMP)),
  };
}

/** The commands that give a patched tree: fetch (when the package is missing), unpack, patch. */
export function sourceCommands(plan: SourcePlan): Command[] {
  if (plan.patched) return [];
  const deb = plan.deb ?? join(plan.root, 'deb', `${SOURCE_PACKAGE}_<version>_all.deb`);
  return [
    ...(plan.deb ? [] : [fetchCommand(plan.root)]),
    ...unpackCommands(deb, plan.tree, unpackScratch(plan.tree)),
    ...patchCommands(plan.tree),
  ];
}

const PATCHED_STAMP = '.journalclub-patched';
const unpackScratch = (tree: string): string => `${tree}.unpack`;

/** Fetch the source package when the cache has none; the plan with its version and key. */
export async function fetchSource(plan: SourcePlan, progress: StepProgress): Promise<SourcePlan & { deb: string; sourceVersion: string; key: string }> {
  let deb = plan.deb;
  if (!deb) {
    if (!hasCommand('apt-get')) {
      throw new LabError(
        `no ${SOURCE_PACKAGE} package in ${join(plan.root, 'deb')} and no apt-get to fetch it: ` +
          'the kernel lab builds from Debian 12 (bookworm) sources',
      );
    }
    mkdirSync(join(plan.root, 'deb'), { recursive: true });
    const fetchLog = join(plan.root, 'deb', 'apt-get.log');
    const log = openLog(fetchLog);
    const cmd = fetchCommand(plan.root);
    const code = await runCommand(cmd, { log, onLine: (l) => progress.note(l) });
    await closeLog(log);
    if (code !== 0) throw stepFailed(cmd.argv.join(' '), code, fetchLog, 10);
    deb = findDeb(join(plan.root, 'deb'));
    if (!deb) throw new LabError(`apt-get download ${SOURCE_PACKAGE} left no package in ${join(plan.root, 'deb')}`);
  }
  const sourceVersion = debVersion(deb);
  const { key } = buildKey(sourceVersion, plan.compiler);
  const tree = join(plan.root, 'trees', key);
  return { ...plan, deb, sourceVersion, key, tree, patched: existsSync(join(tree, PATCHED_STAMP)) };
}

/** Unpack and patch the tree unless it is; every command's output goes to @log. */
export async function prepareTree(
  plan: SourcePlan & { deb: string; sourceVersion: string },
  log: WriteStream,
  logPath: string,
  progress: StepProgress,
): Promise<void> {
  if (plan.patched) return;
  const onLine = (l: string): void => progress.note(l);
  progress.begin('unpack');
  const scratch = unpackScratch(plan.tree);
  rmSync(plan.tree, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(plan.tree, { recursive: true });
  mkdirSync(scratch, { recursive: true });
  try {
    for (const cmd of unpackCommands(plan.deb, plan.tree, scratch)) {
      log.write(`\n=== ${formatCommand(cmd)}\n`);
      const code = await runCommand(cmd, { log, onLine });
      if (code !== 0) throw stepFailed(`unpacking the kernel source (${cmd.argv[0]})`, code, logPath);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (!existsSync(join(plan.tree, 'Makefile'))) throw new LabError(`${plan.deb} held no kernel source: ${plan.tree} has no Makefile`);

  progress.begin('patch');
  for (const cmd of patchCommands(plan.tree)) {
    const name = basename(cmd.argv[cmd.argv.length - 1]);
    log.write(`\n=== patch ${name}\n`);
    const code = await runCommand(cmd, { log, onLine });
    if (code !== 0) throw stepFailed(`patch ${name} does not apply cleanly to ${SOURCE_PACKAGE} ${plan.sourceVersion}; it`, code, logPath);
  }
  writeFileSync(join(plan.tree, PATCHED_STAMP), `${plan.patches.map((p) => `${p.sha256}  ${p.name}`).join('\n')}\n`);
}

/** Run @cmds in order into @log; the first that fails ends the build, named by @what. */
export async function runSteps(
  cmds: { cmd: Command; what: string }[],
  log: WriteStream,
  logPath: string,
  progress: StepProgress,
): Promise<void> {
  for (const { cmd, what } of cmds) {
    log.write(`\n=== ${formatCommand(cmd)}\n`);
    const code = await runCommand(cmd, { log, onLine: (l) => progress.note(l) });
    if (code !== 0) throw stepFailed(what, code, logPath);
  }
}

/** The guest build's configure and make commands, in order. */
export function guestBuildCommands(tree: string, build: string, jobs: number, useCcache: boolean): { cmd: Command; what: string }[] {
  const fragmentPaths = guestFragments();
  return [
    { cmd: makeCommand(tree, build, ['tinyconfig']), what: 'make tinyconfig' },
    { cmd: mergeCommand(tree, build, fragmentPaths), what: 'merging the config fragments' },
    { cmd: makeCommand(tree, build, ['olddefconfig']), what: 'make olddefconfig' },
    { cmd: makeCommand(tree, build, [`-j${jobs}`, ...ccacheArgs(useCcache), 'bzImage']), what: 'make bzImage' },
  ];
}

/**
 * What `kernel build --dry-run` prints: the commands a build runs, one a line,
 * ready for a shell, with what the build does itself as comments. Nothing
 * is run and the cache is not touched.
 */
export function dryRunGuestBuild(opts: BuildOptions = {}): string[] {
  const env = opts.env ?? process.env;
  const jobs = checkJobs(opts.jobs);
  const plan = planSource(env);
  const keyDir = plan.key ?? '<key>';
  const build = join(plan.root, 'build', keyDir);
  const outDir = join(plan.root, 'kernels', keyDir);
  const lines = [`# kernel build: ${SOURCE_PACKAGE} with ${plan.patches.length} patches -> bzImage; nothing is run`, ...missingNote(missingTools())];
  if (!plan.key) lines.push(`# no ${SOURCE_PACKAGE} package in ${join(plan.root, 'deb')} yet: the key is known once it is fetched`);
  else if (readManifest(outDir) && !opts.force) lines.push(`# ${outDir} is built: kernel build does nothing (--force rebuilds with the commands below)`);
  if (plan.patched) lines.push(`# ${plan.tree} is unpacked and patched`);
  lines.push(...sourceCommands(plan).map(formatCommand));
  lines.push(`# config: tinyconfig, then ${guestFragments().map((f) => basename(f)).join(', ')}; every option they ask for is checked in ${join(build, '.config')}`);
  lines.push(...guestBuildCommands(plan.tree, build, jobs, plan.useCcache).map((c) => formatCommand(c.cmd)));
  lines.push(`# install: ${join(build, 'arch/x86/boot/bzImage')} and .config -> ${outDir}/, manifest.json, current -> kernels/${keyDir}`);
  return lines;
}

/** The final config at @configPath, refused when it lacks an option of @wanted as asked. */
export function checkConfig(configPath: string, wanted: Map<string, string>): string {
  const config = readFileSync(configPath, 'utf8');
  const missing = missingOptions(wanted, config);
  if (missing.length) {
    throw new LabError(
      `the kernel config lost options the fragments ask for (a dependency is missing): ${missing.join(', ')}; ` +
        `see ${configPath}`,
    );
  }
  return config;
}

export async function buildKernel(opts: BuildOptions = {}): Promise<KernelBuild> {
  const env = opts.env ?? process.env;
  const jobs = checkJobs(opts.jobs);
  requireTools();
  const planned = planSource(env);
  const root = planned.root;

  const progress = new StepProgress('kernel build', STEPS);
  const started = Date.now();
  try {
    /* fetch */
    progress.begin('fetch source');
    const plan = await fetchSource(planned, progress);
    const { key, patches, fragments, sourceVersion, compiler, useCcache, tree } = plan;
    const outDir = join(root, 'kernels', key);

    const cached = readManifest(outDir);
    if (cached && !opts.force) {
      pointCurrent(root, key);
      progress.finish(
        `kernel build: ${cached.kernel_release} is built (key ${key}, ${patches.length} patches): ${join(outDir, 'bzImage')}`,
      );
      return { dir: outDir, bzImage: join(outDir, 'bzImage'), manifest: cached, cached: true };
    }

    mkdirSync(outDir, { recursive: true });
    const logPath = join(outDir, 'build.log');
    rmSync(logPath, { force: true });
    const log = openLog(logPath);
    const build = join(root, 'build', key);
    try {
      await prepareTree(plan, log, logPath, progress);

      /* configure, make */
      progress.begin('configure');
      mkdirSync(build, { recursive: true });
      const steps = guestBuildCommands(tree, build, jobs, useCcache);
      await runSteps(steps.slice(0, 3), log, logPath, progress);
      const config = checkConfig(join(build, '.config'), wantedOptions(guestFragments()));

      progress.begin('make bzImage');
      if (!useCcache) progress.say('kernel build: ccache not found; building without it (install ccache to rebuild in about a minute)');
      await runSteps(steps.slice(3), log, logPath, progress);

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
        `kernel build: ${release} built in ${manifest.build_s} s (key ${key}): ${join(outDir, 'bzImage')}; log ${logPath}`,
      );
      return { dir: outDir, bzImage: join(outDir, 'bzImage'), manifest, cached: false };
    } finally {
      await closeLog(log);
    }
  } finally {
    progress.stop();
  }
}
