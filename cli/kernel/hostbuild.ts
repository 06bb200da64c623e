/**
 * `journalclub kernel build --target host`: the lab kernel for a real x86_64
 * machine, as Debian packages to install and boot.
 *
 * The same patched tree as the guest build (trees/<key>), configured from a
 * given config instead of tinyconfig: the running kernel's
 * (/boot/config-<release>, else /proc/config.gz) or one named with --config,
 * then kernel-lab/config/lab.config (the options the labs need) and
 * host.config (the release ends in -journalclub; no distribution keys, no
 * debug information), olddefconfig, and `make bindeb-pkg` through ccache.
 * Every option of lab.config is checked in the result, as the guest build
 * checks its fragments.
 *
 *   $XDG_CACHE_HOME/journalclub/kernel/
 *     host-build/<key>/        make O=... output (bindeb-pkg leaves its packages beside it)
 *     host/<key>/{*.deb,config,build.log,manifest.json}
 *     host/current -> <key>    the last good host build
 *
 * The key hashes the guest build's key (source version, patches, fragments,
 * compiler), the given config and host.config: an unchanged input is not
 * rebuilt.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync, type WriteStream } from 'node:fs';
import { release as osRelease } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { LabError, UsageError } from '../errors';
import {
  ccacheArgs,
  checkJobs,
  fetchSource,
  fragmentOptions,
  GUEST_TOOLS,
  labFragments,
  makeCommand,
  mergeCommand,
  missingNote,
  missingOptions,
  missingTools,
  planSource,
  prepareTree,
  requireTools,
  runSteps,
  sha256,
  sourceCommands,
  type BuildOptions,
  type KernelManifest,
} from './build';
import { CONFIG_DIR, kernelCache } from './paths';
import { capture, closeLog, formatCommand, openLog, runTool, type Command } from './proc';
import { StepProgress } from './progress';

/** Bump when the way a host kernel is built changes, so that old builds are not reused. */
const HOST_BUILD_FORMAT = 1;
const LAB_FRAGMENT = 'lab.config';
const HOST_FRAGMENT = 'host.config';
/** host.config's CONFIG_LOCALVERSION: how a machine's release says it runs the lab kernel */
export const RELEASE_SUFFIX = '-journalclub';
const STEPS = ['fetch source', 'unpack', 'patch', 'configure', 'make bindeb-pkg', 'install'] as const;

/** What bindeb-pkg runs besides the guest build's tools, and the package of each. */
export const HOST_TOOLS: [string, string][] = [
  ...GUEST_TOOLS,
  ['dpkg-buildpackage', 'dpkg-dev'],
  ['dh_testdir', 'debhelper'],
  ['rsync', 'rsync'],
  ['depmod', 'kmod'],
  ['cpio', 'cpio'],
];
/** Headers the build's own tools (sign-file, extract-cert) compile against. */
export const HOST_HEADERS: [string, string][] = [['/usr/include/openssl/ssl.h', 'libssl-dev']];

export interface HostBuildOptions extends BuildOptions {
  /** the config to start from; default the running kernel's */
  config?: string;
}

/** A config to start from: its text and where it came from. */
export interface GivenConfig {
  path: string;
  text: string;
  /** how it was found, for the messages */
  from: string;
}

/** Where a running kernel's config is found; the defaults are this machine's. */
export interface ConfigPlaces {
  boot: string;
  release: string;
  procConfig: string;
}

const thisMachine = (): ConfigPlaces => ({ boot: '/boot', release: osRelease(), procConfig: '/proc/config.gz' });

/** Refuse a file that is not a full x86_64 kernel config. */
export function checkKernelConfig(text: string, path: string): void {
  const options = fragmentOptions(text);
  if (options.size === 0) throw new UsageError(`${path} is not a kernel config: it sets no CONFIG_ option`);
  if (options.get('CONFIG_X86_64') !== 'y') {
    throw new UsageError(
      `${path} is not an x86_64 kernel config (it has no CONFIG_X86_64=y): the host build is for x86_64 machines; ` +
        'give the full .config of an x86_64 kernel, not a fragment',
    );
  }
}

/** How to get a config when this machine has none at hand. */
export const CONFIG_HINT =
  "give one with --config FILE: the running kernel's is /boot/config-$(uname -r) on Debian and Ubuntu; " +
  "Debian's own is in its linux-headers (3 MB) and linux-image packages: " +
  "`apt-cache search '^linux-headers-6.12.*-amd64$'`, `apt-get download linux-headers-6.12.<N>+deb12-amd64`, " +
  '`dpkg-deb -x linux-headers-*.deb h`, then --config h/usr/src/linux-headers-6.12.<N>+deb12-amd64/.config ' +
  '(or linux-image-6.12.<N>+deb12-amd64-unsigned and its boot/config-*)';

/**
 * The config to start from: @given when named (a readable x86_64 config),
 * else the running kernel's, /boot/config-<release> or /proc/config.gz.
 */
export function findHostConfig(given: string | undefined, places: ConfigPlaces = thisMachine()): GivenConfig {
  if (given !== undefined) {
    if (given === '') throw new UsageError(`--config needs a file; ${CONFIG_HINT}`);
    let st;
    try {
      st = statSync(given);
    } catch {
      throw new UsageError(`--config ${given}: no such file; ${CONFIG_HINT}`);
    }
    if (!st.isFile()) throw new UsageError(`--config ${given}: not a file; give a kernel's .config`);
    let text: string;
    try {
      text = readFileSync(given, 'utf8');
    } catch (e) {
      throw new UsageError(`--config ${given}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    checkKernelConfig(text, given);
    return { path: given, text, from: `--config ${given}` };
  }
  const boot = join(places.boot, `config-${places.release}`);
  if (existsSync(boot)) {
    const text = readFileSync(boot, 'utf8');
    checkKernelConfig(text, boot);
    return { path: boot, text, from: `the running kernel's ${boot}` };
  }
  if (existsSync(places.procConfig)) {
    let text: string;
    try {
      text = gunzipSync(readFileSync(places.procConfig)).toString('utf8');
    } catch (e) {
      throw new LabError(`${places.procConfig} cannot be read (${(e as Error).message}); ${CONFIG_HINT}`);
    }
    checkKernelConfig(text, places.procConfig);
    return { path: places.procConfig, text, from: `the running kernel's ${places.procConfig}` };
  }
  throw new UsageError(
    `no kernel config to start from: the running kernel (${places.release}) has no ${boot} and there is no ` +
      `${places.procConfig}; ${CONFIG_HINT}`,
  );
}

/**
 * What the final config must have: every option of lab.config, and those of
 * host.config that the config offers. An option of host.config the final
 * config does not mention at all is one whose dependency is off (no trusted
 * keys without a keyring), which is what host.config asks for too.
 */
export function hostConfigProblems(config: string, lab: Map<string, string>, host: Map<string, string>): string[] {
  const mentioned = fragmentOptions(config);
  const wanted = new Map(lab);
  for (const [k, v] of host) if (mentioned.has(k)) wanted.set(k, v);
  return missingOptions(wanted, config);
}

export interface HostPackage {
  file: string;
  package: string;
  version: string;
  bytes: number;
  sha256: string;
}

export interface HostKernelManifest {
  target: 'host';
  kernel_release: string;
  /** the package to install and boot */
  image_package: string;
  headers_package: string | null;
  source_package: string;
  source_version: string;
  key: string;
  /** the guest build's key: the same source, patches and compiler */
  guest_key: string;
  given_config: { from: string; sha256: string };
  config_sha256: string;
  fragments: KernelManifest['fragments'];
  patches: KernelManifest['patches'];
  compiler: string;
  ccache: boolean;
  built_at: string;
  build_s: number;
  packages: HostPackage[];
}

export interface HostKernelBuild {
  dir: string;
  debs: string[];
  manifest: HostKernelManifest;
  cached: boolean;
}

/** lab.config and the labs' own fragments: the options the labs need, on any machine. */
const labOptionFragments = (): string[] => [join(CONFIG_DIR, LAB_FRAGMENT), ...labFragments()];
const hostFragments = (): string[] => [...labOptionFragments(), join(CONFIG_DIR, HOST_FRAGMENT)];

/** The host build's key: the guest's key, the given config and host.config. */
export function hostKey(guestKey: string, config: string): { key: string; fragments: KernelManifest['fragments'] } {
  const fragments = hostFragments().map((path) => {
    if (!existsSync(path)) throw new LabError(`config fragment ${path} is missing`);
    return { name: basename(path), sha256: sha256(readFileSync(path)) };
  });
  const key = sha256(JSON.stringify({ format: HOST_BUILD_FORMAT, guestKey, config: sha256(config), fragments })).slice(0, 16);
  return { key, fragments };
}

/** The configure and make commands, in order; the given config is copied to @objtree/.config before them. */
export function hostBuildCommands(tree: string, objtree: string, jobs: number, useCcache: boolean): { cmd: Command; what: string }[] {
  return [
    { cmd: mergeCommand(tree, objtree, hostFragments()), what: `merging ${hostFragments().map((f) => basename(f)).join(', ')}` },
    { cmd: makeCommand(tree, objtree, ['olddefconfig']), what: 'make olddefconfig' },
    { cmd: makeCommand(tree, objtree, [`-j${jobs}`, ...ccacheArgs(useCcache), 'bindeb-pkg']), what: 'make bindeb-pkg' },
  ];
}

function readHostManifest(dir: string): HostKernelManifest | null {
  try {
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as HostKernelManifest;
    return m.packages.every((p) => existsSync(join(dir, p.file))) ? m : null;
  } catch {
    return null;
  }
}

/**
 * seedFromGuestBuild - when the host config came out the same as the guest
 * build's (a machine given the guest's own config, as the tests do), start
 * @objtree from a copy of the guest build's objects, timestamps kept, so that
 * make finds them up to date and bindeb-pkg only links and packages. Any
 * other config compiles everything (through ccache). Returns the directory
 * copied, or null.
 */
export async function seedFromGuestBuild(guestObjtree: string, objtree: string, config: string, log: WriteStream): Promise<string | null> {
  const guestConfig = join(guestObjtree, '.config');
  if (!existsSync(guestConfig) || readFileSync(guestConfig, 'utf8') !== config) return null;
  if (existsSync(join(objtree, 'vmlinux'))) return null;
  const cmd: Command = { argv: ['cp', '-a', `${guestObjtree}/.`, objtree] };
  log.write(`\n=== ${formatCommand(cmd)}\n`);
  const code = await runTool(cmd.argv[0]!, cmd.argv.slice(1), { log });
  if (code !== 0) throw new LabError(`copying the guest build's objects from ${guestObjtree} failed (exit ${code})`);
  return guestObjtree;
}

/** The host kernel `kernel build --target host` made last, or null. */
export function currentHostKernel(env: NodeJS.ProcessEnv = process.env): HostKernelBuild | null {
  const dir = join(kernelCache(env), 'host', 'current');
  const manifest = readHostManifest(dir);
  return manifest ? { dir, debs: manifest.packages.map((p) => join(dir, p.file)), manifest, cached: true } : null;
}

function pointCurrent(hostRoot: string, key: string): void {
  const tmp = join(hostRoot, `.current-${process.pid}`);
  try {
    unlinkSync(tmp);
  } catch {
    /* not there */
  }
  symlinkSync(key, tmp);
  renameSync(tmp, join(hostRoot, 'current'));
}

/** Keep the newest @keep build directories besides @keepKey's: a distribution's is gigabytes. */
function pruneBuilds(dir: string, keepKey: string, keep = 1): void {
  const others = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== keepKey)
    .map((e) => ({ name: e.name, mtime: statSync(join(dir, e.name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const e of others.slice(keep)) rmSync(join(dir, e.name), { recursive: true, force: true });
}

/** The packages bindeb-pkg made, from its debian/files: "name_version_arch.deb section priority". */
export function debsOfFiles(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim().split(/\s+/)[0])
    .filter((f) => f && f.endsWith('.deb'));
}

/** What `kernel build --target host --dry-run` prints; nothing is run and the cache is not touched. */
export function dryRunHostBuild(opts: HostBuildOptions = {}, places?: ConfigPlaces): string[] {
  const env = opts.env ?? process.env;
  const jobs = checkJobs(opts.jobs);
  const given = findHostConfig(opts.config, places);
  const plan = planSource(env);
  const key = plan.key ? hostKey(plan.key, given.text).key : '<key>';
  const root = plan.root;
  const objtree = join(root, 'host-build', key);
  const outDir = join(root, 'host', key);
  const lines = [
    `# kernel build --target host: ${plan.patches.length} patches, ${[given.from, ...hostFragments().map((f) => basename(f))].join(' + ')} -> .deb packages; nothing is run`,
    ...missingNote(missingTools(HOST_TOOLS, HOST_HEADERS)),
  ];
  if (!plan.key) lines.push(`# no source package in ${join(root, 'deb')} yet: the key is known once it is fetched`);
  else if (readHostManifest(outDir) && !opts.force) lines.push(`# ${outDir} is built: kernel build --target host does nothing (--force rebuilds with the commands below)`);
  if (plan.patched) lines.push(`# ${plan.tree} is unpacked and patched`);
  lines.push(...sourceCommands(plan).map(formatCommand));
  lines.push(`# copies ${given.path}${given.path.endsWith('.gz') ? ', uncompressed,' : ''} to ${join(objtree, '.config')}`);
  lines.push(...hostBuildCommands(plan.tree, objtree, jobs, plan.useCcache).map((c) => formatCommand(c.cmd)));
  lines.push(
    `# every option of ${labOptionFragments().map((f) => basename(f)).join(', ')} is checked in the final config; the packages in ${join(objtree, 'debian/files')} ` +
      `move from ${dirname(objtree)}/ to ${outDir}/ with manifest.json; host/current -> ${key}`,
  );
  return lines;
}

export async function buildHostKernel(opts: HostBuildOptions = {}, places?: ConfigPlaces): Promise<HostKernelBuild> {
  const env = opts.env ?? process.env;
  const jobs = checkJobs(opts.jobs);
  const given = findHostConfig(opts.config, places);
  requireTools(HOST_TOOLS, HOST_HEADERS);
  const planned = planSource(env);
  const root = planned.root;
  const hostRoot = join(root, 'host');

  const progress = new StepProgress('kernel build --target host', STEPS);
  const started = Date.now();
  try {
    progress.begin('fetch source');
    const plan = await fetchSource(planned, progress);
    const { key: hkey, fragments } = hostKey(plan.key, given.text);
    const outDir = join(hostRoot, hkey);

    const cached = readHostManifest(outDir);
    if (cached && !opts.force) {
      pointCurrent(hostRoot, hkey);
      progress.finish(`kernel build --target host: ${cached.image_package} is built (key ${hkey}): ${outDir}`);
      return { dir: outDir, debs: cached.packages.map((p) => join(outDir, p.file)), manifest: cached, cached: true };
    }

    mkdirSync(outDir, { recursive: true });
    const logPath = join(outDir, 'build.log');
    rmSync(logPath, { force: true });
    rmSync(join(outDir, 'manifest.json'), { force: true });
    const log = openLog(logPath);
    const buildRoot = join(root, 'host-build');
    const objtree = join(buildRoot, hkey);
    try {
      await prepareTree(plan, log, logPath, progress);

      progress.begin('configure');
      mkdirSync(objtree, { recursive: true });
      rmSync(join(objtree, 'debian'), { recursive: true, force: true });
      writeFileSync(join(objtree, '.config'), given.text);
      log.write(`\n=== ${given.from} -> ${join(objtree, '.config')}\n`);
      const steps = hostBuildCommands(plan.tree, objtree, jobs, plan.useCcache);
      await runSteps(steps.slice(0, 2), log, logPath, progress);
      const config = readFileSync(join(objtree, '.config'), 'utf8');
      const lab = new Map(labOptionFragments().flatMap((f) => [...fragmentOptions(readFileSync(f, 'utf8'))]));
      const host = fragmentOptions(readFileSync(join(CONFIG_DIR, HOST_FRAGMENT), 'utf8'));
      const problems = hostConfigProblems(config, lab, host);
      if (problems.length) {
        throw new LabError(
          `the config lost options the lab needs (a dependency is missing in ${given.from}): ${problems.join(', ')}; ` +
            `see ${join(objtree, '.config')}`,
        );
      }

      progress.begin('make bindeb-pkg');
      if (!plan.useCcache) progress.say('kernel build: ccache not found; building without it');
      const seeded = await seedFromGuestBuild(join(root, 'build', plan.key), objtree, config, log);
      if (seeded) progress.say(`kernel build: the config is the guest build's: its objects are reused from ${seeded}`);
      await runSteps(steps.slice(2), log, logPath, progress);

      progress.begin('install');
      const release = readFileSync(join(objtree, 'include/config/kernel.release'), 'utf8').trim();
      if (!release.endsWith(RELEASE_SUFFIX)) throw new LabError(`the kernel's release is ${release}, not one ending in ${RELEASE_SUFFIX}: see ${join(objtree, '.config')}`);
      const filesList = join(objtree, 'debian', 'files');
      const names = existsSync(filesList) ? debsOfFiles(readFileSync(filesList, 'utf8')) : [];
      if (names.length === 0) throw new LabError(`make bindeb-pkg succeeded but listed no package in ${filesList}`);
      for (const f of readdirSync(outDir)) if (f.endsWith('.deb')) rmSync(join(outDir, f));
      const packages: HostPackage[] = names.map((name) => {
        const from = join(buildRoot, name);
        if (!existsSync(from)) throw new LabError(`make bindeb-pkg listed ${name} but left no ${from}`);
        renameSync(from, join(outDir, name));
        const data = readFileSync(join(outDir, name));
        const field = (f: string): string => capture('dpkg-deb', ['-f', join(outDir, name), f]) ?? '';
        return { file: name, package: field('Package'), version: field('Version'), bytes: data.length, sha256: sha256(data) };
      });
      /* the .buildinfo and .changes of this version, beside the packages */
      const version = packages[0].version;
      for (const f of readdirSync(buildRoot)) {
        if (f.includes(`_${version}_`) && (f.endsWith('.buildinfo') || f.endsWith('.changes'))) rmSync(join(buildRoot, f));
      }
      const image = packages.find((p) => p.package === `linux-image-${release}`);
      if (!image) throw new LabError(`make bindeb-pkg made no linux-image-${release} package: ${names.join(', ')}`);
      const contents = capture('dpkg-deb', ['-c', join(outDir, image.file)]) ?? '';
      if (!contents.includes(`./boot/vmlinuz-${release}`)) {
        throw new LabError(`${image.file} holds no /boot/vmlinuz-${release}: the package cannot boot`);
      }
      writeFileSync(join(outDir, 'config'), config);
      const manifest: HostKernelManifest = {
        target: 'host',
        kernel_release: release,
        image_package: image.package,
        headers_package: packages.find((p) => p.package === `linux-headers-${release}`)?.package ?? null,
        source_package: basename(plan.deb).split('_')[0],
        source_version: plan.sourceVersion,
        key: hkey,
        guest_key: plan.key,
        given_config: { from: given.from, sha256: sha256(given.text) },
        config_sha256: sha256(config),
        fragments,
        patches: plan.patches,
        compiler: plan.compiler,
        ccache: plan.useCcache,
        built_at: new Date().toISOString(),
        build_s: Math.round((Date.now() - started) / 100) / 10,
        packages,
      };
      writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      pointCurrent(hostRoot, hkey);
      pruneBuilds(buildRoot, hkey);
      progress.finish(
        `kernel build --target host: ${release} built in ${manifest.build_s} s (key ${hkey}); install with ` +
          `\`sudo apt install ${packages
            .filter((p) => p.package !== 'linux-libc-dev')
            .map((p) => `./${p.file}`)
            .join(' ')}\` (in ${outDir}) and boot ${image.package}; log ${logPath}`,
      );
      return { dir: outDir, debs: packages.map((p) => join(outDir, p.file)), manifest, cached: false };
    } finally {
      await closeLog(log);
    }
  } finally {
    progress.stop();
  }
}
