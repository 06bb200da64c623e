/**
 * `journalclub kernel build --target host`: the lab kernel as Debian packages
 * for a real machine. A distribution's config takes hours on two cores, so
 * the packaging path is built here with the lab guest's own final config as
 * the given config (the same tree and ccache: most objects hit), and the
 * packages' contents are checked as a machine would use them: the kernel
 * image, config and System.map under /boot named by a release that ends in
 * -journalclub, the package a user boots, every lab option and switch in
 * the kernel, and the headers package. A second build is a cache hit.
 *
 * These tests run in order: each needs what the one before it built.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { KERNEL_LAB_SPECS } from '../../kernel-lab/labs.gen';
import { KERNEL_LABS } from '../../lib/kernel-results';
import { currentKernel, fragmentOptions, missingOptions } from '../../cli/kernel/build';
import { currentHostKernel, type HostKernelBuild } from '../../cli/kernel/hostbuild';
import { CONFIG_DIR } from '../../cli/kernel/paths';
import { journalclub, said } from './cli';

function dpkgDeb(args: string[]): string {
  const r = spawnSync('dpkg-deb', args, { encoding: 'utf8', maxBuffer: 256 << 20 });
  assert.equal(r.status, 0, `dpkg-deb ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

describe('kernel build --target host', () => {
  let guestConfig = '';
  let built: HostKernelBuild | null = null;
  let printed: string[] = [];
  let release = '';
  const work = mkdtempSync(join(tmpdir(), 'jc-host-build-'));

  before(() => {
    /* the guest kernel's final config is the given config: a cache hit when the kernel suite built it */
    const b = journalclub(['kernel', 'build'], 3600);
    assert.equal(b.status, 0, said(b));
    const k = currentKernel();
    assert.ok(k, 'kernel build left a current kernel');
    guestConfig = join(k.dir, 'config');
    assert.ok(existsSync(guestConfig), `${guestConfig} is there`);
  });

  after(() => {
    rmSync(work, { recursive: true, force: true });
  });

  test('builds installable packages from a given config', () => {
    const r = journalclub(['kernel', 'build', '--target', 'host', '--config', guestConfig], 7200);
    assert.equal(r.status, 0, said(r));
    printed = r.stdout.trim().split('\n');
    built = currentHostKernel();
    assert.ok(built, 'the build left host/current');
    assert.deepEqual(
      printed.map((p) => basename(p)),
      built.manifest.packages.map((p) => p.file),
      'the printed paths are the manifest packages',
    );
    for (const p of printed) assert.ok(existsSync(p), `${p} exists`);
    release = built.manifest.kernel_release;
    assert.match(release, /^6\.12\.\d+-journalclub$/);
    assert.equal(built.manifest.image_package, `linux-image-${release}`);
    assert.equal(built.manifest.headers_package, `linux-headers-${release}`);
    assert.equal(built.manifest.given_config.from, `--config ${guestConfig}`);
  });

  test('the image package boots: /boot/vmlinuz, config and System.map of the -journalclub release', () => {
    assert.ok(built);
    const image = join(built.dir, built.manifest.packages.find((p) => p.package === built!.manifest.image_package)!.file);
    assert.equal(dpkgDeb(['-f', image, 'Package']).trim(), `linux-image-${release}`);
    assert.equal(dpkgDeb(['-f', image, 'Architecture']).trim(), 'amd64');
    const files = dpkgDeb(['-c', image]);
    for (const f of [`./boot/vmlinuz-${release}`, `./boot/config-${release}`, `./boot/System.map-${release}`, `./lib/modules/${release}/`]) {
      assert.ok(files.split('\n').some((l) => l.endsWith(` ${f}`)), `${basename(image)} holds ${f}`);
    }
    /* the postinst hooks that make the boot loader offer it */
    assert.match(dpkgDeb(['-I', image]), /postinst/);

    const root = join(work, 'image');
    dpkgDeb(['-x', image, root]);
    const config = readFileSync(join(root, 'boot', `config-${release}`), 'utf8');
    assert.equal(config, readFileSync(join(built.dir, 'config'), 'utf8'), 'the packaged config is the build config');
    assert.match(config, /^CONFIG_LOCALVERSION="-journalclub"$/m);
    const lab = fragmentOptions(readFileSync(join(CONFIG_DIR, 'lab.config'), 'utf8'));
    assert.deepEqual(missingOptions(lab, config), [], 'every lab option is in the packaged config');
    assert.ok(readFileSync(join(root, 'boot', `vmlinuz-${release}`)).length > 1 << 20, 'a kernel image of more than a MiB');

    /* every lab's switch is in the packaged kernel: its variable, sysfs attribute or module parameter */
    const map = readFileSync(join(root, 'boot', `System.map-${release}`), 'utf8');
    for (const lab of KERNEL_LABS) {
      for (const s of KERNEL_LAB_SPECS[lab].switches) {
        const re = new RegExp(`^[0-9a-f]+ [a-zA-Z] (\\S*_)?${s.name}$`, 'm');
        assert.match(map, re, `${lab}'s switch ${s.name} is in System.map`);
      }
    }
  });

  test('the headers package builds modules for that release', () => {
    assert.ok(built);
    const headers = join(built.dir, built.manifest.packages.find((p) => p.package === `linux-headers-${release}`)!.file);
    assert.equal(dpkgDeb(['-f', headers, 'Package']).trim(), `linux-headers-${release}`);
    const files = dpkgDeb(['-c', headers]).split('\n');
    const src = `./usr/src/linux-headers-${release}`;
    for (const f of [`${src}/Makefile`, `${src}/include/config/kernel.release`, `${src}/Module.symvers`, `${src}/scripts/mod/modpost`]) {
      assert.ok(files.some((l) => l.endsWith(` ${f}`)), `${basename(headers)} holds ${f}`);
    }
    assert.ok(
      files.some((l) => l.includes(`./lib/modules/${release}/build -> `)),
      `${basename(headers)} links /lib/modules/${release}/build to the headers`,
    );
  });

  test('a second build with the same config is a cache hit that prints the same packages', () => {
    const t0 = Date.now();
    const r = journalclub(['kernel', 'build', '--target', 'host', '--config', guestConfig], 600);
    assert.equal(r.status, 0, said(r));
    assert.deepEqual(r.stdout.trim().split('\n'), printed);
    assert.match(r.stderr, /is built \(key [0-9a-f]{16}\)/);
    assert.ok(Date.now() - t0 < 120_000, `a cache hit took ${Date.now() - t0} ms`);
    const d = journalclub(['kernel', 'build', '--target', 'host', '--config', guestConfig, '--dry-run'], 120);
    assert.equal(d.status, 0, said(d));
    assert.match(d.stdout, /is built: kernel build --target host does nothing/);
  });
});
