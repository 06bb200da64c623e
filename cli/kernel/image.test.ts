/**
 * `journalclub kernel image`: the pure pieces (ldd's output, the appended
 * device archive, the disks files) and one real build into a scratch cache:
 * what the initramfs holds, the disks' file systems, and that a second build
 * with the same inputs does nothing.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  benchLabs,
  buildImage,
  currentImage,
  deviceArchive,
  DISK_IMAGES,
  diskImages,
  disksFileText,
  labDisks,
  labDiskSets,
  labTools,
  newcEntry,
  parseLdd,
  TOOL_ARCHIVES,
  type GuestImage,
} from './image';
import { KERNEL_LAB_SPECS } from '../../kernel-lab/labs.gen';
import type { KernelLabSpec } from '../../lib/kernel-labs';
import { KERNEL_LABS } from '../../lib/kernel-results';
import { workloadDir } from './paths';

/** The paths a newc archive holds, as cpio lists them. */
function cpioList(path: string): string[] {
  const r = spawnSync('cpio', ['-it', '--quiet'], { input: readFileSync(path), encoding: 'utf8', maxBuffer: 1 << 24 });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.trim().split('\n');
}

/** The directories a newc archive holds. */
function cpioDirs(path: string): Set<string> {
  const r = spawnSync('cpio', ['-itv', '--quiet'], { input: readFileSync(path), encoding: 'utf8', maxBuffer: 1 << 24 });
  expect(r.status, r.stderr).toBe(0);
  return new Set(r.stdout.trim().split('\n').filter((l) => l.startsWith('d')).map((l) => l.split(/\s+/).pop()!));
}

describe('parseLdd', () => {
  it('keeps the libraries and the loader, drops the vDSO', () => {
    const text = [
      '\tlinux-vdso.so.1 (0x00007ffd0a1f2000)',
      '\tlibz.so.1 => /lib/x86_64-linux-gnu/libz.so.1 (0x00007f3c1c9e4000)',
      '\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f3c1c803000)',
      '\t/lib64/ld-linux-x86-64.so.2 (0x00007f3c1ca1c000)',
    ].join('\n');
    expect(parseLdd('/usr/bin/x', text)).toEqual([
      '/lib/x86_64-linux-gnu/libz.so.1',
      '/lib/x86_64-linux-gnu/libc.so.6',
      '/lib64/ld-linux-x86-64.so.2',
    ]);
  });

  it('has nothing to copy for a static binary', () => {
    expect(parseLdd('/usr/bin/busybox', '\tnot a dynamic executable\n')).toEqual([]);
    expect(parseLdd('/usr/bin/statwalk', '\tstatically linked\n')).toEqual([]);
  });

  it('names a library that is not installed', () => {
    expect(() => parseLdd('/usr/bin/fio', '\tlibrbd.so.1 => not found\n')).toThrow(/fio needs librbd\.so\.1, which is not installed/);
  });

  it('refuses a line it does not understand', () => {
    expect(() => parseLdd('/usr/bin/fio', 'something else\n')).toThrow(/cannot read this line of ldd \/usr\/bin\/fio: something else/);
  });
});

describe('the device archive', () => {
  it('is newc: 110-byte headers, names padded to 4 bytes', () => {
    const entry = newcEntry('dev/console', 0o020600, 2, [5, 1]);
    expect(entry.length % 4).toBe(0);
    const text = entry.toString('latin1');
    expect(text.slice(0, 6)).toBe('070701');
    const field = (i: number): number => parseInt(text.slice(6 + 8 * i, 14 + 8 * i), 16);
    expect(field(1)).toBe(0o020600);
    expect([field(9), field(10)]).toEqual([5, 1]);
    expect(field(11)).toBe('dev/console'.length + 1);
    expect(text.slice(110, 110 + 12)).toBe('dev/console\0');
  });

  it('reads back with cpio as /dev and the console device 5,1', () => {
    const r = spawnSync('cpio', ['-itv', '--quiet'], { input: deviceArchive(), encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^drwxr-xr-x .* dev$/);
    expect(lines[1]).toMatch(/^crw------- .*\b5,\s*1 .* dev\/console$/);
  });
});

describe('the labs and their disks', () => {
  let bench: string;
  beforeAll(() => {
    bench = mkdtempSync(join(tmpdir(), 'jc-bench-'));
    const lab = (name: string, disks: string | null, run = true): void => {
      mkdirSync(workloadDir(name, bench), { recursive: true });
      if (run) writeFileSync(join(workloadDir(name, bench), 'run.sh'), '#!/bin/sh\n');
      if (disks !== null) writeFileSync(join(workloadDir(name, bench), 'disks'), disks);
    };
    lab('one', 'ext4-fc\n');
    lab('two', 'ext4 btrfs\n');
    lab('none', '');
    lab('three', 'ext4 ext4 btrfs\n');
    lab('odd', 'xfs\n');
    lab('nodisks', null);
    lab('norun', 'ext4\n', false);
    lab('paper', 'ext4 btrfs\n\npaper:  ext4-inodes   btrfs\n');
    lab('badprofile', 'ext4\nslow: ext4-fc\n');
    lab('twice', 'ext4\nbtrfs\n');
    lab('paperonly', 'paper: ext4\n');
    lab('paperbad', 'ext4\npaper: ext4 xfs\n');
  });
  afterAll(() => rmSync(bench, { recursive: true, force: true }));

  it('finds the labs that have a run script', () => {
    expect(benchLabs(bench)).toEqual(['badprofile', 'nodisks', 'none', 'odd', 'one', 'paper', 'paperbad', 'paperonly', 'three', 'twice', 'two']);
  });

  it('reads one or two known disks', () => {
    expect(labDisks('one', bench)).toEqual(['ext4-fc']);
    expect(labDisks('two', bench)).toEqual(['ext4', 'btrfs']);
  });

  it('refuses a disks file that is empty, too long, unknown or missing', () => {
    expect(() => labDisks('none', bench)).toThrow(/must name one or two disks .* got 0/);
    expect(() => labDisks('three', bench)).toThrow(/got 3/);
    expect(() => labDisks('odd', bench)).toThrow(/names disk "xfs"; the disks are ext4, btrfs, ext4-fc, ext4-inodes/);
    expect(() => labDisks('nodisks', bench)).toThrow(/nodisks\/workload\/disks is missing/);
  });

  it('takes a line of disks for one profile', () => {
    expect(labDisks('paper', bench)).toEqual(['ext4', 'btrfs']);
    expect(labDisks('paper', bench, 'quick')).toEqual(['ext4', 'btrfs']);
    expect(labDisks('paper', bench, 'paper')).toEqual(['ext4-inodes', 'btrfs']);
    expect(labDisks('two', bench, 'paper')).toEqual(['ext4', 'btrfs']);
    expect(disksFileText(labDiskSets('paper', bench))).toBe('ext4 btrfs\npaper: ext4-inodes btrfs\n');
    expect(disksFileText(labDiskSets('two', bench))).toBe('ext4 btrfs\n');
  });

  it('refuses a profile line it cannot read', () => {
    expect(() => labDisks('badprofile', bench)).toThrow(/"slow:" is not a profile; a line for one profile starts "quick:" or "paper:"/);
    expect(() => labDisks('twice', bench)).toThrow(/has two lines of disks for every profile/);
    expect(() => labDisks('paperonly', bench, 'paper')).toThrow(/must name one or two disks .* got 0/);
    expect(() => labDisks('paperbad', bench)).toThrow(/names disk "xfs"/);
  });

  it('reads the tool archives a lab names, none without a tools file', () => {
    const tools = (name: string, text: string): void => writeFileSync(join(workloadDir(name, bench), 'tools'), text);
    tools('one', 'fio dbench\n');
    tools('two', '\n');
    tools('odd', 'fio blktrace\n');
    tools('three', 'fio\ndbench\n');
    tools('twice', 'fio fio\n');
    expect(TOOL_ARCHIVES).toEqual(['dbench', 'fio']);
    expect(labTools('one', bench)).toEqual(['fio', 'dbench']);
    expect(labTools('two', bench)).toEqual([]);
    expect(labTools('paper', bench)).toEqual([]);
    expect(() => labTools('odd', bench)).toThrow(/names tool archive "blktrace"; the archives are dbench, fio/);
    expect(() => labTools('three', bench)).toThrow(/must be one line of tool archives .* got 2 lines/);
    expect(() => labTools('twice', bench)).toThrow(/names a tool archive twice/);
  });

  it('gives fio and dbench only to the labs whose benchmark runs them', () => {
    for (const lab of benchLabs()) {
      const script = readFileSync(join(workloadDir(lab), 'run.sh'), 'utf8');
      for (const tool of TOOL_ARCHIVES) {
        expect(labTools(lab).includes(tool), `${lab} and ${tool}`).toBe(new RegExp(`\\b${tool}\\b`).test(script.replace(/#.*$/gm, '')));
      }
    }
  });

  it("takes the shared disks and each lab's own from its spec, refusing a name declared twice", () => {
    const disk = { size: 1 << 20, mkfs: 'mke2fs', args: ['-t', 'ext4'], what: 'a disk' };
    const spec = (lab: string, disks: Record<string, typeof disk>) => ({ ...KERNEL_LAB_SPECS[KERNEL_LABS[0]], lab, disks }) as KernelLabSpec;
    expect(Object.keys(diskImages([spec('a', { small: disk }), spec('b', { tiny: disk })]))).toEqual(['ext4', 'btrfs', 'small', 'tiny']);
    expect(() => diskImages([spec('a', { small: disk }), spec('b', { small: disk })])).toThrow(
      'disk small is declared twice, in kernel-lab/labs/a/spec.ts and kernel-lab/labs/b/spec.ts: give one of them another name',
    );
    expect(() => diskImages([spec('a', { ext4: disk })])).toThrow('disk ext4 is declared twice, in cli/kernel/image.ts and kernel-lab/labs/a/spec.ts');
  });

  it('knows a recipe for every disk the checkout\'s labs name', () => {
    const labs = benchLabs();
    expect(labs).toEqual([...KERNEL_LABS].sort());
    for (const lab of labs) {
      for (const profile of ['quick', 'paper'] as const) {
        for (const disk of labDisks(lab, undefined, profile)) expect(DISK_IMAGES).toHaveProperty(disk);
      }
    }
  });
});

/** @length bytes of @path from @offset */
function bytesAt(path: string, offset: number, length: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(length);
    readSync(fd, buf, 0, length, offset);
    return buf;
  } finally {
    closeSync(fd);
  }
}

describe('missing host tools', () => {
  it('are named with their Debian packages', async () => {
    const quiet = { write: () => true } as unknown as NodeJS.WriteStream;
    const cache = mkdtempSync(join(tmpdir(), 'jc-image-'));
    try {
      await expect(buildImage({ env: { PATH: join(cache, 'no-bin'), XDG_CACHE_HOME: cache }, out: quiet })).rejects.toThrow(
        /needs busybox \(busybox-static\), cpio \(cpio\), gcc \(build-essential\), ldd \(libc-bin\), fio \(fio\), fs_mark \(fsmark\), dbench \(dbench\)/,
      );
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});

describe('a real build into a scratch cache', () => {
  let cache: string;
  let image: GuestImage;
  let listing: string[];
  const env = (): NodeJS.ProcessEnv => ({ ...process.env, XDG_CACHE_HOME: cache });
  const quiet = { write: () => true } as unknown as NodeJS.WriteStream;

  beforeAll(async () => {
    cache = mkdtempSync(join(tmpdir(), 'jc-image-'));
    image = await buildImage({ env: env(), out: quiet });
    listing = cpioList(image.initramfs);
  }, 120_000);
  afterAll(() => rmSync(cache, { recursive: true, force: true }));

  it('holds init, the helpers, the tools, the run scripts and every library the tools need', () => {
    expect(image.cached).toBe(false);
    const archives = Object.fromEntries(Object.entries(image.archives).map(([name, path]) => [name, cpioList(path)]));
    expect(Object.keys(archives).sort()).toEqual(['dbench', 'fio']);
    expect(archives.fio).toContain('usr/bin/fio');
    expect(archives.dbench).toEqual(expect.arrayContaining(['usr/bin/dbench', 'usr/share/dbench/client.txt']));
    /* the large tools only in their archives; an archive holds only what the base lacks */
    for (const path of ['usr/bin/fio', 'usr/bin/dbench', 'usr/share/dbench/client.txt']) expect(listing).not.toContain(path);
    for (const [name, list] of Object.entries(archives)) {
      const dirs = cpioDirs(image.archives[name]!);
      expect(list.filter((p) => !dirs.has(p) && listing.includes(p))).toEqual([]);
      for (const top of ['bin', 'sbin', 'lib', 'lib64']) expect(list).not.toContain(top);
      expect(list.filter((p) => /^(bin|sbin|lib|lib64)\//.test(p))).toEqual([]);
    }
    for (const lib of image.manifest.libraries) {
      const path = lib.replace(/^\/(lib|lib64)\//, 'usr/$1/').replace(/^\//, '');
      expect([listing, ...Object.values(archives)].some((l) => l.includes(path)), path).toBe(true);
    }
    for (const path of [
      'init',
      'usr/lib/jc.sh',
      'usr/bin/busybox',
      'usr/bin/sh',
      'usr/sbin/poweroff',
      'usr/bin/statwalk',
      'usr/bin/fs_mark',
      'usr/sbin/mke2fs',
      'usr/sbin/mkfs.ext4',
      'usr/sbin/mkfs.btrfs',
      'etc/mke2fs.conf',
      'usr/lib64/ld-linux-x86-64.so.2',
      ...KERNEL_LABS.map((lab) => `bench/${lab}/run.sh`),
    ]) {
      expect(listing, path).toContain(path);
    }
    expect(image.manifest.libraries.some((l) => l.endsWith('/libc.so.6'))).toBe(true);
    for (const lab of KERNEL_LABS) expect(image.manifest.labs).toContain(lab);
    expect(image.manifest.initramfs.bytes).toBe(statSync(image.initramfs).size);
  });

  it('builds statwalk statically', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jc-cpio-'));
    try {
      const r = spawnSync('cpio', ['-id', '--quiet', 'usr/bin/statwalk'], { cwd: dir, input: readFileSync(image.initramfs) });
      expect(r.status).toBe(0);
      const ldd = spawnSync('ldd', [join(dir, 'usr/bin/statwalk')], { encoding: 'utf8' });
      expect(`${ldd.stdout}${ldd.stderr}`).toMatch(/not a dynamic executable|statically linked/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("makes every disk of the shared and the labs' recipes, sparse, its file system and inodes as the recipe asks", () => {
    expect(Object.keys(image.disks).sort()).toEqual(Object.keys(DISK_IMAGES).sort());
    for (const [name, path] of Object.entries(image.disks)) {
      const recipe = DISK_IMAGES[name]!;
      const st = statSync(path);
      expect(st.size, name).toBe(recipe.size);
      expect(st.blocks * 512, `${name} is sparse`).toBeLessThan(st.size / 4);
      if (recipe.mkfs === 'mkfs.btrfs') {
        /* the btrfs superblock at 64 KiB, its magic at +64 */
        expect(bytesAt(path, 0x10000 + 64, 8).toString('latin1'), name).toBe('_BHRfS_M');
        continue;
      }
      /* the ext4 superblock at 1024: magic at +56, s_inodes_count at +0 */
      const sb = bytesAt(path, 1024, 1024);
      expect(sb.readUInt16LE(56), name).toBe(0xef53);
      const option = (flag: string): number | undefined => {
        const i = recipe.args.indexOf(flag);
        return i < 0 ? undefined : Number(recipe.args[i + 1]);
      };
      /* -N inodes, or one per -i bytes, else one per 16 KiB (mke2fs.conf's default inode_ratio) */
      const inodes = option('-N') ?? recipe.size / (option('-i') ?? 16384);
      expect(sb.readUInt32LE(0), `${name}'s inodes`).toBe(inodes);
    }
  });

  it('keeps the three newest images when it builds', async () => {
    const root = join(cache, 'journalclub', 'image');
    const old = ['00000000000000a1', '00000000000000a2', '00000000000000a3'];
    old.forEach((name, i) => {
      mkdirSync(join(root, name));
      utimesSync(join(root, name), 1_000_000 + i, 1_000_000 + i);
    });
    await buildImage({ env: env(), out: quiet, force: true });
    expect(readdirSync(root).sort()).toEqual([image.manifest.key, ...old.slice(1)].sort().concat('current').sort());
  }, 60_000);

  it('does nothing the second time, and current points at it', async () => {
    const first = currentImage(env())!;
    const again = await buildImage({ env: env(), out: quiet });
    expect(again.cached).toBe(true);
    expect(again.manifest.key).toBe(image.manifest.key);
    expect(again.manifest.built_at).toBe(first.manifest.built_at);
    const current = currentImage(env());
    expect(current?.manifest.key).toBe(image.manifest.key);
  }, 60_000);
});
