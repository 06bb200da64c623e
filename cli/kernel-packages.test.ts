import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LabError } from './errors';
import { COMMANDS_WITHOUT_PACKAGES, ensureKernelPackages, installCommand, type PackageHost } from './kernel-packages';

/** A machine with these packages missing; what it was asked is recorded. */
function host(missing: string[] | null, root: boolean, status = 0): PackageHost & { asked: number; installed: number } {
  const h = {
    asked: 0,
    installed: 0,
    missing() {
      h.asked++;
      return missing;
    },
    isRoot: () => root,
    install() {
      h.installed++;
      return status;
    },
  };
  return h;
}

describe("the kernel lab's packages", () => {
  it('are the kernel group of scripts/setup.sh: QEMU, the kernel toolchain, the guest benchmarks', () => {
    const r = spawnSync('bash', ['scripts/setup.sh', '--list', '--kernel'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    const kernel = r.stdout.trim().split(' ');
    for (const p of ['qemu-system-x86', 'flex', 'bison', 'libelf-dev', 'fio', 'fsmark', 'dbench', 'busybox-static']) expect(kernel).toContain(p);
    const serve = spawnSync('bash', ['scripts/setup.sh', '--list', '--serve'], { encoding: 'utf8' }).stdout.trim().split(' ');
    expect(serve).toContain('emscripten');
    for (const p of ['qemu-system-x86', 'chromium', 'clang-14', 'fio', 'libcmocka-dev']) expect(serve).not.toContain(p);
  });

  it('are not asked for when all are there, nor by compare, ingest, verify or a dry run', () => {
    const there = host([], false);
    ensureKernelPackages('run', {}, there);
    expect(there.asked).toBe(1);
    const none = host(['qemu-system-x86'], false);
    for (const c of COMMANDS_WITHOUT_PACKAGES) ensureKernelPackages(c, {}, none);
    ensureKernelPackages('build', { dryRun: true }, none);
    expect(none.asked).toBe(0);
  });

  it('stop the command with the exact apt-get command when missing and not root', () => {
    const h = host(['qemu-system-x86', 'fio'], false);
    expect(() => ensureKernelPackages('run', {}, h)).toThrow(LabError);
    expect(() => ensureKernelPackages('run', {}, h)).toThrow(
      'install them with: sudo apt-get update && sudo apt-get install -y --no-install-recommends qemu-system-x86 fio',
    );
    expect(h.installed).toBe(0);
  });

  it('are installed as root, and a failed install says so with the command', () => {
    const ok = host(['fio'], true);
    ensureKernelPackages('image', {}, ok);
    expect(ok.installed).toBe(1);
    const broken = host(['fio'], true, 100);
    expect(() => ensureKernelPackages('image', {}, broken)).toThrow(
      `installing the kernel lab's Debian packages failed (exit status 100); run it yourself: ${installCommand(['fio'], true)}`,
    );
  });

  it('are left to the command on a machine without dpkg', () => {
    const h = host(null, false);
    ensureKernelPackages('run', {}, h);
    expect(h.installed).toBe(0);
  });
});
