/**
 * A run directory to a results file: the boot's stages run-qemu.sh stamped
 * (init_s, bench_start_s, wall_s) and the guest's uptime at /init, from a
 * real guest's raw files; a directory from before the stamps gives no boot
 * timing and still validates.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseKernelResult } from '../../lib/kernel-results';
import { KERNEL_LAB_DIR } from './paths';
import { bootTiming, resultFromRunDir } from './run';

const plan = { lab: 'inode-hash', variant: 'before', profile: 'quick', smp: 2, memMib: 1024 } as const;
let root: string;

/* a run directory around the inode-hash fixture's raw files, with @files beside them */
function runDir(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  cpSync(join(KERNEL_LAB_DIR, 'bench', 'inode-hash', 'fixtures', 'quick-before', 'raw'), join(dir, 'raw'), { recursive: true });
  writeFileSync(join(dir, 'accel'), 'tcg\n');
  writeFileSync(join(dir, 'qemu.txt'), 'QEMU emulator version 9.2.0\n');
  for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text);
  return dir;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'jc-run-dir-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the boot timing of a run', () => {
  it('carries the stamps and the guest uptime (the fixture\'s boot_s, 2.49) into the results', async () => {
    const dir = runDir('stamped', { wall_s: '19.689\n', init_s: '7.235\n', bench_start_s: '7.256\n' });
    const result = await resultFromRunDir(dir, plan, '2026-11-25T02:11:07.000Z');
    expect(result.wall_s).toBe(19.689);
    expect(result.boot).toEqual({ to_init_s: 7.235, to_bench_s: 7.256, to_poweroff_s: 19.689, guest_init_uptime_s: 2.49 });
    const again = parseKernelResult(JSON.stringify(result));
    expect(again.boot?.to_bench_s).toBe(7.256);
  });

  it('has none from a run directory without the stamps, which still makes a valid results file', async () => {
    const dir = runDir('old', { wall_s: '12.5\n' });
    const result = await resultFromRunDir(dir, plan, '2026-11-25T02:11:07.000Z');
    expect(result.boot).toBeUndefined();
    expect(parseKernelResult(JSON.stringify(result)).wall_s).toBe(12.5);
  });

  it('leaves out a stage the guest did not reach and a stamp it cannot read', () => {
    const dir = runDir('partial', { init_s: '3.100\n', bench_start_s: 'soon\n' });
    expect(bootTiming(dir, { boot_s: 'x\n' }, 40)).toEqual({ to_init_s: 3.1, to_poweroff_s: 40 });
  });
});
