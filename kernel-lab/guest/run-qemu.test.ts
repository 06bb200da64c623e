/**
 * run-qemu.sh's own logic, with a stand-in for QEMU (the QEMU variable):
 * every bad argument exits 2 naming what is allowed, the disks reach the
 * guest in the protocol's order, and each way a guest can end maps to its
 * exit status: ok 0, a failed benchmark 3, a timeout 4, a panic or no
 * results 5. The real boots are the kernel suite's (tests/kernel).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'run-qemu.sh');

/*
 * The stand-in: answers --version, records its arguments, writes the
 * console to the chardev's logfile and acts out FAKE_QEMU_MODE on the
 * results disk (the first -drive).
 */
const FAKE_QEMU = `#!/bin/sh
if [ "$1" = --version ]; then echo "QEMU emulator version 0.0 (stand-in)"; exit 0; fi
log=/dev/null results=
for a in "$@"; do
	case $a in
	stdio,id=console,*) log=\${a##*logfile=} ;;
	file=*results.img,*) results=\${a#file=}; results=\${results%%,*} ;;
	esac
done
printf '%s\\n' "$@" >"$FAKE_DIR/args"
say() { echo "$1"; echo "$1" >>"$log"; }
guest_out() {
	rm -rf "$FAKE_DIR/out" && mkdir "$FAKE_DIR/out"
	echo "$1" >"$FAKE_DIR/out/status"
	echo 1.5 >"$FAKE_DIR/out/elapsed_s"
	tar -cf "$results" -C "$FAKE_DIR/out" .
}
case $FAKE_QEMU_MODE in
ok) say "journalclub: step: stand-in"; guest_out ok; say "reboot: Power down" ;;
staged)
	say "Linux version stand-in"
	sleep 1
	say "journalclub: step: two-disks, before, quick profile, 2 CPUs, kernel stand-in, init at 0.30 s"
	sleep 1
	say "journalclub: step: the benchmark's first line"
	sleep 1
	guest_out ok
	printf 'a last line without a newline' | tee -a "$log"
	;;
failed) guest_out "failed: fs_mark exited with status 1"; say "journalclub: status: failed" ;;
panic) say "Kernel panic - not syncing: stand-in" ;;
silent) say "nothing" ;;
hang) say "booting"; exec sleep 60 ;;
esac
exit 0
`;

let dir: string;
let images: string;
let bench: string;
let kernel: string;
let initrd: string;
let qemu: string;

function run(args: string[], mode = 'ok'): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync('sh', [SCRIPT, ...args], {
    encoding: 'utf8',
    env: { ...process.env, QEMU: qemu, FAKE_QEMU_MODE: mode, FAKE_DIR: dir },
    timeout: 60_000,
  });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const good = (out: string, extra: string[] = []): string[] => [
  '--kernel', kernel,
  '--initrd', initrd,
  '--images', images,
  '--bench', bench,
  '--lab', 'two-disks',
  '--variant', 'before',
  '--profile', 'quick',
  '--smp', '2',
  '--mem', '1024',
  '--out', out,
  '--accel', 'tcg',
  ...extra,
];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'jc-run-qemu-'));
  images = join(dir, 'images');
  bench = join(dir, 'bench');
  mkdirSync(images);
  for (const [lab, disks] of [
    ['two-disks', 'ext4 btrfs'],
    ['one-disk', 'ext4-fc'],
    ['three', 'ext4 ext4 btrfs'],
    ['odd', 'Bad_Name'],
    ['by-profile', 'ext4 btrfs\n\npaper: ext4-inodes btrfs'],
    ['bad-profile', 'ext4\nslow: btrfs'],
    ['twice', 'ext4\nbtrfs'],
  ]) {
    mkdirSync(join(bench, lab!), { recursive: true });
    writeFileSync(join(bench, lab!, 'disks'), `${disks}\n`);
  }
  for (const name of ['ext4', 'ext4-inodes', 'btrfs']) writeFileSync(join(images, `${name}.img`), `${name} image\n`);
  kernel = join(dir, 'bzImage');
  initrd = join(dir, 'initramfs.cpio');
  writeFileSync(kernel, 'kernel');
  writeFileSync(initrd, 'initrd');
  qemu = join(dir, 'qemu');
  writeFileSync(qemu, FAKE_QEMU);
  chmodSync(qemu, 0o755);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('run-qemu.sh refuses bad arguments with exit 2', () => {
  const cases: [string, (out: string) => string[], RegExp][] = [
    ['no arguments', () => [], /--kernel FILE is required/],
    ['a missing kernel', (o) => good(o).map((a) => (a === kernel ? join(dir, 'nope') : a)), /--kernel .*nope: no such readable file/],
    ['an unknown lab', (o) => good(o).map((a) => (a === 'two-disks' ? 'no-such-lab' : a)), /--lab no-such-lab: no .*disks \(labs: bad-profile, by-profile, odd, one-disk, three, twice, two-disks\)/],
    ['a lab name with a slash', (o) => good(o).map((a) => (a === 'two-disks' ? '../x' : a)), /--lab '\.\.\/x' is not a lab name/],
    ['a bad variant', (o) => good(o).map((a) => (a === 'before' ? 'during' : a)), /--variant must be before or after, got 'during'/],
    ['a bad profile', (o) => good(o).map((a) => (a === 'quick' ? 'slow' : a)), /--profile must be quick or paper, got 'slow'/],
    ['zero vCPUs', (o) => good(o).map((a, i, all) => (all[i - 1] === '--smp' ? '0' : a)), /--smp must be a whole number from 1 to 64, got '0'/],
    ['a word for memory', (o) => good(o).map((a, i, all) => (all[i - 1] === '--mem' ? 'lots' : a)), /--mem must be a whole number from 512 to 65536, got 'lots'/],
    ['a leading zero', (o) => good(o).map((a, i, all) => (all[i - 1] === '--mem' ? '01024' : a)), /--mem must be a whole number/],
    ['a bad timeout', (o) => good(o, ['--timeout', '-5']), /--timeout must be a whole number from 1 to 86400, got '-5'/],
    ['a bad accelerator', (o) => good(o).map((a) => (a === 'tcg' ? 'hvf' : a)), /--accel must be auto, kvm or tcg, got 'hvf'/],
    ['an unknown option', (o) => good(o, ['--turbo', '1']), /unknown option '--turbo'/],
    ['an option without a value', (o) => [...good(o), '--timeout'], /--timeout needs a value/],
    ['a stray argument', (o) => good(o, ['extra']), /unexpected argument 'extra'/],
    ['a missing disk image', (o) => good(o).map((a) => (a === 'two-disks' ? 'one-disk' : a)), /has no ext4-fc\.img, which one-disk needs/],
    ['three disks', (o) => good(o).map((a) => (a === 'two-disks' ? 'three' : a)), /must name one or two disks, got 'ext4 ext4 btrfs'/],
    ['a bad disk name', (o) => good(o).map((a) => (a === 'two-disks' ? 'odd' : a)), /names 'Bad_Name', which is not a disk image name/],
    ['a disks line for no profile', (o) => good(o).map((a) => (a === 'two-disks' ? 'bad-profile' : a)), /'slow: btrfs' starts with no profile; a line for one profile starts 'quick:' or 'paper:'/],
    ['two lines of disks for every profile', (o) => good(o).map((a) => (a === 'two-disks' ? 'twice' : a)), /has two lines of disks for every profile/],
    ['a comma in --out', (o) => good(`${o},x`), /QEMU's -drive cannot take a path with a comma/],
  ];
  for (const [what, args, message] of cases) {
    it(what, () => {
      const out = join(dir, 'refused');
      const r = run(args(out));
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toMatch(/^usage: run-qemu\.sh --kernel F/m);
      expect(existsSync(join(out, 'qemu.txt'))).toBe(false);
    });
  }

  it('takes --option=value too, and --help', () => {
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: run-qemu\.sh/);
    const r = run(good(join(dir, 'eq')).map((a) => (a === '--lab' ? '--lab=two-disks' : a)).filter((a) => a !== 'two-disks'));
    expect(r.status, r.stderr).toBe(0);
  });
});

describe('run-qemu.sh boots and reports', () => {
  it('ok: exit 0, the disks in order, the logs and raw/', () => {
    const out = join(dir, 'ok');
    const r = run(good(out));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('journalclub: step: stand-in');
    expect(readFileSync(join(out, 'console.log'), 'utf8')).toContain('reboot: Power down');
    expect(readFileSync(join(out, 'raw', 'status'), 'utf8')).toBe('ok\n');
    expect(readFileSync(join(out, 'accel'), 'utf8')).toBe('tcg\n');
    expect(readFileSync(join(out, 'accel_reason'), 'utf8')).toBe('asked for with --accel tcg\n');
    expect(readFileSync(join(out, 'wall_s'), 'utf8')).toMatch(/^\d+\.\d{3}\n$/);
    const qemuTxt = readFileSync(join(out, 'qemu.txt'), 'utf8').split('\n');
    expect(qemuTxt[0]).toBe('QEMU emulator version 0.0 (stand-in)');
    expect(qemuTxt[1]).toContain("-append 'console=ttyS0 panic=-1 quiet no_timer_check acpi=noirq jc.lab=two-disks jc.variant=before jc.profile=quick'");
    const args = readFileSync(join(dir, 'args'), 'utf8').split('\n');
    const drives = args.filter((_, i) => args[i - 1] === '-drive');
    expect(drives).toEqual([
      `file=${out}/work/results.img,format=raw,if=virtio`,
      `file=${out}/work/ext4.img,format=raw,if=virtio`,
      `file=${out}/work/btrfs.img,format=raw,if=virtio`,
    ]);
    expect(args).toEqual(expect.arrayContaining(['-nodefaults', '-no-reboot', '-smp', '2', '-m', '1024', '-accel', 'tcg,thread=multi']));
    expect(existsSync(join(out, 'work')), 'the disk copies are removed').toBe(false);
    expect(r.stderr).toContain(`logs in ${out}`);
  });

  it('a disks line for the paper profile: the paper run boots with those disks, the quick run with the others', () => {
    const drives = (profile: string): string[] => {
      const out = join(dir, `by-profile-${profile}`);
      const r = run(good(out).map((a) => (a === 'two-disks' ? 'by-profile' : a === 'quick' ? profile : a)));
      expect(r.status, r.stderr).toBe(0);
      const args = readFileSync(join(dir, 'args'), 'utf8').split('\n');
      return args.filter((_, i) => args[i - 1] === '-drive').map((d) => d.replace(/^file=.*\/work\//, '').replace(/,.*/, ''));
    };
    expect(drives('quick')).toEqual(['results.img', 'ext4.img', 'btrfs.img']);
    expect(drives('paper')).toEqual(['results.img', 'ext4-inodes.img', 'btrfs.img']);
  });

  it('stamps, as the console lines arrive, /init\'s first line, the benchmark\'s first and the power-off', () => {
    const out = join(dir, 'staged');
    const r = run(good(out), 'staged');
    expect(r.status, r.stderr).toBe(0);
    /* the console passes through whole, in order */
    expect(r.stdout).toBe(readFileSync(join(out, 'console.log'), 'utf8'));
    expect(r.stdout).toMatch(/^Linux version stand-in\n.*init at 0\.30 s\n.*first line\na last line without a newline$/s);
    const secs = (f: string): number => {
      const text = readFileSync(join(out, f), 'utf8');
      expect(text, f).toMatch(/^\d+\.\d{3}\n$/);
      return Number(text);
    };
    const [init, bench, wall] = [secs('init_s'), secs('bench_start_s'), secs('wall_s')];
    /*
     * the stand-in sleeps 1 s before each: stamps taken at the end, or twice
     * at one line, would be apart by next to nothing; a loaded machine may
     * stamp a line late, hence the margin
     */
    expect(init).toBeGreaterThanOrEqual(0.98);
    expect(bench - init).toBeGreaterThanOrEqual(0.3);
    expect(wall - bench).toBeGreaterThanOrEqual(0.3);
  });

  it('no stamps when the console never shows /init\'s line', () => {
    const out = join(dir, 'unstamped');
    expect(run(good(out)).status).toBe(0);
    expect(existsSync(join(out, 'init_s'))).toBe(false);
    expect(existsSync(join(out, 'bench_start_s'))).toBe(false);
    expect(existsSync(join(out, 'wall_s'))).toBe(true);
  });

  it('--keep-disks keeps the copies', () => {
    const out = join(dir, 'keep');
    expect(run(good(out, ['--keep-disks'])).status).toBe(0);
    expect(readFileSync(join(out, 'work', 'btrfs.img'), 'utf8')).toBe('btrfs image\n');
  });

  it('a failed benchmark: exit 3 and the status', () => {
    const r = run(good(join(dir, 'failed')), 'failed');
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toContain('failed: fs_mark exited with status 1');
  });

  it('a timeout: exit 4, QEMU killed, logs kept', () => {
    const out = join(dir, 'hang');
    const t0 = Date.now();
    const r = run(good(out, ['--timeout', '2']), 'hang');
    expect(r.status, r.stderr).toBe(4);
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect(r.stderr).toContain('did not power off within 2 s');
    expect(r.stderr).toContain('booting');
    expect(readFileSync(join(out, 'console.log'), 'utf8')).toContain('booting');
  });

  it('a panic: exit 5 and the console', () => {
    const r = run(good(join(dir, 'panic')), 'panic');
    expect(r.status, r.stderr).toBe(5);
    expect(r.stderr).toContain('the guest kernel panicked');
    expect(r.stderr).toContain('Kernel panic - not syncing: stand-in');
  });

  it('no results: exit 5', () => {
    const r = run(good(join(dir, 'silent')), 'silent');
    expect(r.status, r.stderr).toBe(5);
    expect(r.stderr).toContain('the guest left no results on its results disk');
  });

  it('auto picks an accelerator and says why', () => {
    const out = join(dir, 'auto');
    const r = run(good(out).map((a) => (a === 'tcg' ? 'auto' : a)));
    expect(r.status, r.stderr).toBe(0);
    const accel = readFileSync(join(out, 'accel'), 'utf8').trim();
    expect(['kvm', 'tcg']).toContain(accel);
    expect(readFileSync(join(out, 'accel_reason'), 'utf8').trim().length).toBeGreaterThan(10);
  });
});
