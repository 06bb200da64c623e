/**
 * host-run inside the guest: the lab kernel booted in QEMU (run-qemu.sh,
 * as `kernel run` boots it) with jc.mode=host-run on its command line, so that
 * /init runs kernel-lab/guest/host-run-checks.sh instead of a benchmark.
 * Two labs from the registry: the guest is the first booted with an ext4
 * and a btrfs disk (/dev/vdb and /dev/vdc), and host-run runs the first
 * that formats one ext4 disk (jc.host-run-lab=). Every refusal is made
 * there, against real devices (or, for the kernel without switches, the
 * root disk and a holder, fixture proc and sys files through JC_SYSROOT),
 * and must leave both disks' first MiB as it was; then one real host-run
 * of that lab's quick profile, "before", whose results validate and whose
 * switch counter moved.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { KERNEL_LABS, parseKernelResult, runWhere } from '../../lib/kernel-results';
import { currentKernel } from '../../cli/kernel/build';
import { resultFromHostRunDir } from '../../cli/kernel/host-run';
import { currentImage, DISK_IMAGES, labDisks, labPrograms, mkfsConf } from '../../cli/kernel/image';
import { KERNEL_LAB_DIR, LABS_DIR } from '../../cli/kernel/paths';
import { KERNEL_LAB_SPECS } from '../../kernel-lab/labs.gen';
import { journalclub, qemuAppending, said } from './cli';

const fsOf = (disk: string): string => (DISK_IMAGES[disk]!.mkfs === 'mkfs.btrfs' ? 'btrfs' : 'ext4');
/* the guest: booted with an ext4 and a btrfs disk; the lab host-run runs: one ext4 disk */
const GUEST = KERNEL_LABS.find((lab) => labDisks(lab).map(fsOf).join(' ') === 'ext4 btrfs')!;
const LAB = KERNEL_LABS.find((lab) => labDisks(lab).length === 1 && fsOf(labDisks(lab)[0]!) === 'ext4')!;
const GUEST_DISKS = labDisks(GUEST);
const DISK = labDisks(LAB)[0]!;
const SPEC = KERNEL_LAB_SPECS[LAB];
/* the switches host-run tells the lab kernel by: those under proc/ (not per device) */
const GLOBAL_SWITCHES = Object.values(KERNEL_LAB_SPECS).flatMap((s) => s.switches.map((w) => w.path).filter((p) => p.startsWith('/proc/') && !p.includes('<dev>')));
/** The recipe's command on /dev/vdb, as host-run prints it (no argument needs quoting). */
const MKFS_ON_VDB = mkfsConf()
  .split('\n')
  .find((l) => l.startsWith(`${DISK} `))!
  .split(' ')
  .slice(2)
  .map((a) => (a === '@DEV' ? '/dev/vdb' : a))
  .join(' ');
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function run(args: string[], timeoutS: number): { status: number | null; out: string } {
  const r = journalclub(args, timeoutS);
  return { status: r.status, out: said(r) };
}

describe('host-run in the guest', () => {
  const work = mkdtempSync(join(tmpdir(), 'jc-host-run-'));
  const out = join(work, 'run');
  let cases = '';
  const text = (name: string): string => readFileSync(join(cases, `${name}.txt`), 'utf8');
  const rc = (name: string): number => Number(/^rc=(\d+)$/m.exec(text(name))?.[1] ?? NaN);

  before(() => {
    for (const step of ['build', 'image']) {
      const r = run(['kernel', step], 3600);
      assert.equal(r.status, 0, r.out);
    }
    const kernel = currentKernel();
    const image = currentImage();
    assert.ok(kernel && image, 'kernel build and kernel image left no kernel or image');
    const qemu = join(work, 'qemu');
    assert.ok(GUEST && LAB, `labs for host-run in the guest: one booted with an ext4 and a btrfs disk (${GUEST}), one that formats one ext4 disk (${LAB})`);
    qemuAppending(qemu, `jc.mode=host-run jc.host-run-lab=${LAB}`);
    const r = spawnSync(
      'sh',
      [
        join(KERNEL_LAB_DIR, 'guest', 'run-qemu.sh'),
        ...['--kernel', kernel.bzImage, '--initrd', image.initramfs, '--images', image.dir],
        ...['--bench', LABS_DIR, '--lab', GUEST, '--variant', 'after', '--profile', 'quick'],
        ...['--smp', '2', '--mem', '1024', '--timeout', '600', '--out', out],
      ],
      { env: { ...process.env, QEMU: qemu }, encoding: 'utf8', timeout: 700_000, maxBuffer: 64 << 20 },
    );
    assert.equal(r.status, 0, `${r.stdout.slice(-3000)}\n${r.stderr.slice(-2000)}`);
    cases = join(out, 'raw', 'host-run');
    assert.ok(existsSync(join(cases, 'real.txt')), `the guest ran no host-run cases:\n${r.stdout.slice(-3000)}`);
  });

  after(() => rmSync(work, { recursive: true, force: true }));

  const refusals: [string, number, RegExp][] = [
    ['no-switches', 6, new RegExp(`has no lab switches: \\S+${escape(GLOBAL_SWITCHES[0] ?? '/proc/')} is missing\\. Install the linux-image \\.deb that \`journalclub kernel build --target host\` makes .*-journalclub`)],
    ['missing', 6, /\/dev\/nothing-here does not exist/],
    ['not-block', 6, /not-a-device is not a block device/],
    ['root-disk', 6, /\/dev\/vdb is the root disk: \/ is on vdb/],
    ['holder', 6, /\/dev\/vdb is held by dm-0/],
    ['mounted', 6, /\/dev\/vdb is mounted on \/mnt\/host-run-check/],
    ['swap', 6, /\/dev\/vdc is in use as swap/],
    ['partition-mounted', 6, /\/dev\/vdc is part of a mounted device: vdc1 is mounted on \/mnt\/host-run-check/],
    ['partition-table', 6, /\/dev\/vdc holds .*dos.* \(a file system or partition table\).*--wipe \/dev\/vdc/],
    ['fs-no-wipe', 6, /\/dev\/vdb holds ext4 \(a file system or partition table\), which formatting destroys: if it may go, name it again with --wipe \/dev\/vdb/],
    ['wipe-other', 6, /--wipe \/dev\/vdc names no --device \(given: \/dev\/vdb\)/],
    ['same-disk', 6, /\/dev\/vdb and another --device are the same disk/],
    ['two-disks', 2, new RegExp(`${GUEST} needs two disks \\(${GUEST_DISKS[0]} and ${GUEST_DISKS[1]}\\): give a second --device for ${GUEST_DISKS[1]}`)],
  ];
  for (const [name, code, message] of refusals) {
    test(`refuses: ${name}, and leaves both disks as they were`, () => {
      assert.equal(rc(name), code, text(name));
      assert.match(text(name), message);
      if (code === 6) assert.match(text(name), /nothing was changed/);
      assert.doesNotMatch(text(name), /host-run: run: /, 'a refusal ran a command');
      const sums = readFileSync(join(cases, `${name}.sums`), 'utf8').trim().split('\n');
      assert.equal(sums.length, 4);
      assert.deepEqual(sums.slice(2), sums.slice(0, 2), `${name} changed a disk`);
    });
  }

  test('--dry-run prints the checks and the commands and changes nothing', () => {
    assert.equal(rc('dry-run'), 0, text('dry-run'));
    assert.match(text('dry-run'), /check: \/dev\/vdb is a block device/);
    assert.match(text('dry-run'), /would run: \S*wipefs --all --quiet \/dev\/vdb/);
    assert.match(text('dry-run'), new RegExp(`would run: \\S*${escape(MKFS_ON_VDB)}$`, 'm'));
    assert.match(text('dry-run'), new RegExp(`would run: JC_LAB=${LAB} JC_VARIANT=before .*bench/${LAB}/run\\.sh`));
    const sums = readFileSync(join(cases, 'dry-run.sums'), 'utf8').trim().split('\n');
    assert.deepEqual(sums.slice(2), sums.slice(0, 2));
  });

  test(`a real host-run of ${LAB} before on /dev/vdb: results validate, the switch was live, it says where it ran`, async (t) => {
    assert.equal(rc('real'), 0, text('real'));
    const root = join(cases, 'results');
    const dirs = readdirSync(root).filter((d) => d.startsWith(`${LAB}-before-`));
    assert.equal(dirs.length, 1, `run directories: ${readdirSync(root).join(', ')}`);
    const dir = join(root, dirs[0]!);
    const r = await resultFromHostRunDir(dir);
    assert.equal(r.lab, LAB);
    assert.equal(r.variant, 'before');
    assert.equal(r.accelerator, 'none');
    /* QEMU gives its guests the hypervisor flag: host-run knows it is not on real hardware */
    assert.equal(runWhere(r), 'vm');
    assert.match(r.where_reason ?? '', /hypervisor/);
    assert.match(r.guest.kernel_release, /-journalclub$/);
    const [sw] = SPEC.switches;
    const [counter] = SPEC.counters;
    assert.equal(r.switches[sw!.name], sw!.before);
    assert.ok(r.counters[counter!.name]! > 0, 'the counter did not move: the switch was not live');
    assert.ok(Object.values(r.metrics).some((v) => v > 0), JSON.stringify(r.metrics));
    assert.deepEqual(
      r.devices?.map((d) => [d.path, d.name, d.disk, d.bytes]),
      [['/dev/vdb', 'vdb', DISK, DISK_IMAGES[DISK]!.size]],
    );
    t.diagnostic(`host-run in the guest: ${r.wall_s} s mkfs to end, ${JSON.stringify(r.metrics)}, ${counter!.name} +${r.counters[counter!.name]}`);
    /* kernel ingest reads a host-run's directory too */
    const ingest = run(['kernel', 'ingest', dir, '--out', join(work, 'real.json')], 120);
    assert.equal(ingest.status, 0, ingest.out);
    assert.match(ingest.out, /a virtual machine/);
    const again = parseKernelResult(readFileSync(join(work, 'real.json'), 'utf8'));
    assert.deepEqual(again.counters, r.counters);
  });
});

describe('host-run in the bundle', () => {
  const out = mkdtempSync(join(tmpdir(), 'jc-host-run-bundle-'));
  const bundle = join(out, 'journalclub-kernel-lab');
  before(() => {
    const r = run(['kernel', 'package', '--out', out, '--no-web'], 600);
    assert.equal(r.status, 0, r.out);
  });
  after(() => rmSync(out, { recursive: true, force: true }));

  test("ships beside run with the labs' workloads, jc.sh, the recipes and the labs' programs, and verifies", () => {
    const v = run(['kernel', 'verify', bundle], 300);
    assert.equal(v.status, 0, v.out);
    const sums = readFileSync(join(bundle, 'SHA256SUMS'), 'utf8');
    const programs = KERNEL_LABS.flatMap((lab) => labPrograms(lab).map((p) => `bin/${p.name}`));
    const benches = KERNEL_LABS.flatMap((lab) => [`bench/${lab}/run.sh`, `bench/${lab}/disks`]);
    for (const f of ['host-run', 'jc.sh', 'mkfs.conf', ...programs, ...benches]) {
      assert.match(sums, new RegExp(`  ${f.replace('.', '\\.')}$`, 'm'), `SHA256SUMS lacks ${f}`);
    }
    assert.equal(readFileSync(join(bundle, 'mkfs.conf'), 'utf8'), mkfsConf());
    for (const p of programs) {
      const file = spawnSync('file', [join(bundle, p)], { encoding: 'utf8' });
      if (file.status === 0) assert.match(file.stdout, /statically linked/, p);
    }
    /* from the bundle, on this machine's kernel: the labs it knows, and the refusal that names the package */
    const help = spawnSync(join(bundle, 'host-run'), ['--help'], { encoding: 'utf8' });
    assert.equal(help.status, 0, help.stderr);
    assert.ok(help.stdout.includes(`labs: ${[...KERNEL_LABS].sort().join(' ')}`), help.stdout);
    if (!GLOBAL_SWITCHES.every((p) => existsSync(p))) {
      const r = spawnSync(join(bundle, 'host-run'), [KERNEL_LABS[0], 'after', '--device', '/dev/null'], { encoding: 'utf8' });
      assert.equal(r.status, 6, r.stderr);
      assert.match(r.stderr, /has no lab switches.*linux-image-<version>-journalclub/);
    }
  });

  test('verify refuses a bundle without host-run', () => {
    const copy = join(out, 'no-host-run');
    cpSync(bundle, copy, { recursive: true });
    rmSync(join(copy, 'host-run'));
    const sums = readFileSync(join(copy, 'SHA256SUMS'), 'utf8').split('\n').filter((l) => !/  host-run$/.test(l));
    writeFileSync(join(copy, 'SHA256SUMS'), sums.join('\n'));
    const v = run(['kernel', 'verify', copy], 300);
    assert.equal(v.status, 1, v.out);
    assert.match(v.out, /the bundle lacks host-run/);
  });
});
