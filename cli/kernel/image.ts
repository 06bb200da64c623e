/**
 * `journalclub kernel image`: the guest's initramfs and the clean test disks.
 *
 * The initramfs is a root file system for QEMU's -initrd: busybox (static,
 * with its applet links), mkfs.ext4 and mkfs.btrfs, fio, fs_mark, dbench and
 * its load file, the C programs of the labs' workloads built static
 * (kernel-lab/labs/<lab>/workload/<name>.c as /usr/bin/<name>),
 * kernel-lab/guest/init as /init, kernel-lab/guest/jc.sh as /lib/jc.sh, every
 * kernel-lab/labs/<lab>/workload/run.sh as /bench/<lab>/run.sh, and the shared libraries of each dynamic binary as
 * ldd finds them here. The layout is Debian's merged /usr (bin -> usr/bin,
 * lib -> usr/lib, ...), so every library lands at the path ldd printed.
 * The archive is written by cpio (newc); a second, tiny archive appended to
 * it holds /dev/console, which a build that is not root cannot mknod and
 * which the kernel opens before it starts /init. It is left uncompressed:
 * under TCG the kernel reached /init in 2.0-3.5 s from it against 3.3-4.4 s
 * from the same archive gzipped (kernel-lab/guest/README.md).
 *
 * The large tools are not in it: fio with its 84 MB of libraries (Ceph's,
 * ICU's data) and dbench with its 26 MB load file are archives of their own,
 * initramfs-fio.cpio and initramfs-dbench.cpio, holding the tool, its data
 * and the libraries the base archive lacks. A lab names the ones it needs in
 * its workload's tools file and run-qemu.sh appends them to the base archive for its
 * boot (the kernel unpacks concatenated archives one after the other), so
 * that a lab which needs neither does not unpack 110 MB under emulation
 * before its benchmark starts.
 *
 * The disks are made once, on the host, by mkfs on sparse files; each run
 * copies them fresh (run-qemu.sh), so the guest never formats.
 *
 * Everything lands in $XDG_CACHE_HOME/journalclub/image/<key>/, where the
 * key hashes the guest sources, the labs' workloads, this recipe and the
 * bytes of every tool and library that goes in: unchanged inputs are not
 * rebuilt. `current` points at the last one built; the three newest are
 * kept.
 */
import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { basename, delimiter, dirname, join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import type { Command } from 'commander';
import { KERNEL_LAB_SPECS } from '../../kernel-lab/labs.gen';
import { formatBytes } from '../../lib/format';
import type { DiskRecipe, KernelLabSpec } from '../../lib/kernel-labs';
import { LabError } from '../errors';
import { SWITCHES_FILE, switchesFileText } from './labs';
import { imageCache, KERNEL_LAB_DIR, LABS_DIR, workloadDir } from './paths';
import { StepProgress } from './progress';

/** Bump when the recipe below changes in a way the hashed inputs do not show. */
const IMAGE_FORMAT = 2;

export const GUEST_DIR = join(KERNEL_LAB_DIR, 'guest');
export const RUN_QEMU = join(GUEST_DIR, 'run-qemu.sh');
export const HOST_RUN = join(KERNEL_LAB_DIR, 'bundle', 'host-run');
/** host-run's home in the guest: host-run, jc.sh, mkfs.conf and bench/ */
const GUEST_HOST_RUN_DIR = 'usr/lib/journalclub';
const INITRAMFS = 'initramfs.cpio';

/**
 * The clean disks any lab may name in its workload's disks file. Sizes are
 * bytes of a sparse file; mkfs runs on the file, no mount needed. Inode
 * tables and the journal are written out now (lazy_*_init=0), so that no
 * ext4lazyinit thread writes behind a benchmark's back in the guest. A lab
 * that needs a disk of its own declares it in its spec.ts (`disks`).
 */
const SHARED_DISKS: Readonly<Record<string, DiskRecipe>> = {
  ext4: {
    size: 1 << 30,
    mkfs: 'mke2fs',
    args: ['-t', 'ext4', '-F', '-q', '-E', 'lazy_itable_init=0,lazy_journal_init=0,nodiscard'],
    what: 'ext4, 1 GiB',
  },
  btrfs: {
    size: 1 << 30,
    mkfs: 'mkfs.btrfs',
    args: ['-f', '-q', '-m', 'single', '-d', 'single', '--nodiscard'],
    what: 'btrfs, single data and metadata, 1 GiB',
  },
};

/**
 * The shared disks, then each lab's own (kernel-lab/labs/<lab>/spec.ts), in
 * the labs' order; a name given twice is refused, naming both places.
 */
export function diskImages(specs: readonly KernelLabSpec[] = Object.values(KERNEL_LAB_SPECS)): Record<string, DiskRecipe> {
  const out: Record<string, DiskRecipe> = { ...SHARED_DISKS };
  const from: Record<string, string> = Object.fromEntries(Object.keys(SHARED_DISKS).map((n) => [n, 'cli/kernel/image.ts']));
  for (const spec of specs)
    for (const [name, recipe] of Object.entries(spec.disks ?? {})) {
      const here = `kernel-lab/labs/${spec.lab}/spec.ts`;
      if (name in out) throw new LabError(`disk ${name} is declared twice, in ${from[name]} and ${here}: give one of them another name`);
      out[name] = recipe;
      from[name] = here;
    }
  return out;
}

export const DISK_IMAGES: Readonly<Record<string, DiskRecipe>> = diskImages();

/** The recipes' file for host-run, beside it in the bundle and the guest. */
export const MKFS_CONF = 'mkfs.conf';

/**
 * The disk recipes above as host-run formats a device with them, one line a
 * disk: "NAME BYTES MKFS ARG...", the argument @DEV standing for the device.
 * The file system is held to the image's size, so that a run on a larger
 * device formats what the guest's disk has.
 */
export function mkfsConf(disks = DISK_IMAGES): string {
  const lines = ['# NAME BYTES MKFS ARG... (@DEV: the device); from cli/kernel/image.ts DISK_IMAGES'];
  for (const [name, spec] of Object.entries(disks)) {
    let argv: string[];
    if (spec.mkfs === 'mke2fs') argv = [...spec.args, '@DEV', `${spec.size / 1024}k`];
    else if (spec.mkfs === 'mkfs.btrfs') argv = [...spec.args, '-b', String(spec.size), '@DEV'];
    else throw new LabError(`disk ${name}: host-run knows how to size mke2fs and mkfs.btrfs, not ${spec.mkfs}`);
    const words = [name, String(spec.size), spec.mkfs, ...argv];
    const blank = words.find((w) => !w || /\s/.test(w));
    if (blank !== undefined) throw new LabError(`disk ${name}: the recipe's word '${blank}' is empty or has a blank, which mkfs.conf cannot hold`);
    lines.push(words.join(' '));
  }
  return `${lines.join('\n')}\n`;
}

/** A tool that goes into the guest, and the Debian package that has it. */
interface GuestTool {
  name: string;
  pkg: string;
  /** more names for the same program, as symlinks beside it */
  aliases?: string[];
  /** data files it needs, copied to the same path */
  data?: string[];
  /** the tool archive it goes in (initramfs-<archive>.cpio); without one, the base initramfs */
  archive?: string;
}

const GUEST_TOOLS: GuestTool[] = [
  { name: 'fio', pkg: 'fio', archive: 'fio' },
  { name: 'fs_mark', pkg: 'fsmark' },
  { name: 'dbench', pkg: 'dbench', data: ['/usr/share/dbench/client.txt'], archive: 'dbench' },
  { name: 'mke2fs', pkg: 'e2fsprogs', aliases: ['mkfs.ext4'], data: ['/etc/mke2fs.conf'] },
  { name: 'mkfs.btrfs', pkg: 'btrfs-progs' },
  /* host-run, proven in the guest, lists and clears signatures with it */
  { name: 'wipefs', pkg: 'util-linux' },
];

/** Host tools the build runs, and their Debian packages. */
const HOST_TOOLS: [string, string][] = [
  ['busybox', 'busybox-static'],
  ['cpio', 'cpio'],
  ['gcc', 'build-essential'],
  ['ldd', 'libc-bin'],
];

/** The tool archives a lab may name in its workload's tools file. */
export const TOOL_ARCHIVES: string[] = [...new Set(GUEST_TOOLS.flatMap((t) => (t.archive ? [t.archive] : [])))].sort();

/** A tool archive's file name, beside the base initramfs. */
export const toolArchiveFile = (name: string): string => `initramfs-${name}.cpio`;

const STEPS = ['check tools', 'stage files', "build the labs' programs", 'pack initramfs', 'make disk images', 'install'] as const;

export interface ArchiveManifest {
  file: string;
  bytes: number;
  files: number;
  sha256: string;
}

export interface ImageManifest {
  key: string;
  format: number;
  built_at: string;
  build_s: number;
  initramfs: ArchiveManifest;
  /** the tool archives by name (fio, dbench), each appended to the base for the labs that name it */
  archives: Record<string, ArchiveManifest & { tools: string[] }>;
  disks: { name: string; file: string; what: string; bytes: number; allocated_bytes: number }[];
  labs: string[];
  tools: { name: string; path: string; pkg: string; sha256: string }[];
  libraries: string[];
}

export interface GuestImage {
  dir: string;
  initramfs: string;
  /** tool archive name (fio, dbench) to its file */
  archives: Record<string, string>;
  /** disk name (ext4-fc, ...) to its clean image */
  disks: Record<string, string>;
  manifest: ImageManifest;
  /** true when the key was built before and nothing was done */
  cached: boolean;
}

export interface ImageOptions {
  /** rebuild even when the key has an image */
  force?: boolean;
  env?: NodeJS.ProcessEnv;
  /** where step lines go; default stderr */
  out?: NodeJS.WriteStream;
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

function fileSha256(path: string): string {
  return sha256(readFileSync(path));
}

/** A command on PATH or in the sbin directories that a non-root PATH lacks. */
export function findTool(name: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const dirs = [...(env.PATH ?? '').split(delimiter), '/usr/local/sbin', '/usr/sbin', '/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const path = join(dir, name);
    try {
      const st = statSync(path);
      if (st.isFile() && st.mode & 0o111) return path;
    } catch {
      /* not here */
    }
  }
  return null;
}

/**
 * The shared objects ldd lists for a binary: absolute paths, the dynamic
 * loader included, the vDSO left out. A library ldd cannot find is an error
 * that names it.
 */
export function parseLdd(binary: string, text: string): string[] {
  const libs: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('linux-vdso') || line.startsWith('linux-gate')) continue;
    if (/statically linked|not a dynamic executable/.test(line)) continue;
    let m = /^(\S+) => not found$/.exec(line);
    if (m) throw new LabError(`${binary} needs ${m[1]}, which is not installed here (ldd: not found)`);
    m = /^\S+ => (\/\S+) \(0x[0-9a-f]+\)$/.exec(line);
    if (m) {
      libs.push(m[1]);
      continue;
    }
    m = /^(\/\S+) \(0x[0-9a-f]+\)$/.exec(line);
    if (m) {
      libs.push(m[1]);
      continue;
    }
    throw new LabError(`cannot read this line of ldd ${binary}: ${line}`);
  }
  return libs;
}

function ldd(binary: string): string[] {
  const r = spawnSync('ldd', [binary], { encoding: 'utf8' });
  if (r.error) throw new LabError(`cannot run ldd: ${r.error.message} (Debian package libc-bin)`);
  const text = `${r.stdout}\n${r.stderr}`;
  if (r.status !== 0 && !/not a dynamic executable/.test(text)) {
    throw new LabError(`ldd ${binary} failed: ${text.trim().split('\n')[0]}`);
  }
  return parseLdd(binary, r.stdout);
}

/** Whether ldd finds no dynamic loader in @binary. */
function isStatic(binary: string): boolean {
  const r = spawnSync('ldd', [binary], { encoding: 'utf8' });
  return /not a dynamic executable|statically linked/.test(`${r.stdout}${r.stderr}`);
}

/**
 * One newc cpio entry with no data (a directory or a device node). The
 * format: "070701", thirteen 8-digit hex fields, the name with its NUL,
 * padded to 4 bytes.
 */
export function newcEntry(name: string, mode: number, ino: number, rdev: [number, number] = [0, 0]): Buffer {
  const fields = [ino, mode, 0, 0, 1, 0, 0, 0, 0, rdev[0], rdev[1], Buffer.byteLength(name) + 1, 0];
  const header = `070701${fields.map((f) => f.toString(16).padStart(8, '0')).join('')}${name}\0`;
  const padded = header + '\0'.repeat((4 - (header.length % 4)) % 4);
  return Buffer.from(padded, 'latin1');
}

/** The appended archive: /dev and /dev/console (character device 5:1). */
export function deviceArchive(): Buffer {
  return Buffer.concat([
    newcEntry('dev', 0o040755, 1),
    newcEntry('dev/console', 0o020600, 2, [5, 1]),
    newcEntry('TRAILER!!!', 0, 0),
  ]);
}

/** The labs that have a guest script: kernel-lab/labs/<lab>/workload/run.sh. */
export function benchLabs(labsDir = LABS_DIR): string[] {
  if (!existsSync(labsDir)) return [];
  return readdirSync(labsDir)
    .filter((name) => existsSync(join(workloadDir(name, labsDir), 'run.sh')))
    .sort();
}

/**
 * The C programs a lab's workload brings (workload/<name>.c), each built
 * static into /usr/bin/<name> of the guest and bin/<name> of the bundle and
 * of host-run's kit.
 */
export function labPrograms(lab: string, labsDir = LABS_DIR): { name: string; source: string }[] {
  const dir = workloadDir(lab, labsDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.c'))
    .sort()
    .map((f) => ({ name: f.slice(0, -'.c'.length), source: join(dir, f) }));
}

/**
 * The disks a lab boots with, from its workload's disks file: a line of one or two
 * disk names for every profile, and optionally a line "paper: NAMES" (or
 * "quick: NAMES") for one profile, checked against DISK_IMAGES.
 */
export interface LabDiskSets {
  all: string[];
  profiles: Partial<Record<'quick' | 'paper', string[]>>;
}

export function labDiskSets(lab: string, labsDir = LABS_DIR): LabDiskSets {
  const path = join(workloadDir(lab, labsDir), 'disks');
  if (!existsSync(path)) throw new LabError(`${path} is missing: each lab names its disks there, e.g. "ext4-fc"`);
  const known = Object.keys(DISK_IMAGES);
  const names = (words: string[]): string[] => {
    if (words.length === 0 || words.length > 2) {
      throw new LabError(`${path} must name one or two disks (of ${known.join(', ')}), got ${words.length}`);
    }
    for (const name of words) {
      if (!known.includes(name)) throw new LabError(`${path} names disk "${name}"; the disks are ${known.join(', ')}`);
    }
    return words;
  };
  let all: string[] | undefined;
  const profiles: LabDiskSets['profiles'] = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const m = /^\s*([^\s:]+):(.*)$/.exec(line);
    if (m) {
      const profile = m[1]!;
      if (profile !== 'quick' && profile !== 'paper') {
        throw new LabError(`${path}: "${profile}:" is not a profile; a line for one profile starts "quick:" or "paper:"`);
      }
      if (profiles[profile]) throw new LabError(`${path} names the ${profile} profile's disks twice`);
      profiles[profile] = names(m[2]!.trim().split(/\s+/).filter(Boolean));
    } else {
      if (all) throw new LabError(`${path} has two lines of disks for every profile; a line for one profile starts "quick:" or "paper:"`);
      all = names(line.trim().split(/\s+/));
    }
  }
  if (!all) names([]);
  return { all: all!, profiles };
}

/** The disks a lab boots with at @profile. */
export function labDisks(lab: string, labsDir = LABS_DIR, profile: 'quick' | 'paper' = 'quick'): string[] {
  const sets = labDiskSets(lab, labsDir);
  return sets.profiles[profile] ?? sets.all;
}

/**
 * The tool archives a lab boots with, from its workload's tools file: one line of
 * names of TOOL_ARCHIVES, or no file (or an empty one) for none.
 */
export function labTools(lab: string, labsDir = LABS_DIR): string[] {
  const path = join(workloadDir(lab, labsDir), 'tools');
  if (!existsSync(path)) return [];
  const lines = readFileSync(path, 'utf8').split('\n').filter((l) => l.trim());
  if (lines.length > 1) throw new LabError(`${path} must be one line of tool archives (of ${TOOL_ARCHIVES.join(', ')}), got ${lines.length} lines`);
  const names = (lines[0] ?? '').trim().split(/\s+/).filter(Boolean);
  for (const name of names) {
    if (!TOOL_ARCHIVES.includes(name)) throw new LabError(`${path} names tool archive "${name}"; the archives are ${TOOL_ARCHIVES.join(', ')}`);
  }
  if (new Set(names).size !== names.length) throw new LabError(`${path} names a tool archive twice`);
  return names;
}

/** The disks file as the bundle ships it: the same sets, one normalised line each. */
export function disksFileText(sets: LabDiskSets): string {
  const lines = [sets.all.join(' ')];
  for (const profile of ['quick', 'paper'] as const) {
    const names = sets.profiles[profile];
    if (names) lines.push(`${profile}: ${names.join(' ')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Every file the image is made of, and what each hashes to. */
interface Inputs {
  busybox: string;
  tools: { tool: GuestTool; path: string; real: string }[];
  /** every library of every tool */
  libraries: string[];
  /** the libraries of the base archive's tools; a tool archive holds those of its tools not among them */
  baseLibraries: string[];
  data: string[];
  guest: string[];
  bench: { lab: string; files: string[]; switches: string }[];
}

function requireHostTools(env: NodeJS.ProcessEnv): Inputs {
  const missing: string[] = [];
  for (const [cmd, pkg] of HOST_TOOLS) if (!findTool(cmd, env)) missing.push(`${cmd} (${pkg})`);
  const tools: Inputs['tools'] = [];
  for (const tool of GUEST_TOOLS) {
    const path = findTool(tool.name, env);
    if (!path) missing.push(`${tool.name} (${tool.pkg})`);
    else tools.push({ tool, path, real: realpathSync(path) });
    for (const file of tool.data ?? []) if (!existsSync(file)) missing.push(`${file} (${tool.pkg})`);
  }
  if (missing.length) {
    throw new LabError(
      `the guest image needs ${missing.join(', ')}: install the Debian packages named in brackets ` +
        '(npm run setup installs them)',
    );
  }
  const busybox = realpathSync(findTool('busybox', env)!);
  if (!isStatic(busybox)) {
    throw new LabError(`${busybox} is linked dynamically: the guest needs the static one, Debian package busybox-static`);
  }
  const libraries = new Set<string>();
  const baseLibraries = new Set<string>();
  for (const t of tools) {
    for (const lib of ldd(t.real)) {
      libraries.add(lib);
      if (!t.tool.archive) baseLibraries.add(lib);
    }
  }
  const guest = [...['init', 'jc.sh', 'host-run-checks.sh'].map((f) => join(GUEST_DIR, f)), HOST_RUN];
  for (const f of guest) if (!existsSync(f)) throw new LabError(`${f} is missing from the checkout`);
  const bench = benchLabs().map((lab) => ({
    lab,
    files: [...['run.sh', 'disks', 'tools'].map((f) => join(workloadDir(lab), f)).filter((f) => existsSync(f)), ...labPrograms(lab).map((p) => p.source)],
    switches: switchesFileText(lab),
  }));
  if (bench.length === 0) throw new LabError(`no lab has a guest script: ${LABS_DIR}/<lab>/workload/run.sh`);
  for (const b of bench) {
    labDiskSets(b.lab);
    labTools(b.lab);
  }
  return {
    busybox,
    tools,
    libraries: [...libraries].sort(),
    baseLibraries: [...baseLibraries].sort(),
    data: GUEST_TOOLS.flatMap((t) => t.data ?? []),
    guest,
    bench,
  };
}

function gccVersion(): string {
  const r = spawnSync('gcc', ['--version'], { encoding: 'utf8' });
  return (r.stdout ?? '').split('\n')[0] ?? 'gcc';
}

/** The key: this recipe, the guest sources, the labs' workloads, and every binary's bytes. */
function imageKey(inputs: Inputs): { key: string; tools: ImageManifest['tools'] } {
  const h = createHash('sha256');
  const add = (label: string, data: string | Buffer): void => {
    h.update(`${label}\0`);
    h.update(data);
    h.update('\0');
  };
  add('format', String(IMAGE_FORMAT));
  add('recipe', readFileSync(new URL(import.meta.url)));
  add('disks', JSON.stringify(DISK_IMAGES));
  add('gcc', gccVersion());
  for (const f of inputs.guest) add(relative(KERNEL_LAB_DIR, f), readFileSync(f));
  for (const b of inputs.bench) {
    for (const f of b.files) add(relative(KERNEL_LAB_DIR, f), readFileSync(f));
    add(`${b.lab}/${SWITCHES_FILE}`, b.switches);
  }
  const tools: ImageManifest['tools'] = [
    { name: 'busybox', path: inputs.busybox, pkg: 'busybox-static', sha256: fileSha256(inputs.busybox) },
    ...inputs.tools.map((t) => ({ name: t.tool.name, path: t.real, pkg: t.tool.pkg, sha256: fileSha256(t.real) })),
  ];
  for (const t of tools) add(t.path, t.sha256);
  for (const f of [...inputs.libraries, ...inputs.data]) add(f, fileSha256(realpathSync(f)));
  add('cpio', spawnSync('cpio', ['--version'], { encoding: 'utf8' }).stdout?.split('\n')[0] ?? '');
  return { key: h.digest('hex').slice(0, 16), tools };
}

/** Copy a host file (links followed) to the same path under @root. */
function copyInto(root: string, hostPath: string, mode?: number): void {
  const dest = join(root, hostPath);
  mkdirSync(dirname(dest), { recursive: true });
  copyFileSync(realpathSync(hostPath), dest);
  chmodSync(dest, mode ?? statSync(realpathSync(hostPath)).mode & 0o7777);
}

/** Merged /usr's links at the top of a staged tree. */
const MERGED_USR = ['bin', 'sbin', 'lib', 'lib64'];

function mergedUsr(root: string): void {
  for (const dir of MERGED_USR) {
    mkdirSync(join(root, 'usr', dir), { recursive: true });
    symlinkSync(`usr/${dir}`, join(root, dir));
  }
}

/** The tools of one archive (undefined: the base), with their data and the libraries given. */
function stageTools(root: string, inputs: Inputs, archive: string | undefined, libraries: string[]): void {
  for (const t of inputs.tools) {
    if (t.tool.archive !== archive) continue;
    copyInto(root, t.real, 0o755);
    for (const alias of t.tool.aliases ?? []) symlinkSync(basename(t.real), join(root, dirname(t.real), alias));
    for (const file of t.tool.data ?? []) copyInto(root, file, 0o644);
  }
  for (const lib of libraries) copyInto(root, lib, 0o755);
}

/** The libraries a tool archive holds: its tools' that the base lacks. */
function archiveLibraries(inputs: Inputs, archive: string): string[] {
  const base = new Set(inputs.baseLibraries);
  const libs = new Set<string>();
  for (const t of inputs.tools) {
    if (t.tool.archive !== archive) continue;
    for (const lib of ldd(t.real)) if (!base.has(lib)) libs.add(lib);
  }
  return [...libs].sort();
}

/** The guest's tree: merged /usr, busybox and its applets, the base tools, the scripts. */
function stage(root: string, inputs: Inputs): void {
  for (const dir of ['dev', 'proc', 'sys', 'out', 'tmp', 'mnt', 'etc', 'root', 'bench']) {
    mkdirSync(join(root, dir), { recursive: true });
  }
  mergedUsr(root);
  chmodSync(join(root, 'tmp'), 0o1777);

  stageTools(root, inputs, undefined, inputs.baseLibraries);

  writeFileSync(join(root, 'usr/bin/busybox'), readFileSync(inputs.busybox), { mode: 0o755 });
  const applets = spawnSync(inputs.busybox, ['--list-full'], { encoding: 'utf8' }).stdout.trim().split('\n');
  if (applets.length < 100) throw new LabError(`${inputs.busybox} --list-full listed ${applets.length} applets; expected hundreds`);
  for (const applet of applets) {
    const link = join(root, applet);
    /* a real tool of the same name (mke2fs) wins over the applet */
    if (lstatSync(link, { throwIfNoEntry: false })) continue;
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync('/usr/bin/busybox', link);
  }

  const put = (from: string, to: string, mode: number): void => {
    mkdirSync(dirname(join(root, to)), { recursive: true });
    copyFileSync(from, join(root, to));
    chmodSync(join(root, to), mode);
  };
  put(join(GUEST_DIR, 'init'), 'init', 0o755);
  put(join(GUEST_DIR, 'jc.sh'), 'usr/lib/jc.sh', 0o644);
  for (const b of inputs.bench) {
    put(join(workloadDir(b.lab), 'run.sh'), `bench/${b.lab}/run.sh`, 0o755);
    put(join(workloadDir(b.lab), 'disks'), `bench/${b.lab}/disks`, 0o644);
    writeFileSync(join(root, 'bench', b.lab, SWITCHES_FILE), b.switches, { mode: 0o644 });
  }
  /* host-run finds jc.sh, mkfs.conf and bench/ beside itself, as in the bundle */
  put(HOST_RUN, `${GUEST_HOST_RUN_DIR}/host-run`, 0o755);
  put(join(GUEST_DIR, 'host-run-checks.sh'), `${GUEST_HOST_RUN_DIR}/host-run-checks.sh`, 0o755);
  writeFileSync(join(root, GUEST_HOST_RUN_DIR, MKFS_CONF), mkfsConf(), { mode: 0o644 });
  symlinkSync('../jc.sh', join(root, GUEST_HOST_RUN_DIR, 'jc.sh'));
  symlinkSync('/bench', join(root, GUEST_HOST_RUN_DIR, 'bench'));
  symlinkSync('/proc/mounts', join(root, 'etc/mtab'));
  writeFileSync(join(root, 'etc/passwd'), 'root:x:0:0:root:/root:/bin/sh\n');
  writeFileSync(join(root, 'etc/group'), 'root:x:0:\n');
}

/** A lab's C program (labPrograms) built static at @out: for the guest, the bundle's host-run and `kernel host-run`. */
export function buildProgram(program: { name: string; source: string }, out: string, log: string): void {
  const r = spawnSync('gcc', ['-static', '-O2', '-pthread', '-Wall', '-Wextra', '-o', out, program.source], {
    encoding: 'utf8',
  });
  writeFileSync(log, `${r.stdout ?? ''}${r.stderr ?? ''}`);
  if (r.error || r.status !== 0) {
    const why = `${r.stderr ?? r.error?.message ?? ''}`.trim().split('\n').slice(-3).join('; ');
    throw new LabError(
      `gcc -static could not build ${program.name}: ${why} (a static build needs libc6-dev's libc.a; log ${log})`,
    );
  }
}

/** Every lab's C programs built static into @binDir, each logging to <name>.log in @logDir. */
export function buildLabPrograms(labs: readonly string[], binDir: string, logDir: string): string[] {
  const built: string[] = [];
  for (const lab of labs)
    for (const p of labPrograms(lab)) {
      buildProgram(p, join(binDir, p.name), join(logDir, `${p.name}.log`));
      built.push(p.name);
    }
  return built;
}

/** Every path under @root, relative, parents before children, sorted. */
function listTree(root: string, sub = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, sub)).sort()) {
    const rel = sub ? `${sub}/${name}` : name;
    out.push(rel);
    const st = lstatSync(join(root, rel));
    if (st.isDirectory()) out.push(...listTree(root, rel));
  }
  return out;
}

/**
 * A newc archive of the tree at @root. The base archive gets /dev/console
 * appended; a tool archive leaves out merged /usr's top-level links, which
 * the base has made by the time the kernel unpacks it (its paths are
 * written through them, as the base's are).
 */
function packInitramfs(root: string, dest: string, opts: { base: boolean } = { base: true }): number {
  const files = listTree(root).filter((f) => opts.base || !MERGED_USR.includes(f));
  const fd = openSync(dest, 'w');
  try {
    const r = spawnSync('cpio', ['--create', '--format=newc', '--null', '--owner=0:0', '--reproducible', '--quiet'], {
      cwd: root,
      input: `${files.join('\0')}\0`,
      stdio: ['pipe', fd, 'pipe'],
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    });
    if (r.error || r.status !== 0) throw new LabError(`cpio failed: ${(r.stderr || r.error?.message || '').trim()}`);
    if (opts.base) writeSync(fd, deviceArchive());
  } finally {
    closeSync(fd);
  }
  return files.length + (opts.base ? 2 : 0);
}

function makeDisk(dir: string, name: string, log: string): void {
  const spec = DISK_IMAGES[name]!;
  const file = join(dir, `${name}.img`);
  /* a sparse file of the disk's size */
  writeFileSync(file, '');
  truncateSync(file, spec.size);
  const mkfs = findTool(spec.mkfs)!;
  const r = spawnSync(mkfs, [...spec.args, file], { encoding: 'utf8' });
  writeFileSync(log, `${mkfs} ${[...spec.args, file].join(' ')}\n${r.stdout ?? ''}${r.stderr ?? ''}`, { flag: 'a' });
  if (r.error || r.status !== 0) {
    throw new LabError(`${spec.mkfs} ${name}.img failed: ${(r.stderr || r.error?.message || '').trim().split('\n')[0]} (log ${log})`);
  }
}

function readManifest(dir: string): ImageManifest | null {
  try {
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as ImageManifest;
    if (!existsSync(join(dir, m.initramfs.file))) return null;
    if (!m.archives || !Object.values(m.archives).every((a) => existsSync(join(dir, a.file)))) return null;
    if (!m.disks.every((d) => existsSync(join(dir, d.file)))) return null;
    return m;
  } catch {
    return null;
  }
}

function asImage(dir: string, manifest: ImageManifest, cached: boolean): GuestImage {
  return {
    dir,
    initramfs: join(dir, manifest.initramfs.file),
    archives: Object.fromEntries(Object.entries(manifest.archives).map(([name, a]) => [name, join(dir, a.file)])),
    disks: Object.fromEntries(manifest.disks.map((d) => [d.name, join(dir, d.file)])),
    manifest,
    cached,
  };
}

function pointCurrent(root: string, key: string): void {
  const tmp = join(root, `.current-${process.pid}`);
  rmSync(tmp, { force: true });
  symlinkSync(key, tmp);
  renameSync(tmp, join(root, 'current'));
}

/**
 * Keep the @keep newest images (and always @keepKey): each is about 260 MiB
 * on disk. A run copies what it needs when it starts, so an older image is
 * not read after that.
 */
function prune(root: string, keepKey: string, keep = 3): string[] {
  const images = readdirSync(root)
    .filter((name) => /^[0-9a-f]{16}$/.test(name) && name !== keepKey)
    .map((name) => ({ name, mtime: statSync(join(root, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  const gone = images.slice(Math.max(0, keep - 1)).map((i) => i.name);
  for (const name of gone) rmSync(join(root, name), { recursive: true, force: true });
  return gone;
}

/** The image `kernel image` made last, or null. */
export function currentImage(env: NodeJS.ProcessEnv = process.env): GuestImage | null {
  const dir = join(imageCache(env), 'current');
  const manifest = readManifest(dir);
  return manifest ? asImage(dir, manifest, true) : null;
}

/** Build the image for the current inputs, or find it built. */
export async function buildImage(opts: ImageOptions = {}): Promise<GuestImage> {
  const env = opts.env ?? process.env;
  const out = opts.out ?? process.stderr;
  const root = imageCache(env);
  const progress = new StepProgress('kernel image', STEPS, out);
  const started = Date.now();
  let work: string | null = null;
  try {
    progress.begin('check tools');
    const inputs = requireHostTools(env);
    const { key, tools } = imageKey(inputs);
    const dir = join(root, key);
    const have = readManifest(dir);
    if (have && !opts.force) {
      mkdirSync(root, { recursive: true });
      pointCurrent(root, key);
      progress.finish(`kernel image: ${dir} is up to date (key ${key}); nothing to do`);
      return asImage(dir, have, true);
    }

    mkdirSync(root, { recursive: true });
    work = join(root, `.build-${key}-${process.pid}`);
    rmSync(work, { recursive: true, force: true });
    const tree = join(work, 'root');
    mkdirSync(tree, { recursive: true });

    progress.begin('stage files');
    stage(tree, inputs);
    progress.say(
      `kernel image: staged busybox, ${inputs.tools.map((t) => t.tool.name).join(', ')}, ` +
        `${inputs.libraries.length} libraries, /init, /lib/jc.sh and the run scripts of ${inputs.bench.map((b) => b.lab).join(', ')}`,
    );

    progress.begin("build the labs' programs");
    buildLabPrograms(inputs.bench.map((b) => b.lab), join(tree, 'usr/bin'), work);

    progress.begin('pack initramfs');
    const cpio = join(work, INITRAMFS);
    const files = packInitramfs(tree, cpio);
    const cpioBytes = statSync(cpio).size;
    progress.say(`kernel image: ${INITRAMFS}: ${formatBytes(cpioBytes)}, ${files} entries, uncompressed`);
    const archives: ImageManifest['archives'] = {};
    for (const name of TOOL_ARCHIVES) {
      const sub = join(work, `root-${name}`);
      mkdirSync(sub, { recursive: true });
      mergedUsr(sub);
      stageTools(sub, inputs, name, archiveLibraries(inputs, name));
      const file = toolArchiveFile(name);
      const count = packInitramfs(sub, join(work, file), { base: false });
      rmSync(sub, { recursive: true, force: true });
      const bytes = statSync(join(work, file)).size;
      const tools = inputs.tools.filter((t) => t.tool.archive === name).map((t) => t.tool.name);
      archives[name] = { file, bytes, files: count, sha256: fileSha256(join(work, file)), tools };
      progress.say(`kernel image: ${file}: ${formatBytes(bytes)}, ${count} entries (${tools.join(', ')}), for ${inputs.bench.filter((b) => labTools(b.lab).includes(name)).map((b) => b.lab).join(', ') || 'no lab'}`);
    }

    progress.begin('make disk images');
    const disks: ImageManifest['disks'] = [];
    for (const name of Object.keys(DISK_IMAGES)) {
      progress.note(name);
      makeDisk(work, name, join(work, 'mkfs.log'));
      const st = statSync(join(work, `${name}.img`));
      disks.push({ name, file: `${name}.img`, what: DISK_IMAGES[name]!.what, bytes: st.size, allocated_bytes: st.blocks * 512 });
      progress.say(`kernel image: ${name}.img: ${DISK_IMAGES[name]!.what}, ${formatBytes(st.blocks * 512)} allocated`);
    }

    progress.begin('install');
    rmSync(tree, { recursive: true, force: true });
    const manifest: ImageManifest = {
      key,
      format: IMAGE_FORMAT,
      built_at: new Date().toISOString(),
      build_s: Math.round((Date.now() - started) / 100) / 10,
      initramfs: { file: INITRAMFS, bytes: cpioBytes, files, sha256: fileSha256(cpio) },
      archives,
      disks,
      labs: inputs.bench.map((b) => b.lab),
      tools,
      libraries: inputs.libraries,
    };
    writeFileSync(join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(work, dir);
    work = null;
    pointCurrent(root, key);
    const pruned = prune(root, key);
    if (pruned.length) progress.say(`kernel image: removed ${pruned.length} older image${pruned.length === 1 ? '' : 's'}: ${pruned.join(', ')}`);
    progress.finish(`kernel image: built ${dir} in ${manifest.build_s} s (key ${key}); current -> ${key}`);
    return asImage(dir, manifest, false);
  } finally {
    progress.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  }
}

/** `journalclub kernel image`, added to the `lab` command group. */
export function addImageCommand(lab: Command): void {
  lab
    .command('image')
    .description('build the guest initramfs and the clean disk images (cached by the hash of their inputs)')
    .option('--force', 'rebuild even when nothing changed')
    .action(async (opts: { force?: boolean }) => {
      const image = await buildImage({ force: opts.force });
      process.stdout.write(`${image.dir}\n`);
    });
}
