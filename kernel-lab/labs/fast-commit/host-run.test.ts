/**
 * `kernel host-run` of fast-commit without the lab kernel: the recipes it formats with, its
 * argument checks, the results of a run directory, and the script's checks
 * on fixture proc and sys files (JC_SYSROOT) and, where this machine lets
 * root attach one, a loop device. The real run and the refusals against
 * the guest's disks are in tests/kernel/host-run.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWhere, type KernelResult } from '../../../lib/kernel-results';
import { hostRun as labHostRun, hostRunArgs, parseDevices, resultFromHostRunDir, stageKit } from '../../../cli/kernel/host-run';
import { DISK_IMAGES, mkfsConf } from '../../../cli/kernel/image';
import { workloadDir } from '../../../cli/kernel/paths';

const work = mkdtempSync(join(tmpdir(), 'jc-host-run-unit-'));
/* the not-root case reads the kit as another user */
chmodSync(work, 0o755);
const kit = join(work, 'kit');
afterAll(() => rmSync(work, { recursive: true, force: true }));
beforeAll(() => stageKit(kit, 'fast-commit', false));

interface Sh {
  status: number | null;
  out: string;
}

function hostRun(args: string[], env: NodeJS.ProcessEnv = {}, prefix: string[] = []): Sh {
  const [cmd, ...rest] = [...prefix, 'sh', join(kit, 'host-run'), ...args];
  const r = spawnSync(cmd!, rest, { env: { ...process.env, ...env }, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** Call the script's functions on their own, @sysroot standing for / in proc and sys reads. */
function fn(code: string, sysroot: string): string {
  const r = spawnSync('sh', ['-c', `. "$1"; ${code}`, 'sh', join(kit, 'host-run')], {
    env: { ...process.env, JC_HOST_RUN_FUNCTIONS: '1', JC_SYSROOT: sysroot },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.trim();
}

/** A sysroot: proc files from @proc (path -> text), the switch file present unless @noSwitch, sys the real one. */
function sysroot(name: string, proc: Record<string, string>, noSwitch = false, sys?: string): string {
  const root = join(work, name);
  mkdirSync(join(root, 'proc', 'self'), { recursive: true });
  mkdirSync(join(root, 'proc', 'sys', 'fs'), { recursive: true });
  if (!noSwitch) writeFileSync(join(root, 'proc', 'sys', 'fs', 'lab_iget_locked_lookup'), '0\n');
  for (const f of ['self/mountinfo', 'mounts', 'swaps']) writeFileSync(join(root, 'proc', f), proc[f] ?? readFileSync(`/proc/${f}`, 'utf8'));
  symlinkSync(sys ?? '/sys', join(root, 'sys'));
  return root;
}

describe('mkfs.conf', () => {
  it('gives each disk its image recipe, held to the image size, the device as @DEV', () => {
    const lines = mkfsConf().trim().split('\n').filter((l) => !l.startsWith('#'));
    expect(lines.map((l) => l.split(' ')[0])).toEqual(Object.keys(DISK_IMAGES));
    const fc = lines.find((l) => l.startsWith('ext4-fc '))!.split(' ');
    expect(fc.slice(0, 3)).toEqual(['ext4-fc', String(1 << 30), 'mke2fs']);
    expect(fc.slice(3, -2)).toEqual(DISK_IMAGES['ext4-fc']!.args);
    expect(fc.slice(-2)).toEqual(['@DEV', '1048576k']);
    const btrfs = lines.find((l) => l.startsWith('btrfs '))!.split(' ');
    expect(btrfs.slice(-3)).toEqual(['-b', String(1 << 30), '@DEV']);
  });

  it('refuses a tool it cannot size and a word with a blank', () => {
    expect(() => mkfsConf({ x: { size: 1 << 20, mkfs: 'mkfs.xfs', args: [], what: '' } })).toThrow(/not mkfs\.xfs/);
    expect(() => mkfsConf({ x: { size: 1 << 20, mkfs: 'mke2fs', args: ['-L', 'a b'], what: '' } })).toThrow(/'a b' is empty or has a blank/);
  });
});

describe('hostRunArgs', () => {
  const base = { variant: 'before', device: ['/dev/sdz'], wipe: [] as string[] };
  it('passes the options on in the script\'s terms', () => {
    expect(hostRunArgs('fast-commit', { ...base, wipe: ['/dev/sdz'], dryRun: true }, '/r')).toEqual([
      'fast-commit', 'before', '--profile', 'quick', '--repeat', '1', '--out', '/r', '--device', '/dev/sdz', '--wipe', '/dev/sdz', '--dry-run',
    ]);
  });
  it('refuses what the script would, naming what is allowed', () => {
    expect(() => hostRunArgs('fast', base, '/r')).toThrow(/unknown lab 'fast': one of/);
    expect(() => hostRunArgs('fast-commit', { ...base, variant: 'both' }, '/r')).toThrow(/--variant must be before or after/);
    expect(() => hostRunArgs('fast-commit', { ...base, profile: 'long' }, '/r')).toThrow(/--profile must be quick or paper/);
    expect(() => hostRunArgs('fast-commit', { ...base, repeat: '0' }, '/r')).toThrow(/--repeat must be a whole number from 1 to 20/);
    expect(() => hostRunArgs('fast-commit', { ...base, device: [] }, '/r')).toThrow(/--device \/dev\/X is required/);
    expect(() => hostRunArgs('fast-commit', { ...base, device: ['/dev/a', '/dev/b'] }, '/r')).toThrow(/runs on one disk \(ext4-fc\), got 2/);
  });
});

describe('a host-run directory', () => {
  function runDir(where: string): string {
    const dir = join(work, `run-${where}`);
    cpSync(join(workloadDir('fast-commit'), 'fixtures', 'quick-before', 'raw'), join(dir, 'raw'), { recursive: true });
    writeFileSync(join(dir, 'plan.txt'), 'mode=host-run\nlab=fast-commit\nvariant=before\nprofile=quick\nsmp=16\nmem_mib=131072\nstarted_at=2026-11-25T02:00:00Z\n');
    writeFileSync(join(dir, 'host.txt'), 'hostname=lab1\nos=Debian GNU/Linux 13 (trixie)\ncpus=16\ncpu_model=AMD Ryzen 7 7700\n');
    writeFileSync(join(dir, 'devices.txt'), '/dev/nvme1n1 nvme1n1 2000398934016 0 ext4-fc Samsung SSD 990 PRO 2TB\n');
    writeFileSync(join(dir, 'where'), `${where}\n`);
    writeFileSync(join(dir, 'where_reason'), 'no hypervisor flag in /proc/cpuinfo: the machine itself\n');
    writeFileSync(join(dir, 'accel'), 'none\n');
    writeFileSync(join(dir, 'wall_s'), '12.50\n');
    return dir;
  }

  it('becomes a result that says it ran on real hardware, on which device, on which host', async () => {
    const r = await resultFromHostRunDir(runDir('real'));
    expect(runWhere(r)).toBe('real');
    expect(r.accelerator).toBe('none');
    expect(r.host).toEqual({ hostname: 'lab1', os: 'Debian GNU/Linux 13 (trixie)', cpus: 16, cpu_model: 'AMD Ryzen 7 7700', qemu: '' });
    expect(r.guest.mem_mib).toBe(131072);
    expect(r.devices).toEqual([
      { path: '/dev/nvme1n1', name: 'nvme1n1', bytes: 2000398934016, rotational: false, disk: 'ext4-fc', model: 'Samsung SSD 990 PRO 2TB' },
    ]);
    expect(r.counters.lab_fc_dentry_scan_nodes).toBe(4643471);
    expect(r.wall_s).toBe(12.5);
  });

  it('is refused when it says it ran in QEMU, or did not finish', async () => {
    await expect(resultFromHostRunDir(runDir('tcg'))).rejects.toThrow(/should say real or vm, says 'tcg'/);
    const dir = runDir('vm');
    writeFileSync(join(dir, 'raw', 'status'), 'failed: fs_mark exited with status 1\n');
    await expect(resultFromHostRunDir(dir)).rejects.toThrow(/did not finish: failed: fs_mark/);
  });

  it('reads devices.txt, a rotational flag the kernel did not give as null', () => {
    expect(parseDevices('/dev/sdb sdb 1073741824 - btrfs unknown\n')[0]).toMatchObject({ rotational: null, model: 'unknown' });
    expect(() => parseDevices('/dev/sdb sdb lots\n')).toThrow(/cannot read the line/);
  });
});

describe('runWhere', () => {
  const r = (x: Partial<KernelResult>): Pick<KernelResult, 'where' | 'accelerator'> => ({ accelerator: 'tcg', ...x });
  it('reads an older file by its accelerator, a newer by where', () => {
    expect(runWhere(r({}))).toBe('tcg');
    expect(runWhere(r({ accelerator: 'kvm' }))).toBe('kvm');
    expect(runWhere(r({ accelerator: 'none' }))).toBe('real');
    expect(runWhere(r({ accelerator: 'none', where: 'vm' }))).toBe('vm');
  });
});

describe('the script', () => {
  it('refuses a kernel without the lab switches, naming the package to boot, before anything else', () => {
    const root = sysroot('noswitch', {}, true);
    const r = hostRun(['fast-commit', 'after', '--device', '/dev/null'], { JC_SYSROOT: root });
    expect(r.status).toBe(6);
    expect(r.out).toMatch(/has no lab switches: .*lab_iget_locked_lookup is missing\. Install the linux-image \.deb that `journalclub kernel build --target host` makes/);
    expect(r.out).toMatch(/nothing was changed/);
  });

  it('refuses to run as a user other than root', () => {
    const root = sysroot('user', {});
    const asUser = process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : [];
    const r = hostRun(['fast-commit', 'after', '--device', '/dev/null'], { JC_SYSROOT: root }, asUser);
    expect(r.status, r.out).toBe(6);
    expect(r.out).toMatch(/run it as root/);
  });

  it('refuses bad arguments with what is allowed', () => {
    expect(hostRun(['fast', 'after']).out).toMatch(/unknown lab 'fast': one of .*fast-commit/);
    expect(hostRun(['fast-commit', 'both', '--device', '/dev/x']).out).toMatch(/before or after, got 'both'/);
    expect(hostRun(['fast-commit', 'after', '--device', '/dev/x', '--repeat', '0']).status).toBe(2);
    expect(hostRun(['fast-commit', 'after']).out).toMatch(/--device \/dev\/X is required: the scratch device fast-commit formats as ext4-fc/);
  });

  it('finds swap areas in /proc/swaps, by device path', () => {
    const root = sysroot('swaps', { swaps: 'Filename\tType\tSize\tUsed\tPriority\n/dev/sdz2 partition 1000 0 -2\n/swapfile file 100 0 -3\n' });
    expect(fn('swaps_of sdz1 sdz2 sdz', root)).toBe('sdz2');
    expect(fn('swaps_of sdz1', root)).toBe('');
  });

  it('finds the root disk from mountinfo, or from mounts when mountinfo names no block device', () => {
    const sys = join(work, 'fake-sys');
    mkdirSync(join(sys, 'devices', 'sdz', 'sdz2'), { recursive: true });
    mkdirSync(join(sys, 'dev', 'block'), { recursive: true });
    writeFileSync(join(sys, 'devices', 'sdz', 'sdz2', 'partition'), '2\n');
    symlinkSync('../../devices/sdz/sdz2', join(sys, 'dev', 'block', '8:2'));
    const info = sysroot('root-info', { 'self/mountinfo': '22 1 8:2 / / rw,relatime shared:1 - ext4 /dev/sdz2 rw\n', mounts: '' }, false, sys);
    expect(fn('root_name', info)).toBe('sdz2');
    const mounts = sysroot('root-mounts', { 'self/mountinfo': '22 1 0:31 / / rw - btrfs /dev/sdy1 rw\n', mounts: '/dev/sdy1 / btrfs rw 0 0\n' }, false, sys);
    expect(fn('root_name', mounts)).toBe('sdy1');
  });

  it('reads a file system or partition table by its magic', () => {
    const img = join(work, 'sig.img');
    const b = Buffer.alloc(128 << 10);
    b.writeUInt16LE(0xef53, 1080);
    b.write('EFI PART', 512, 'latin1');
    b.writeUInt16BE(0x55aa, 510);
    writeFileSync(img, b);
    const found = fn(`signatures "${img}" | sort -u`, '').split('\n');
    expect(found).toEqual(expect.arrayContaining(['ext4', 'gpt', 'dos']));
    writeFileSync(img, Buffer.alloc(128 << 10));
    expect(fn(`signatures "${img}"`, '')).toBe('');
  });
});

/*
 * A real block device: a loop device over a sparse file, where root may
 * attach one. Every call is a dry run, so that a check that failed to
 * refuse shows as a passed dry run, never as a format and a bench on this
 * machine; the checks are the same either way.
 */
const loopOk = process.getuid?.() === 0 && spawnSync('losetup', ['--version']).status === 0;
describe.skipIf(!loopOk)('the script on a loop device', () => {
  let loop = '';
  let majmin = '';
  beforeAll(() => {
    const file = join(work, 'loop.img');
    writeFileSync(file, '');
    spawnSync('truncate', ['-s', '1G', file]);
    const r = spawnSync('losetup', ['-f', '--show', file], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`losetup: ${r.stderr}`);
    loop = r.stdout.trim();
    majmin = readFileSync(`/sys/class/block/${loop.replace('/dev/', '')}/dev`, 'utf8').trim();
  });
  afterAll(() => {
    if (loop) spawnSync('losetup', ['-d', loop]);
  });

  it('formats nothing it was not told to wipe, and a dry run with --wipe only prints the commands', () => {
    const root = sysroot('loop', {});
    expect(spawnSync('mke2fs', ['-t', 'ext4', '-F', '-q', loop]).status).toBe(0);
    const sum = (): string => spawnSync('sh', ['-c', `dd if=${loop} bs=1M count=2 2>/dev/null | md5sum`], { encoding: 'utf8' }).stdout;
    const before = sum();
    const r = hostRun(['fast-commit', 'after', '--device', loop, '--dry-run'], { JC_SYSROOT: root });
    expect(r.status, r.out).toBe(6);
    expect(r.out).toMatch(new RegExp(`${loop} holds ext4 \\(a file system or partition table\\).*--wipe ${loop}`));
    const dry = hostRun(['fast-commit', 'after', '--device', loop, '--wipe', loop, '--dry-run'], { JC_SYSROOT: root });
    expect(dry.status, dry.out).toBe(0);
    expect(dry.out).toMatch(new RegExp(`would run: \\S*mke2fs -t ext4 -F -q -O fast_commit .* ${loop} 1048576k`));
    expect(sum()).toBe(before);
  });

  it('refuses it when fixture proc files say it is mounted or swap', () => {
    const mounted = sysroot('loop-mounted', { 'self/mountinfo': `40 1 ${majmin} / /mnt/x rw - ext4 ${loop} rw\n` });
    expect(hostRun(['fast-commit', 'after', '--device', loop, '--wipe', loop, '--dry-run'], { JC_SYSROOT: mounted }).out).toMatch(
      new RegExp(`${loop} is mounted on /mnt/x`),
    );
    const swap = sysroot('loop-swap', { swaps: `Filename Type Size Used Priority\n${loop} partition 1000 0 -2\n` });
    expect(hostRun(['fast-commit', 'after', '--device', loop, '--wipe', loop, '--dry-run'], { JC_SYSROOT: swap }).out).toMatch(
      new RegExp(`${loop} is in use as swap`),
    );
  });

  it('kernel host-run prints the dry run, makes no results, and turns a refusal into an error that says nothing was changed', async () => {
    const saved = process.env.JC_SYSROOT;
    process.env.JC_SYSROOT = sysroot('loop-cli', {});
    try {
      const lines: string[] = [];
      const out = join(work, 'cli-results');
      const runs = await labHostRun('fast-commit', { variant: 'before', device: [loop], wipe: [loop], dryRun: true, out }, (l) => lines.push(l));
      expect(runs).toEqual([]);
      expect(lines.join('\n')).toMatch(new RegExp(`would run: \\S*mke2fs .* ${loop} 1048576k`));
      expect(spawnSync('ls', [out]).status).not.toBe(0);
      await expect(labHostRun('fast-commit', { variant: 'before', device: [loop], wipe: [], dryRun: true, out }, () => {})).rejects.toMatchObject({
        exitCode: 6,
        message: expect.stringMatching(new RegExp(`^refused: ${loop} holds ext4 .*; nothing was changed$`)),
      });
    } finally {
      if (saved === undefined) delete process.env.JC_SYSROOT;
      else process.env.JC_SYSROOT = saved;
    }
  });

  it('refuses a device smaller than the lab\'s disk', () => {
    const small = join(work, 'small.img');
    writeFileSync(small, Buffer.alloc(1 << 20));
    const r = spawnSync('losetup', ['-f', '--show', small], { encoding: 'utf8' });
    const dev = r.stdout.trim();
    try {
      const out = hostRun(['fast-commit', 'after', '--device', dev, '--dry-run'], { JC_SYSROOT: sysroot('loop-small', {}) });
      expect(out.status).toBe(6);
      expect(out.out).toMatch(/has 1048576 bytes; the lab's ext4-fc disk needs 1073741824/);
    } finally {
      spawnSync('losetup', ['-d', dev]);
    }
  });
});
