/**
 * The kernel build's commands without building: how a command is printed
 * for a shell, the config a host build starts from and its refusals, what
 * the final config must keep, and --dry-run, which prints the commands of
 * `kernel build` (both targets) and `kernel run` and creates nothing.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKey, dryRunGuestBuild, fragmentOptions, kernelDrift, labFragments, missingNote, missingTools, patchFiles } from './build';
import { debsOfFiles, dryRunHostBuild, findHostConfig, hostConfigProblems, hostKey, seedFromGuestBuild, type ConfigPlaces } from './hostbuild';
import { KERNEL_LABS } from '../../lib/kernel-results';
import { CONFIG_DIR, REPO_ROOT } from './paths';
import { closeLog, formatCommand, hasCommand, openLog, shellQuote } from './proc';
import { bootCommand, dryRunLab, planRun, repeatOrder } from './run';

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'jc-hostbuild-'));
});
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** Every file under @dir, relative to it. */
function listing(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).sort();
}

/** A config file with @lines in a fresh directory of the scratch. */
function configFile(name: string, lines: string[]): string {
  const dir = mkdtempSync(join(scratch, 'config-'));
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const X86_64 = ['CONFIG_64BIT=y', 'CONFIG_X86_64=y', 'CONFIG_LOCALVERSION=""', '# CONFIG_BTRFS_FS is not set'];

describe('a command printed for a shell', () => {
  it('gives a POSIX shell the same argv back', () => {
    const argv = ['printf', '%s|\\n', 'plain', 'a b', "it's", '', '$HOME', 'x;y', 'CC=ccache gcc', '*'];
    const ran = spawnSync('sh', ['-c', formatCommand({ argv })], { encoding: 'utf8' });
    expect(ran.status).toBe(0);
    expect(ran.stdout).toBe(argv.slice(2).map((a) => `${a}|\n`).join(''));
  });

  it('runs in its directory with its environment, and leaves the shell where it was', () => {
    const dir = mkdtempSync(join(scratch, 'cwd it'));
    const line = formatCommand({ argv: ['sh', '-c', 'pwd; echo "$JC_X"'], cwd: dir, env: { JC_X: "a 'b'" } });
    const ran = spawnSync('sh', ['-c', `${line}; pwd`], { cwd: scratch, encoding: 'utf8' });
    expect(ran.stdout.split('\n')).toEqual([dir, "a 'b'", scratch, '']);
  });

  it('leaves a word with nothing special as it is', () => {
    expect(shellQuote('O=/a/b-c_d.e')).toBe('O=/a/b-c_d.e');
    expect(shellQuote('')).toBe("''");
    expect(shellQuote('<key>')).toBe("'<key>'");
  });
});

describe('hasCommand', () => {
  it('finds an executable on PATH and nothing else', () => {
    expect(hasCommand('sh')).toBe(true);
    expect(hasCommand('jc-no-such-command')).toBe(false);
    expect(hasCommand('sh', '/nonexistent')).toBe(false);
    expect(hasCommand('/bin/sh', '')).toBe(true);
    expect(hasCommand('sh; true')).toBe(false);
  });
});

describe('no shell strings in the kernel lab', () => {
  it('runs every command of cli/kernel as an argv list', () => {
    const dir = join(REPO_ROOT, 'cli', 'kernel');
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
      const text = readFileSync(join(dir, f), 'utf8');
      expect(text, f).not.toMatch(/['"`]bash['"`]/);
      expect(text, f).not.toMatch(/['"`](ba|da|z)?sh['"`]\s*,\s*\[\s*['"`]-c['"`]/);
      expect(text, f).not.toMatch(/shell:\s*(true|opts)/);
      expect(text, f).not.toMatch(/import\s*{[^}]*\bexec(Sync)?\b[^}]*}\s*from\s*'node:child_process'/);
    }
  });
});

describe('the config a host build starts from', () => {
  const none: ConfigPlaces = { boot: '/nonexistent-boot', release: '6.1.0-99-amd64', procConfig: '/nonexistent-proc/config.gz' };

  it('takes --config when it is an x86_64 config', () => {
    const path = configFile('config-6.12', X86_64);
    const c = findHostConfig(path, none);
    expect(c.path).toBe(path);
    expect(c.from).toBe(`--config ${path}`);
    expect(c.text).toContain('CONFIG_X86_64=y');
  });

  it('refuses a --config that is missing, a directory, empty, a fragment or for another machine', () => {
    expect(() => findHostConfig(join(scratch, 'nope'), none)).toThrow(/--config .*nope: no such file; give one with --config FILE/);
    expect(() => findHostConfig(scratch, none)).toThrow(/not a file/);
    expect(() => findHostConfig(configFile('empty', ['# nothing']), none)).toThrow(/is not a kernel config: it sets no CONFIG_ option/);
    expect(() => findHostConfig(join(CONFIG_DIR, 'lab.config'), none)).toThrow(/lab\.config is not an x86_64 kernel config \(it has no CONFIG_X86_64=y\)/);
    expect(() => findHostConfig(configFile('arm64', ['CONFIG_ARM64=y', 'CONFIG_64BIT=y']), none)).toThrow(/not an x86_64 kernel config/);
  });

  it("takes the running kernel's /boot/config-<release>, else /proc/config.gz", () => {
    const boot = mkdtempSync(join(scratch, 'boot-'));
    const proc = join(boot, 'config.gz');
    writeFileSync(proc, gzipSync(`${[...X86_64, 'CONFIG_FROM_PROC=y'].join('\n')}\n`));
    const fromProc = findHostConfig(undefined, { boot, release: '6.1.0-99-amd64', procConfig: proc });
    expect(fromProc.from).toBe(`the running kernel's ${proc}`);
    expect(fromProc.text).toContain('CONFIG_FROM_PROC=y');
    writeFileSync(join(boot, 'config-6.1.0-99-amd64'), `${X86_64.join('\n')}\n`);
    const fromBoot = findHostConfig(undefined, { boot, release: '6.1.0-99-amd64', procConfig: proc });
    expect(fromBoot.path).toBe(join(boot, 'config-6.1.0-99-amd64'));
    expect(fromBoot.text).not.toContain('CONFIG_FROM_PROC');
  });

  it("refuses when there is none, and says where Debian's is", () => {
    let message = '';
    try {
      findHostConfig(undefined, none);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^no kernel config to start from: the running kernel \(6\.1\.0-99-amd64\) has no \/nonexistent-boot\/config-6\.1\.0-99-amd64/);
    expect(message).toContain('/nonexistent-proc/config.gz');
    expect(message).toContain('--config FILE');
    expect(message).toMatch(/apt-get download linux-headers-6\.12\.<N>\+deb12-amd64`/);
    expect(message).toMatch(/dpkg-deb -x linux-headers-\*\.deb h`, then --config h\/usr\/src\/linux-headers-6\.12\.<N>\+deb12-amd64\/\.config/);
  });

  it('keys a build by the config it starts from', () => {
    const a = hostKey('0123456789abcdef', 'CONFIG_X86_64=y\n');
    expect(a.key).toMatch(/^[0-9a-f]{16}$/);
    expect(hostKey('0123456789abcdef', 'CONFIG_X86_64=y\n').key).toBe(a.key);
    expect(hostKey('0123456789abcdef', 'CONFIG_X86_64=y\nCONFIG_SMP=y\n').key).not.toBe(a.key);
    expect(hostKey('fedcba9876543210', 'CONFIG_X86_64=y\n').key).not.toBe(a.key);
    expect(a.fragments.map((f) => f.name)).toEqual(['lab.config', ...labFragments().map((f) => basename(f)), 'host.config']);
  });
});

describe('what the final config of a host build must keep', () => {
  const lab = fragmentOptions(readFileSync(join(CONFIG_DIR, 'lab.config'), 'utf8'));
  const host = fragmentOptions(readFileSync(join(CONFIG_DIR, 'host.config'), 'utf8'));
  const good = [
    ...[...lab].map(([k, v]) => `${k}=${v}`),
    'CONFIG_LOCALVERSION="-journalclub"',
    '# CONFIG_LOCALVERSION_AUTO is not set',
    'CONFIG_DEBUG_INFO_NONE=y',
  ].join('\n');

  it('is content with every lab option and the release suffix; a host option the config does not offer is fine', () => {
    expect(lab.get('CONFIG_BTRFS_FS')).toBe('y');
    expect(host.get('CONFIG_LOCALVERSION')).toBe('"-journalclub"');
    expect(hostConfigProblems(good, lab, host)).toEqual([]);
  });

  it('names a lab option that was lost (built as a module counts as lost)', () => {
    expect(hostConfigProblems(good.replace('CONFIG_BTRFS_FS=y', 'CONFIG_BTRFS_FS=m'), lab, host)).toEqual(['CONFIG_BTRFS_FS=y (got m)']);
    expect(hostConfigProblems(good.replace('CONFIG_HIST_TRIGGERS=y', ''), lab, host)).toEqual(['CONFIG_HIST_TRIGGERS=y (got not set)']);
  });

  it('names a host option the config offers with another value', () => {
    expect(hostConfigProblems(`${good}\nCONFIG_SYSTEM_TRUSTED_KEYS="debian/certs/debian-uefi-certs.pem"`, lab, host)).toEqual([
      'CONFIG_SYSTEM_TRUSTED_KEYS="" (got "debian/certs/debian-uefi-certs.pem")',
    ]);
    expect(hostConfigProblems(good.replace('"-journalclub"', '""'), lab, host)).toEqual(['CONFIG_LOCALVERSION="-journalclub" (got "")']);
  });
});

describe('debsOfFiles', () => {
  it("lists the packages of bindeb-pkg's debian/files", () => {
    const text = [
      'linux-image-6.12.117-journalclub_6.12.117-1_amd64.deb kernel optional',
      'linux-headers-6.12.117-journalclub_6.12.117-1_amd64.deb kernel optional',
      'linux-libc-dev_6.12.117-1_amd64.deb devel optional',
      'linux-upstream_6.12.117-1_amd64.buildinfo kernel optional',
      '',
    ].join('\n');
    expect(debsOfFiles(text)).toEqual([
      'linux-image-6.12.117-journalclub_6.12.117-1_amd64.deb',
      'linux-headers-6.12.117-journalclub_6.12.117-1_amd64.deb',
      'linux-libc-dev_6.12.117-1_amd64.deb',
    ]);
  });
});

describe('--dry-run', () => {
  /** A cache that has the source package (an empty file by its name): the key is known. */
  function cacheWithSource(): NodeJS.ProcessEnv {
    const xdg = mkdtempSync(join(scratch, 'xdg-'));
    mkdirSync(join(xdg, 'journalclub', 'kernel', 'deb'), { recursive: true });
    writeFileSync(join(xdg, 'journalclub', 'kernel', 'deb', 'linux-source-6.12_6.12.117-1~deb12u1_all.deb'), '');
    return { ...process.env, XDG_CACHE_HOME: xdg };
  }

  it('prints the guest build from a cold cache and creates nothing', () => {
    const xdg = join(scratch, 'cold-xdg');
    const lines = dryRunGuestBuild({ env: { ...process.env, XDG_CACHE_HOME: xdg }, jobs: 3 });
    /* one patch a lab (kernel-lab/labs/<lab>/<lab>.patch) */
    expect(lines[0]).toMatch(new RegExp(`^# kernel build: linux-source-6\\.12 with ${KERNEL_LABS.length} patches -> bzImage; nothing is run`));
    const cmds = lines.filter((l) => !l.startsWith('#'));
    expect(cmds[0]).toBe(`(cd ${xdg}/journalclub/kernel/deb && apt-get download linux-source-6.12)`);
    expect(cmds[1]).toMatch(/^dpkg-deb -x .*linux-source-6\.12_<version>_all\.deb/);
    expect(cmds[2]).toMatch(/^tar -xJf .*usr\/src\/linux-source-6\.12\.tar\.xz' -C .* --strip-components=1$/);
    expect(cmds.filter((l) => / patch -p1 .*--fuzz=0/.test(l))).toHaveLength(patchFiles().length);
    expect(cmds.filter((l) => / make /.test(l)).map((l) => l.replace(/.* make \S+ /, '').replace(/\)$/, ''))).toEqual(
      expect.arrayContaining(['tinyconfig', 'olddefconfig']),
    );
    expect(cmds[cmds.length - 1]).toMatch(/make 'O=[^']*\/build\/<key>' -j3 .*bzImage\)$/);
    expect(() => readdirSync(xdg)).toThrow(/ENOENT/);
  });

  it('prints the host build: given config, both fragments, olddefconfig, bindeb-pkg; creates nothing', () => {
    const env = cacheWithSource();
    const before = listing(env.XDG_CACHE_HOME!);
    const config = configFile('config-6.12.117', X86_64);
    const lines = dryRunHostBuild({ env, config, jobs: 2 });
    expect(listing(env.XDG_CACHE_HOME!)).toEqual(before);
    const text = lines.join('\n');
    const key = hostKey(/trees\/([0-9a-f]{16})/.exec(text)![1], readFileSync(config, 'utf8')).key;
    expect(text).toContain(`# copies ${config} to ${env.XDG_CACHE_HOME}/journalclub/kernel/host-build/${key}/.config`);
    const merge = lines.find((l) => l.includes('merge_config.sh'))!;
    expect(merge).toMatch(/merge_config\.sh -m -O \S+\/host-build\/[0-9a-f]{16} \S+\/\.config \S+\/lab\.config( \S+\/[a-z0-9-]+\.config)* \S+\/host\.config\)$/);
    expect(lines.some((l) => / make O=\S+ olddefconfig\)$/.test(l))).toBe(true);
    const make = lines.find((l) => l.endsWith('bindeb-pkg)'))!;
    expect(make).toContain(`make O=${env.XDG_CACHE_HOME}/journalclub/kernel/host-build/${key} -j2`);
    expect(make).toContain('KBUILD_BUILD_USER=journalclub');
    if (hasCommand('ccache')) expect(make).toContain("'CC=ccache gcc'");
    expect(text).toContain(`/journalclub/kernel/host/${key}/`);
  });

  it('notes the tools a build would stop for', () => {
    expect(missingNote(missingTools([['jc-no-such-tool', 'jc-package'], ['sh', 'dash']]))[0]).toMatch(
      /^# missing here: jc-no-such-tool(, libelf headers)?; the build would stop until the packages jc-package( libelf-dev)? are installed$/,
    );
    expect(missingNote(missingTools([['sh', 'dash']]).filter(([c]) => c === 'sh'))).toEqual([]);
  });

  it('refuses a host dry run without a config as the build would', () => {
    const env = cacheWithSource();
    expect(() => dryRunHostBuild({ env, config: join(scratch, 'missing.config') })).toThrow(/no such file/);
  });

  it('prints the boot of each run of kernel run, alternating, and writes no results', () => {
    const LAB = KERNEL_LABS[0];
    const out = join(scratch, 'results-not-made');
    const order = repeatOrder('both', '2', 'quick');
    const lines = dryRunLab(LAB, { variant: 'both', out, smp: '3', mem: '768' }, order, { ...process.env, XDG_CACHE_HOME: join(scratch, 'no-cache') });
    const boots = lines.filter((l) => !l.startsWith('#'));
    expect(boots).toHaveLength(4);
    expect(boots.map((l) => /--variant (\w+)/.exec(l)![1])).toEqual(['before', 'after', 'before', 'after']);
    expect(boots[0]).toMatch(new RegExp(`^sh \\S+/kernel-lab/guest/run-qemu\\.sh --kernel '<bzImage>' --initrd '<initramfs>' --images '<disks>' --lab ${LAB} `));
    expect(boots[0]).toContain('--smp 3 --mem 768 --timeout 180 --accel auto');
    expect(boots[0]).toContain(`--out '${out}/<time>-before'`);
    expect(lines[0]).toMatch(/^# no lab kernel in .* yet: `journalclub kernel build`/);
    expect(() => readdirSync(out)).toThrow(/ENOENT/);
    expect(() => dryRunLab('no-such-lab', { variant: 'before' }, ['before'])).toThrow(/unknown lab 'no-such-lab'/);
  });

  it('warns when the cached kernel was built from other patches or config than the checkout', () => {
    const now = buildKey('6.12.0-test', 'gcc');
    expect(kernelDrift(now)).toEqual([]);
    const [first, ...rest] = now.patches;
    const built = {
      fragments: [...now.fragments, { name: 'old.config', sha256: 'f'.repeat(64) }],
      patches: [{ ...first!, sha256: '0'.repeat(64) }, ...rest.slice(1)],
    };
    expect(kernelDrift(built)).toEqual(['removed old.config', `changed ${first!.name}`, `added ${rest[0]!.name}`]);

    const xdg = join(scratch, 'stale-cache');
    const dir = join(xdg, 'journalclub', 'kernel', 'kernels', 'k1');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'bzImage'), 'not a kernel');
    const manifest = { key: 'k1', built_at: '2026-11-01T00:00:00Z', ...built };
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    symlinkSync(join('kernels', 'k1'), join(xdg, 'journalclub', 'kernel', 'current'));
    const env = { ...process.env, XDG_CACHE_HOME: xdg };
    const warning = dryRunLab(KERNEL_LABS[0], { variant: 'after' }, ['after'], env).find((l) => l.startsWith('# warning:'));
    expect(warning).toBe(
      `# warning: the lab kernel k1 (built 2026-11-01T00:00:00Z) is not the checkout's: removed old.config, changed ${first!.name}, added ${rest[0]!.name}; ` +
        "it boots as it was built; `journalclub kernel build` builds the checkout's (minutes with its cached objects)",
    );
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, fragments: now.fragments, patches: now.patches }));
    expect(dryRunLab(KERNEL_LABS[0], { variant: 'after' }, ['after'], env).filter((l) => l.startsWith('# warning:'))).toEqual([]);
  });

  it('boots with the argv run-qemu.sh takes', () => {
    const lab = KERNEL_LABS.at(-1)!;
    const plan = planRun(lab, { variant: 'after', profile: 'paper', accel: 'tcg' });
    const cmd = bootCommand(plan, { bzImage: '/k/bzImage', initramfs: '/i/initramfs.cpio', images: '/i', out: '/r/x' });
    expect(cmd.argv.slice(0, 1)).toEqual(['sh']);
    expect(cmd.argv.slice(2)).toEqual(
      `--kernel /k/bzImage --initrd /i/initramfs.cpio --images /i --lab ${lab} --variant after --profile paper --smp 2 --mem 1024 --timeout 3600 --accel tcg --out /r/x`.split(' '),
    );
  });
});

describe('kernel build on the command line', () => {
  const cli = (args: string[], xdg: string): { status: number | null; stdout: string; stderr: string } =>
    spawnSync(process.execPath, [join(REPO_ROOT, 'bin', 'journalclub.mjs'), 'kernel', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, XDG_CACHE_HOME: xdg },
      encoding: 'utf8',
    });

  it('refuses a bad --target, --config for the guest and a bad --jobs, with exit 2', () => {
    const xdg = join(scratch, 'cli-xdg');
    const t = cli(['build', '--target', 'arm', '--dry-run'], xdg);
    expect(t.status).toBe(2);
    expect(t.stderr).toMatch(/--target must be guest or host, got 'arm'/);
    const c = cli(['build', '--config', '/boot/config', '--dry-run'], xdg);
    expect(c.status).toBe(2);
    expect(c.stderr).toMatch(/--config is for --target host/);
    const j = cli(['build', '--jobs', 'two', '--dry-run'], xdg);
    expect(j.status).toBe(2);
    expect(j.stderr).toMatch(/--jobs must be an integer from 1 to 256, got 'two'/);
    expect(() => readdirSync(xdg)).toThrow(/ENOENT/);
  }, 60_000);

  it('prints a host dry run and exits 0', () => {
    const xdg = join(scratch, 'cli-xdg-host');
    const config = configFile('config', X86_64);
    const r = cli(['build', '--target', 'host', '--config', config, '--dry-run'], xdg);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^# kernel build --target host: /);
    expect(r.stdout).toMatch(/bindeb-pkg\)\n/);
    expect(() => readdirSync(xdg)).toThrow(/ENOENT/);
  }, 60_000);
});

describe('a host build seeded from the guest build', () => {
  it("copies the guest's objects, timestamps kept, only when the configs are the same", async () => {
    const guest = join(scratch, 'seed-guest');
    mkdirSync(join(guest, 'fs/ext4'), { recursive: true });
    writeFileSync(join(guest, '.config'), 'CONFIG_EXT4_FS=y\n');
    writeFileSync(join(guest, 'fs/ext4/inode.o'), 'object');
    const old = new Date('2026-01-02T03:04:05Z');
    utimesSync(join(guest, 'fs/ext4/inode.o'), old, old);
    const log = openLog(join(scratch, 'seed.log'));

    const other = join(scratch, 'seed-other');
    mkdirSync(other);
    expect(await seedFromGuestBuild(guest, other, 'CONFIG_EXT4_FS=m\n', log)).toBeNull();
    expect(listing(other)).toEqual([]);

    const same = join(scratch, 'seed-same');
    mkdirSync(same);
    expect(await seedFromGuestBuild(guest, same, 'CONFIG_EXT4_FS=y\n', log)).toBe(guest);
    expect(listing(same)).toEqual(listing(guest));
    expect(statSync(join(same, 'fs/ext4/inode.o')).mtimeMs).toBe(old.getTime());

    // a build directory that has been built is left as it is
    writeFileSync(join(same, 'vmlinux'), 'built');
    expect(await seedFromGuestBuild(guest, same, 'CONFIG_EXT4_FS=y\n', log)).toBeNull();
    await closeLog(log);
  });
});
