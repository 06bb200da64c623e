/**
 * A run directory to a results file: the boot's stages run-qemu.sh stamped
 * (init_s, bench_start_s, wall_s) and the guest's uptime at /init, from a
 * real guest's raw files; a directory from before the stamps gives no boot
 * timing and still validates.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseKernelResult } from '../../../lib/kernel-results';
import { workloadDir } from '../../../cli/kernel/paths';
import { bootTiming, ingestRun, planRun, resultFromRunDir, warnCounters, writePlan } from '../../../cli/kernel/run';

const plan = { lab: 'inode-hash', variant: 'before', profile: 'quick', smp: 2, memMib: 1024 } as const;
let root: string;

/* a run directory around the inode-hash fixture's raw files, with @files beside them */
function runDir(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  cpSync(join(workloadDir('inode-hash'), 'fixtures', 'quick-before', 'raw'), join(dir, 'raw'), { recursive: true });
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

describe('a hist that lost events', () => {
  /* the fixture's ext4 contention hist, one lock hit @hits times, with @dropped lost */
  function withDrops(name: string, hits: number, dropped: number): string {
    const dir = runDir(name, { wall_s: '12.5\n' });
    const file = join(dir, 'raw', 'contention-locks-ext4.txt');
    const text = readFileSync(file, 'utf8')
      .replace(/hitcount: {10}8$/m, `hitcount: ${String(hits).padStart(10)}`)
      .replace('Hits: 8\n', `Hits: ${hits}\n`)
      .replace('Dropped: 0\n', `Dropped: ${dropped}\n`);
    writeFileSync(file, text);
    return dir;
  }

  it('keeps a run whose hist lost under 1% to the insert race, reports the count and says so', async () => {
    const result = await resultFromRunDir(withDrops('race', 800, 1), plan, '2026-11-25T02:11:07.000Z');
    expect(result.metrics.ext4_contention_dropped_count).toBe(1);
    expect(result.metrics.ext4_contention_count).toBe(800);
    expect(result.metrics.btrfs_contention_dropped_count).toBe(0);
    const said: string[] = [];
    warnCounters(result, (s) => said.push(s));
    expect(said).toContain(
      "note: ext4_contention_dropped_count is 1: a hist trigger lost 1 event to tracing_map's insert race; the rest are read",
    );
  });

  it('kernel ingest says it too', async () => {
    const dir = withDrops('ingest', 800, 1);
    writePlan(dir, planRun('inode-hash', { variant: 'before', profile: 'quick', smp: '2', mem: '1024' }), '2026-11-25T02:11:07.000Z');
    const said: string[] = [];
    const run = await ingestRun(dir, join(root, 'ingest.json'), (s) => said.push(s));
    expect(run.result.metrics.ext4_contention_dropped_count).toBe(1);
    expect(said[0]).toMatch(/^note: ext4_contention_dropped_count is 1: /);
    expect(said[said.length - 1]).toBe(`results: ${join(root, 'ingest.json')}`);
  });

  it('keeps one event lost of a few, and refuses more than one and more than 1% with room in its map', async () => {
    const few = await resultFromRunDir(withDrops('few', 8, 1), plan, '2026-11-25T02:11:07.000Z');
    expect(few.metrics.ext4_contention_dropped_count).toBe(1);
    await expect(resultFromRunDir(withDrops('many', 8, 2), plan, '2026-11-25T02:11:07.000Z')).rejects.toThrow(
      'inode-hash: contention-locks-ext4.txt dropped 2 of 10 events with room in its map (1 of 4096 entries)',
    );
  });
});
