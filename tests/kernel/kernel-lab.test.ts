/**
 * The kernel lab end to end, as a student runs it: each lab's patch applies
 * to Debian's linux-source-6.12 with no fuzz on its own, and all of them
 * together, the kernel and the guest image build (cached), and a bundle
 * runs a lab with nothing but QEMU and the shell tools on PATH, and refuses
 * to run once a file in it is changed. Each lab's runs in both variants and
 * its directions are in its own kernel-lab/labs/<lab>/kernel.test.ts, which
 * the kernel suite runs after this file (tests/kernel/labs.ts).
 *
 * These tests run in order: each needs what the one before it built.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { KERNEL_LAB_SPECS } from '../../kernel-lab/labs.gen';
import { KERNEL_LABS, parseKernelResult } from '../../lib/kernel-results';
import { currentKernel, fragmentOptions, guestFragments, patchFiles } from '../../cli/kernel/build';
import { kernelCache, LABS_DIR, workloadDir } from '../../cli/kernel/paths';
import { journalclub, said } from './cli';

describe('kernel lab', () => {
  test("each lab's patch applies to the fetched source with no fuzz and no offset on its own, and all of them together with no fuzz", () => {
    const deb = join(kernelCache(), 'deb');
    const patches = patchFiles();
    assert.equal(patches.length, KERNEL_LABS.length, 'one patch per lab');
    /* the files the patches touch, fresh from the source package */
    const touched = new Set<string>();
    for (const p of patches) {
      for (const m of readFileSync(p, 'utf8').matchAll(/^\+\+\+ b\/(\S+)/gm)) touched.add(m[1]);
    }
    const work = mkdtempSync(join(tmpdir(), 'jc-patch-'));
    try {
      /* kernel build fetches the package; run it first when the cache is cold */
      if (!existsSync(deb) || !spawnSync('sh', ['-c', `ls ${deb}/*.deb`]).stdout.length) {
        const b = journalclub(['kernel', 'build'], 3600);
        assert.equal(b.status, 0, said(b));
      }
      const members = [...touched].map((f) => `linux-source-6.12/${f}`).join(' ');
      const x = spawnSync(
        'bash',
        ['-c', `set -eo pipefail; dpkg-deb --fsys-tarfile ${deb}/*.deb | tar -xO ./usr/src/linux-source-6.12.tar.xz | tar -xJ -C ${work} ${members}`],
        { encoding: 'utf8' },
      );
      assert.equal(x.status, 0, x.stderr);
      const tree = join(work, 'linux-source-6.12');
      const patch = (p: string, dryRun: boolean) =>
        spawnSync('patch', ['-p1', '--forward', '--batch', '--fuzz=0', ...(dryRun ? ['--dry-run'] : []), '-i', p], { cwd: tree, encoding: 'utf8' });
      /* alone: a lab's patch depends on no other lab's (kernel-lab/labs/README.md) */
      for (const p of patches) {
        const r = patch(p, true);
        assert.equal(r.status, 0, `${p} alone:\n${r.stdout}${r.stderr}`);
        assert.doesNotMatch(r.stdout, /offset|fuzz/i, `${p} applies alone only with an offset or fuzz:\n${r.stdout}`);
      }
      /* together, in the labs' order as the build applies them, then in the reverse order */
      for (const order of [patches, [...patches].reverse()]) {
        for (const p of order) {
          const r = patch(p, false);
          assert.equal(r.status, 0, `${p} after ${order.slice(0, order.indexOf(p)).join(', ') || 'none'}:\n${r.stdout}${r.stderr}`);
          assert.doesNotMatch(r.stdout, /fuzz/i, `${p} applies only with fuzz:\n${r.stdout}`);
        }
        for (const p of [...order].reverse()) assert.equal(spawnSync('patch', ['-p1', '-R', '--batch', '-s', '-i', p], { cwd: tree }).status, 0, `${p} reverts`);
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  test('every switch, counter and measure is named in its patch and its guest script', () => {
    for (const lab of KERNEL_LABS) {
      const spec = KERNEL_LAB_SPECS[lab];
      const patch = readFileSync(join(LABS_DIR, lab, `${lab}.patch`), 'utf8');
      const script = readFileSync(join(workloadDir(lab), 'run.sh'), 'utf8');
      for (const s of [...spec.switches, ...spec.counters, ...(spec.measures ?? [])]) {
        assert.match(patch, new RegExp(`\\b${s.name}\\b`), `${lab}.patch lacks ${s.name}`);
        assert.match(script, new RegExp(`\\b${s.name}\\b`), `${lab}/workload/run.sh lacks ${s.name}`);
      }
    }
  });

  test('the kernel builds, with every option the fragments ask for, and is not rebuilt when nothing changed', () => {
    const first = journalclub(['kernel', 'build'], 3600);
    assert.equal(first.status, 0, said(first));
    const k = currentKernel();
    assert.ok(k, 'kernel build left no current kernel');
    assert.match(k.manifest.kernel_release, /^6\.12\.\d+-journalclub$/);
    assert.equal(k.manifest.patches.length, KERNEL_LABS.length);
    const config = readFileSync(join(k.dir, 'config'), 'utf8');
    for (const f of guestFragments()) {
      for (const [name, value] of fragmentOptions(readFileSync(f, 'utf8'))) {
        const have = fragmentOptions(config).get(name) ?? 'n';
        assert.equal(have, value, `${name} in the built config`);
      }
    }
    const again = journalclub(['kernel', 'build'], 120);
    assert.equal(again.status, 0, said(again));
    assert.match(again.stderr + again.stdout, /is built \(key/, 'a second build with nothing changed is a cache hit');
  });

  test('the guest image builds', () => {
    const r = journalclub(['kernel', 'image'], 1200);
    assert.equal(r.status, 0, said(r));
  });

  /* the lab the bundle reproduces a run of: the first in the labs' order */
  const BUNDLE_LAB = KERNEL_LABS[0];

  describe('the bundle', () => {
    let bundle = '';
    let tarball = '';
    const out = mkdtempSync(join(tmpdir(), 'jc-bundle-'));
    before(() => {
      const r = journalclub(['kernel', 'package', '--out', out, '--no-web'], 600);
      assert.equal(r.status, 0, said(r));
      bundle = join(out, 'journalclub-kernel-lab');
      tarball = join(out, 'journalclub-kernel-lab.tar.gz');
    });

    test('verify accepts it, as a directory and as a tarball', () => {
      for (const p of [bundle, tarball]) {
        const r = journalclub(['kernel', 'verify', p], 300);
        assert.equal(r.status, 0, said(r));
        assert.match(r.stdout, /ok, \d+ files match SHA256SUMS/);
      }
    });

    test('its run script reproduces a lab run with only QEMU and the shell tools on PATH', () => {
      /* a PATH with nothing of the project's: no node, no journalclub, no mkfs */
      const bin = join(out, 'bin');
      mkdirSync(bin);
      const tools = ['sh', 'cat', 'cp', 'mkdir', 'rm', 'date', 'dirname', 'sha256sum', 'tar', 'head', 'tail', 'sleep',
        'kill', 'timeout', 'truncate', 'dd', 'grep', 'sed', 'cut', 'tr', 'wc', 'ls', 'echo', 'printf', 'stat', 'mv',
        'basename', 'test', 'env', 'expr', 'awk', 'qemu-system-x86_64', 'qemu-img', 'od', 'sort', 'id', 'nproc', 'touch', 'seq', 'mktemp', 'readlink', 'uname', 'true', 'false', 'chmod', 'xargs',
        'tee', 'pwd', 'ps', 'pkill', 'kill', 'wait'];
      for (const t of tools) {
        const w = spawnSync('sh', ['-c', `command -v ${t}`], { encoding: 'utf8' }).stdout.trim();
        if (w.startsWith('/')) symlinkSync(w, join(bin, t));
      }
      const run = spawnSync(join(bundle, 'run'), [BUNDLE_LAB, 'before', '--out', join(out, 'r1')], {
        env: { PATH: bin, HOME: out },
        encoding: 'utf8',
        timeout: 400_000,
      });
      assert.equal(run.status, 0, `${run.stdout.slice(-1500)}\n${run.stderr.slice(-1500)}`);
      assert.equal(readFileSync(join(out, 'r1', 'raw', 'status'), 'utf8').trim(), 'ok');
      const ingest = journalclub(['kernel', 'ingest', join(out, 'r1')], 60);
      assert.equal(ingest.status, 0, said(ingest));
      const r = parseKernelResult(readFileSync(join(out, 'r1.json'), 'utf8'));
      for (const c of KERNEL_LAB_SPECS[BUNDLE_LAB].counters) assert.ok(r.counters[c.name]! > 0, `${c.name}: the bundle run had the switch live`);
    });

    test('a bundle whose files do not match SHA256SUMS is refused by run and by verify', () => {
      const copy = join(out, 'tampered');
      cpSync(bundle, copy, { recursive: true });
      appendFileSync(join(copy, 'run-qemu.sh'), '\n# changed\n');
      const run = spawnSync(join(copy, 'run'), [BUNDLE_LAB, 'after'], { encoding: 'utf8', timeout: 120_000 });
      assert.equal(run.status, 6, run.stderr);
      assert.match(run.stderr, /do not match its SHA256SUMS: refusing/);
      const v = journalclub(['kernel', 'verify', copy], 300);
      assert.equal(v.status, 1, said(v));
      assert.match(v.stderr, /run-qemu\.sh does not match SHA256SUMS/);
      rmSync(out, { recursive: true, force: true });
    });
  });
});
