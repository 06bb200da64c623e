/**
 * Faults of the kernel lab's machinery, each under TCG through `journalclub
 * kernel run` as a student runs it: a guest that panics, hangs past its
 * timeout, fills its disk, lacks a benchmark binary, is killed midway or
 * leaves noise on its results disk; a host without qemu-system-x86_64; a
 * KVM that is there but broken. Each must end in one clear message and a
 * non-zero exit, keep the console log and every raw file the guest left,
 * and leave no results file where `kernel compare` would read it.
 *
 * The guest faults are injected with jc.fault= on the kernel command line
 * (kernel-lab/guest/init), added by a QEMU wrapper, so the kernel and image
 * are the ones every other run uses.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { REPO_ROOT } from '../../cli/kernel/paths';
import { KERNEL_LAB_SPECS } from '../../kernel-lab/labs.gen';
import { KERNEL_LABS } from '../../lib/kernel-results';
import { CLI, journalclub, qemuAppending, said, type Ran } from './cli';

/* the machinery is every lab's: the registry's first shows it, its benchmark's program the binary a guest lacks */
const LAB = KERNEL_LABS[0];
const BINARY = KERNEL_LAB_SPECS[LAB].benchmark.split(' ')[0]!;

const work = mkdtempSync(join(tmpdir(), 'jc-faults-'));
/** A QEMU that boots the real one with @fault on the kernel command line. */
function faultyQemu(fault: string): string {
  return qemuAppending(join(work, `qemu-${fault.replace(/\W/g, '-')}`), `jc.fault=${fault}`);
}

/** The one run directory `kernel run` made in @out, and no results file beside it. */
function runDir(out: string): string {
  const names = readdirSync(out);
  assert.deepEqual(
    names.filter((n) => n.endsWith('.json') || n.endsWith('.tmp')),
    [],
    `a failed run left a results file where kernel compare would read it: ${names.join(', ')}`,
  );
  const dirs = names.filter((n) => !n.includes('.'));
  assert.equal(dirs.length, 1, `one run directory in ${out}, found ${names.join(', ')}`);
  return join(out, dirs[0]);
}

/** A failed `kernel run`: exit 1, one `journalclub:` line naming @what, no stack trace. */
function assertFailed(r: Ran, what: RegExp): void {
  assert.equal(r.status, 1, said(r));
  const error = r.stderr
    .split('\n')
    .filter((l) => l.startsWith('journalclub: '))
    .at(-1);
  assert.ok(error, `no "journalclub: ..." error line:\n${said(r)}`);
  assert.match(error, what);
  assert.match(error, /kept in /);
  assert.doesNotMatch(r.stderr, /\n\s+at .+:\d+:\d+/, 'a stack trace');
}

function labRun(out: string, qemu: string, extra: string[] = [], timeoutS = 300): Ran {
  return journalclub(
    ['kernel', 'run', LAB, '--variant', 'after', '--accel', 'tcg', '--out', out, ...extra],
    timeoutS,
    { QEMU: qemu },
  );
}

describe('kernel-lab faults', () => {
  before(() => {
    for (const step of ['build', 'image']) {
      const r = journalclub(['kernel', step], 3600);
      assert.equal(r.status, 0, said(r));
    }
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  test('a guest whose init exits: the kernel panics, the run says so and keeps the console', () => {
    const out = join(work, 'panic');
    const r = labRun(out, faultyQemu('panic'));
    assertFailed(r, /panicked or left no results \(the guest kernel panicked/);
    const dir = runDir(out);
    const console = readFileSync(join(dir, 'console.log'), 'utf8');
    // the kernel's panic lines race init's last echo on the console, so only the panic is matched
    assert.match(console, /Kernel panic - not syncing: Attempted to kill init/);
  });

  test('a guest that hangs: QEMU is stopped at the timeout, logs kept', () => {
    const out = join(work, 'hang');
    const t0 = Date.now();
    const r = labRun(out, faultyQemu('hang'), ['--timeout', '20']);
    assertFailed(r, /timed out or QEMU was killed \(the guest did not power off within 20 s/);
    assert.ok(Date.now() - t0 < 120_000, `took ${Date.now() - t0} ms for a 20 s timeout`);
    assert.match(readFileSync(join(runDir(out), 'console.log'), 'utf8'), /journalclub: fault: the guest hangs/);
  });

  test('a guest whose disk is full: the benchmark fails naming the full disk, raw files kept', () => {
    const out = join(work, 'fill');
    const r = labRun(out, faultyQemu('fill-disk'));
    assertFailed(r, /the benchmark failed in the guest \(failed: .*No space left on device/);
    const dir = runDir(out);
    for (const f of ['status', 'bench.log', 'uname-r.txt', 'boot_s']) assert.ok(existsSync(join(dir, 'raw', f)), `raw/${f} kept`);
  });

  test('a guest without the benchmark binary: the failure names the program', () => {
    const out = join(work, 'nobin');
    const r = labRun(out, faultyQemu(`no-binary:${BINARY}`));
    assertFailed(r, new RegExp(`the benchmark failed in the guest \\(failed: ${BINARY} is not in this image`));
    assert.ok(existsSync(join(runDir(out), 'raw', 'bench.log')));
  });

  test('noise on the results disk: no results, the console kept', () => {
    const out = join(work, 'noise');
    const r = labRun(out, faultyQemu('no-results'));
    assertFailed(r, /panicked or left no results \(the guest left no results on its results disk/);
    assert.match(readFileSync(join(runDir(out), 'console.log'), 'utf8'), /fault: noise on the results disk/);
  });

  test('QEMU killed midway: the run says it was killed, not that it timed out', async () => {
    const out = join(work, 'killed');
    // a guest that never finishes (the hang fault) with a long timeout: whenever the kill lands, it is midway
    const child = spawn(process.execPath, [...CLI, 'kernel', 'run', LAB, '--variant', 'after', '--accel', 'tcg', '--timeout', '600', '--out', out], {
      cwd: REPO_ROOT,
      env: { ...process.env, QEMU: faultyQemu('hang') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const done = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    // wait until the guest is up (its console says so), then kill QEMU as a crash or an OOM killer would
    const console = (): string => {
      const dirs = existsSync(out) ? readdirSync(out).filter((n) => !n.includes('.')) : [];
      const log = dirs.length ? join(out, dirs[0]!, 'console.log') : '';
      return log && existsSync(log) ? readFileSync(log, 'utf8') : '';
    };
    const t0 = Date.now();
    while (!/fault: the guest hangs/.test(console()) && Date.now() - t0 < 180_000) {
      await new Promise((res) => setTimeout(res, 200));
    }
    assert.match(console(), /fault: the guest hangs/, `the guest never came up:\n${(stdout + stderr).slice(-1500)}`);
    const killed = spawnSync('pkill', ['-KILL', '-f', `qemu-system-x86_64 .*${out}`]);
    assert.equal(killed.status, 0, 'no QEMU of this run to kill');
    const code = await done;
    assertFailed({ status: code, stdout, stderr }, /timed out or QEMU was killed \(QEMU was killed by signal 9 after \d+ s, before the guest finished/);
    assert.ok(existsSync(join(runDir(out), 'console.log')));
  });

  test('a host without qemu-system-x86_64: one line saying what to install', () => {
    const out = join(work, 'noqemu');
    const r = labRun(out, join(work, 'no-such-qemu'), [], 60);
    assertFailed(r, /this host could not run the guest \(.*not found: install QEMU \(Debian package qemu-system-x86\)/);
  });

  test('KVM present but broken: --accel kvm fails with what QEMU said', () => {
    const qemu = join(work, 'qemu-broken-kvm');
    writeFileSync(
      qemu,
      `#!/bin/sh
for a in "$@"; do
	if [ "$a" = kvm ]; then
		echo "Could not access KVM kernel module: Permission denied" >&2
		echo "qemu-system-x86_64: failed to initialize kvm: Permission denied" >&2
		exit 1
	fi
done
exec qemu-system-x86_64 "$@"
`,
    );
    chmodSync(qemu, 0o755);
    const out = join(work, 'kvm');
    const r = journalclub(['kernel', 'run', LAB, '--variant', 'after', '--accel', 'kvm', '--out', out], 120, { QEMU: qemu });
    assertFailed(r, /this host could not run the guest \(QEMU could not start the guest \(exit 1\): Could not access KVM kernel module/);
  });
});
