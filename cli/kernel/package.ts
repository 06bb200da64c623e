/**
 * `journalclub kernel package` and `journalclub kernel verify`.
 *
 * A bundle is a directory (and the same as a .tar.gz) that needs only
 * qemu-system-x86_64 to run any lab and variant:
 *
 *   bzImage  initramfs.cpio[.gz]  images/*.img (clean, sparse)
 *   initramfs-<tool>.cpio         the tool archives (fio, dbench), appended for the labs that name them
 *   bench/<lab>/disks, tools      which images and tool archives each lab boots with
 *   bench/<lab>/switches          its switches, for host-run (cli/kernel/labs.ts)
 *   bench/<lab>/run.sh  jc.sh     the guest's bench scripts, for host-run
 *   run-qemu.sh  run              the boot script and its front end
 *   host-run  mkfs.conf  bin/     a lab on a machine booted into the lab kernel,
 *                                 the disks' recipes, our static statwalk
 *   manifest.json                 kernel version, patch and config hashes, tool versions
 *   README.txt  SHA256SUMS        sums of every other file
 *
 * `run` checks SHA256SUMS before it boots anything; `kernel verify` checks the
 * sums, that nothing unlisted was added, and that the manifest describes
 * the kernel that is there. `run` and `host-run` share the bench scripts
 * and the results layout (a run directory with plan.txt and raw/).
 */
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  createReadStream,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { basename, isAbsolute, join, relative } from 'node:path';
import { z } from 'zod';
import { formatBytes } from '../../lib/format';
import { KERNEL_LABS } from '../../lib/kernel-results';
import { LabError, UsageError } from '../errors';
import { currentKernel } from './build';
import { benchLabs, buildLabPrograms, currentImage, disksFileText, GUEST_DIR, HOST_RUN, labDisks, labDiskSets, labTools, MKFS_CONF, mkfsConf } from './image';
import { SWITCHES_FILE, switchesFileText } from './labs';
import { KERNEL_LAB_DIR, REPO_ROOT, workloadDir } from './paths';
import { capture, runTool } from './proc';

export const BUNDLE_NAME = 'journalclub-kernel-lab';
const TOOL_PACKAGES = ['fio', 'fsmark', 'dbench', 'busybox-static', 'e2fsprogs', 'btrfs-progs'];

const Hash = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 in hex');

export const BundleManifest = z.object({
  schema: z.literal('journalclub.bundle/1'),
  created: z.string().datetime({ offset: true }),
  journalclub: z.string(),
  kernel: z.object({
    release: z.string(),
    source_package: z.string(),
    source_version: z.string(),
    build_key: z.string(),
    config_sha256: Hash,
    bzimage_sha256: Hash,
    fragments: z.array(z.object({ name: z.string(), sha256: Hash })),
    patches: z.array(z.object({ name: z.string(), sha256: Hash })).min(1),
    compiler: z.string(),
  }),
  image: z.object({
    key: z.string(),
    initramfs: z.string(),
    initramfs_sha256: Hash,
    archives: z.array(z.object({ name: z.string(), file: z.string(), sha256: Hash })),
    disks: z.array(z.object({ name: z.string(), file: z.string(), what: z.string() })),
  }),
  labs: z.array(z.enum(KERNEL_LABS)).min(1),
  tools: z.record(z.string(), z.string()),
});
export type BundleManifest = z.infer<typeof BundleManifest>;

function fileHash(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(path)
      .on('data', (c) => h.update(c))
      .on('error', reject)
      .on('end', () => resolve(h.digest('hex')));
  });
}

/** Every regular file under @dir, relative, sorted. */
function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = lstatSync(p);
      if (st.isDirectory()) walk(p);
      else if (st.isFile()) out.push(relative(dir, p));
      // a bundle is regular files only: a symlink could point anywhere outside it
      else throw new LabError(`${relative(dir, p)} in ${dir} is a ${st.isSymbolicLink() ? 'symlink' : 'special file'}: a bundle holds only regular files`);
    }
  };
  walk(dir);
  return out.sort();
}

/** SHA256SUMS text in sha256sum's own format. */
async function sumsOf(dir: string, files: string[]): Promise<string> {
  const lines: string[] = [];
  for (const f of files) lines.push(`${await fileHash(join(dir, f))}  ${f}`);
  return `${lines.join('\n')}\n`;
}

function parseSums(text: string): Map<string, string> {
  const out = new Map<string, string>();
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (!m) throw new LabError(`SHA256SUMS line ${i + 1} is not "<sha256>  <file>": ${line.slice(0, 80)}`);
    if (isAbsolute(m[2]) || m[2].split('/').includes('..'))
      throw new LabError(`SHA256SUMS line ${i + 1} names ${m[2].slice(0, 80)}, a file outside the bundle`);
    out.set(m[2], m[1]);
  });
  return out;
}

function dpkgVersion(pkg: string): string {
  return capture('dpkg-query', ['-W', '-f=${Version}', pkg]) ?? 'unknown';
}

/** The bundle's README; its examples run the bundle's own labs (@labs, in their order). */
function readme(manifest: BundleManifest, labs: readonly string[]): string {
  const first = labs[0] ?? '<lab>';
  /* a lab that runs on two disks shows host-run's two --device options */
  const two = labs.find((l) => labDisks(l).length === 2);
  const pad = (text: string, width: number): string => text.padEnd(width);
  const twoLine = two
    ? `  ${pad(`./host-run ${two} after --device /dev/sdX --device /dev/sdY`, 66)}(${labDisks(two).join(', ')})\n`
    : '';
  return `journalclub kernel lab bundle
==============================

Linux ${manifest.kernel.release} with the journalclub lab switches, a guest image with
each mail's benchmark, and the clean disks they run on. Nothing else is
needed but qemu-system-x86_64 (and sh, coreutils, tar).

  ./run --list                          the labs
  ${pad(`./run ${first} before`, 36)}the mail's "before": the switch on
  ${pad(`./run ${first} after`, 36)}stock 6.12
  ${pad(`./run ${two ?? first} after paper --smp 4`, 36)}the paper profile on 4 vCPUs

Each run prints where its results are (results/<lab>-<variant>-<time>/:
console.log, raw/ with every file the guest wrote). With a journalclub
checkout, \`journalclub kernel ingest <dir>\` turns a run into results JSON for
\`journalclub kernel compare\` and the lab pages' import.

QEMU uses KVM when it works and TCG (emulation) otherwise, and says which.

On a real machine, booted into the lab kernel (the linux-image .deb of
\`journalclub kernel build --target host\`, release ending -journalclub), the
same bench scripts run against a scratch block device, as root:

  ./host-run ${first} before --device /dev/sdX
${twoLine}  ${pad(`./host-run ${first} after --device /dev/sdX --dry-run`, 66)}(changes nothing)

host-run formats the device with the recipe of the guest's disk
(mkfs.conf) and refuses, changing nothing, a kernel without the lab
switches, a device that is mounted, holds a mounted partition, is swap, is
the root disk or has a holder (device mapper, md), and a device that holds
a file system or partition table unless --wipe /dev/sdX names it again.
Its run directories ingest like ./run's; the results say where they ran.
The run script checks SHA256SUMS first and refuses a bundle that does not
match. manifest.json names the kernel source, the patches and the config
by hash, and the tool versions in the guest.
`;
}

export interface PackageOptions {
  /** directory for the bundle (default kernel-lab/dist) */
  out?: string;
  /** also publish it for the web site under web/public/kernel/ (default true) */
  web?: boolean;
}

export interface Bundle {
  dir: string;
  tarball: string;
  manifest: BundleManifest;
}

export async function packageBundle(opts: PackageOptions, print: (s: string) => void): Promise<Bundle> {
  const kernel = currentKernel();
  if (!kernel) throw new LabError('no lab kernel yet: run `journalclub kernel build` first');
  const image = currentImage();
  if (!image) throw new LabError('no guest image yet: run `journalclub kernel image` first');
  const outRoot = opts.out ?? join(KERNEL_LAB_DIR, 'dist');
  const dir = join(outRoot, BUNDLE_NAME);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'images'), { recursive: true });

  copyFileSync(kernel.bzImage, join(dir, 'bzImage'));
  const initrdName = basename(image.initramfs);
  copyFileSync(image.initramfs, join(dir, initrdName));
  for (const path of Object.values(image.archives)) copyFileSync(path, join(dir, basename(path)));
  for (const [name, path] of Object.entries(image.disks)) {
    /* cp keeps the holes; copyFileSync would write every zero */
    const code = await runTool('cp', ['--sparse=always', path, join(dir, 'images', `${name}.img`)]);
    if (code !== 0) throw new LabError(`could not copy disk image ${path} into the bundle`);
  }
  const labs = benchLabs();
  for (const lab of labs) {
    mkdirSync(join(dir, 'bench', lab), { recursive: true });
    writeFileSync(join(dir, 'bench', lab, 'disks'), disksFileText(labDiskSets(lab)));
    writeFileSync(join(dir, 'bench', lab, 'tools'), `${labTools(lab).join(' ')}\n`);
    writeFileSync(join(dir, 'bench', lab, SWITCHES_FILE), switchesFileText(lab));
  }
  for (const lab of labs) copyFileSync(join(workloadDir(lab), 'run.sh'), join(dir, 'bench', lab, 'run.sh'));
  copyFileSync(join(GUEST_DIR, 'jc.sh'), join(dir, 'jc.sh'));
  writeFileSync(join(dir, MKFS_CONF), mkfsConf());
  copyFileSync(HOST_RUN, join(dir, 'host-run'));
  chmodSync(join(dir, 'host-run'), 0o755);
  mkdirSync(join(dir, 'bin'));
  const logs = mkdtempSync(join(outRoot, '.programs-'));
  try {
    buildLabPrograms(labs, join(dir, 'bin'), logs);
  } finally {
    rmSync(logs, { recursive: true, force: true });
  }
  copyFileSync(join(KERNEL_LAB_DIR, 'guest', 'run-qemu.sh'), join(dir, 'run-qemu.sh'));
  copyFileSync(join(KERNEL_LAB_DIR, 'bundle', 'run'), join(dir, 'run'));
  chmodSync(join(dir, 'run'), 0o755);
  chmodSync(join(dir, 'run-qemu.sh'), 0o755);

  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  const tools: Record<string, string> = {};
  for (const p of TOOL_PACKAGES) tools[p] = dpkgVersion(p);
  const manifest: BundleManifest = BundleManifest.parse({
    schema: 'journalclub.bundle/1',
    created: new Date().toISOString(),
    journalclub: pkg.version,
    kernel: {
      release: kernel.manifest.kernel_release,
      source_package: kernel.manifest.source_package,
      source_version: kernel.manifest.source_version,
      build_key: kernel.manifest.key,
      config_sha256: kernel.manifest.config_sha256,
      bzimage_sha256: kernel.manifest.bzimage_sha256,
      fragments: kernel.manifest.fragments,
      patches: kernel.manifest.patches,
      compiler: kernel.manifest.compiler,
    },
    image: {
      key: image.manifest.key,
      initramfs: initrdName,
      initramfs_sha256: image.manifest.initramfs.sha256,
      archives: Object.entries(image.manifest.archives).map(([name, a]) => ({ name, file: a.file, sha256: a.sha256 })),
      disks: image.manifest.disks.map((d) => ({ name: d.name, file: `images/${d.name}.img`, what: d.what })),
    },
    labs,
    tools,
  });
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dir, 'README.txt'), readme(manifest, labs));
  writeFileSync(join(dir, 'SHA256SUMS'), await sumsOf(dir, listFiles(dir)));

  const tarball = join(outRoot, `${BUNDLE_NAME}.tar.gz`);
  const code = await runTool('tar', ['--sparse', '-czf', tarball, '-C', outRoot, BUNDLE_NAME]);
  if (code !== 0) throw new LabError(`tar could not write ${tarball}`);
  const bytes = statSync(tarball).size;
  const tarSha = await fileHash(tarball);
  if (opts.web ?? true) {
    const pub = join(REPO_ROOT, 'web', 'public', 'kernel');
    mkdirSync(pub, { recursive: true });
    copyFileSync(tarball, join(pub, `${BUNDLE_NAME}.tar.gz`));
    writeFileSync(
      join(pub, 'bundle.json'),
      `${JSON.stringify(
        { file: `${BUNDLE_NAME}.tar.gz`, bytes, sha256: tarSha, kernel: manifest.kernel.release, created: manifest.created },
        null,
        2,
      )}\n`,
    );
  }
  print(`bundle: ${dir}`);
  print(`tarball: ${tarball} (${formatBytes(bytes)}, sha256 ${tarSha})`);
  print(`run it: cd ${dir} && ./run ${labs[0] ?? '<lab>'} before`);
  return { dir, tarball, manifest };
}

export interface VerifyReport {
  dir: string;
  files: number;
  manifest: BundleManifest;
}

/** Check a bundle directory or .tar.gz; throws a LabError naming the first problem. */
export async function verifyBundle(path: string): Promise<VerifyReport> {
  if (!existsSync(path)) throw new UsageError(`no bundle at ${path}: give a bundle directory or its .tar.gz`);
  let dir = path;
  let cleanup: string | null = null;
  if (statSync(path).isFile()) {
    if (!/\.tar\.gz$|\.tgz$/.test(path)) throw new UsageError(`${path} is neither a bundle directory nor a .tar.gz`);
    const members = spawnSync('tar', ['-tzf', path], { encoding: 'utf8', maxBuffer: 64 << 20 });
    if (members.status !== 0) throw new LabError(`${path} is not a readable .tar.gz`);
    // never extracted outside its directory: a member that would land outside is refused before tar runs
    const outside = members.stdout.split('\n').find((m) => m && (isAbsolute(m) || m.split('/').includes('..')));
    if (outside !== undefined) throw new LabError(`${path} holds ${outside.slice(0, 80)}, a path outside the bundle: not extracted`);
    cleanup = mkdtempSync(join(tmpdir(), 'jc-verify-'));
    const code = await runTool('tar', ['-xzf', path, '-C', cleanup]);
    if (code !== 0) throw new LabError(`${path} is not a readable .tar.gz`);
    const top = readdirSync(cleanup);
    if (top.length !== 1) throw new LabError(`${path} should hold one bundle directory, it holds ${top.length} entries`);
    dir = join(cleanup, top[0]);
  }
  try {
    const sumsPath = join(dir, 'SHA256SUMS');
    if (!existsSync(sumsPath)) throw new LabError(`${dir} has no SHA256SUMS: not a journalclub bundle`);
    const sums = parseSums(readFileSync(sumsPath, 'utf8'));
    const present = listFiles(dir).filter((f) => f !== 'SHA256SUMS' && !f.startsWith('results/'));
    const unlisted = present.filter((f) => !sums.has(f));
    if (unlisted.length) throw new LabError(`files not in SHA256SUMS: ${unlisted.slice(0, 5).join(', ')}`);
    for (const [file, want] of sums) {
      const p = join(dir, file);
      if (!existsSync(p)) throw new LabError(`${file} is listed in SHA256SUMS but missing`);
      const got = await fileHash(p);
      if (got !== want) throw new LabError(`${file} does not match SHA256SUMS (has ${got.slice(0, 12)}…, listed ${want.slice(0, 12)}…)`);
    }
    for (const need of ['bzImage', 'run', 'run-qemu.sh', 'manifest.json', 'host-run', 'jc.sh', MKFS_CONF]) {
      if (!sums.has(need)) throw new LabError(`the bundle lacks ${need}`);
    }
    let manifest: BundleManifest;
    try {
      manifest = BundleManifest.parse(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')));
    } catch (e) {
      const msg = e instanceof z.ZodError ? e.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') : (e as Error).message;
      throw new LabError(`manifest.json is not a journalclub bundle manifest: ${msg}`);
    }
    if (sums.get('bzImage') !== manifest.kernel.bzimage_sha256) {
      throw new LabError('bzImage is not the kernel manifest.json describes (sha256 differs)');
    }
    if (sums.get(manifest.image.initramfs) !== manifest.image.initramfs_sha256) {
      throw new LabError(`${manifest.image.initramfs} is not the initramfs manifest.json describes`);
    }
    for (const a of manifest.image.archives) {
      if (sums.get(a.file) !== a.sha256) throw new LabError(`${a.file} is not the ${a.name} tool archive manifest.json describes`);
    }
    for (const d of manifest.image.disks) if (!sums.has(d.file)) throw new LabError(`disk ${d.file} is missing`);
    for (const lab of manifest.labs) {
      for (const f of ['disks', 'tools', 'run.sh', SWITCHES_FILE]) if (!sums.has(`bench/${lab}/${f}`)) throw new LabError(`bench/${lab}/${f} is missing`);
    }
    for (const f of ['run', 'host-run']) if (!(statSync(join(dir, f)).mode & 0o111)) throw new LabError(`${f} is not executable`);
    return { dir: path, files: sums.size, manifest };
  } finally {
    if (cleanup) rmSync(cleanup, { recursive: true, force: true });
  }
}
