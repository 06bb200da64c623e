/**
 * The inode-hash lab from the command line, spawned as a user runs it: the
 * generic `sim` path with its parameters, and `sweep`, which runs both file
 * systems at every thread count of the lab's sweep plan.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { loadEngine } from '../../core/node';
import type { PaperRows, ParamSpec } from '../../core/types';
import { journalclub, jsonOf, sweepPoints, type SweepJsonRow } from '../../../../tests/node/cli';

const LAB = 'inode-hash';
/** The metrics the page and the sweep rely on (the lab's contract). */
const METRICS = [
  'total_s',
  'sys_s',
  'user_s',
  'hash_lock_spin_s',
  'hash_lock_acq_per_stat',
  'btrfs_lock_spin_s',
  'avg_chain_len',
  'max_chain_len',
  'lookups',
  'inserts',
  'rcu_retries',
  'stats',
];

let specs: ParamSpec[];
let rows: PaperRows;

before(async () => {
  const engine = await loadEngine();
  specs = engine.params(LAB);
  rows = engine.rows(LAB);
});

interface SimJson {
  lab: string;
  variant: string;
  /** a choice parameter by its name */
  params: Record<string, number | string>;
  metrics: Record<string, number>;
}

function sim(args: string[]): SimJson {
  const run = journalclub(['sim', LAB, ...args, '--json']);
  assert.equal(run.status, 0, run.stderr);
  return jsonOf(run) as SimJson;
}

describe('journalclub sim inode-hash', () => {
  it('runs with the defaults and reports every agreed metric', () => {
    const out = sim(['--variant', 'after']);
    assert.equal(out.lab, LAB);
    assert.deepEqual(out.params, Object.fromEntries(specs.map((s) => [s.name, s.type === 'choice' ? s.default_name : s.default])));
    assert.equal(out.params.fs, 'ext4');
    for (const m of METRICS) assert.equal(typeof out.metrics[m], 'number', `metric ${m}`);
    const { threads, dirs, files, passes } = out.params;
    assert.equal(out.metrics.stats, Number(threads) * Number(dirs) * Number(files) * Number(passes));
    assert.ok(out.metrics.total_s! > 0);
  });

  it('switches the file system with --set fs=ext4|btrfs, and still with fs=0|1', () => {
    const ext4 = sim(['--variant', 'before', '--set', 'fs=ext4', '--set', 'passes=1']);
    const btrfs = sim(['--variant', 'before', '--set', 'fs=btrfs', '--set', 'passes=1']);
    assert.equal(ext4.params.fs, 'ext4');
    assert.equal(btrfs.params.fs, 'btrfs');
    assert.equal(ext4.metrics.btrfs_lock_spin_s, 0);
    assert.ok(btrfs.metrics.btrfs_lock_spin_s! > 0);
    const byIndex = sim(['--variant', 'before', '--set', 'fs=1', '--set', 'passes=1']);
    assert.equal(byIndex.params.fs, 'btrfs');
    assert.deepEqual(byIndex.metrics, btrfs.metrics);
    assert.deepEqual(sim(['--variant', 'before', '--set', 'fs=0', '--set', 'passes=1']).metrics, ext4.metrics);
  });

  it('names the file system in its text output', () => {
    const run = journalclub(['sim', LAB, '--variant', 'before', '--set', 'fs=btrfs', '--set', 'threads=2', '--set', 'passes=1']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^parameters: fs=btrfs threads=2 /m);
  });

  it('takes the first lookup off the lock after the patch', () => {
    const args = ['--set', 'threads=1', '--set', 'passes=1'];
    const before = sim(['--variant', 'before', ...args]);
    const after = sim(['--variant', 'after', ...args]);
    /* one thread, a cold cache: every lookup misses; before locks twice per miss, after once */
    assert.equal(before.metrics.hash_lock_acq_per_stat, (2 * before.metrics.lookups!) / before.metrics.stats!);
    assert.equal(after.metrics.hash_lock_acq_per_stat, after.metrics.lookups! / after.metrics.stats!);
  });

  it('refuses a file system it does not know, naming fs and the file systems it knows', () => {
    for (const fs of ['xfs', '2', 'Btrfs']) {
      const run = journalclub(['sim', LAB, '--variant', 'after', '--set', `fs=${fs}`]);
      assert.equal(run.status, 2);
      assert.equal(run.stdout, '');
      assert.equal(run.stderr, `journalclub: parameter 'fs' must be one of ext4, btrfs (got '${fs}')\n`);
    }
  });

  it("lists fs's choices in the parameter table", () => {
    const run = journalclub(['params', LAB]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^parameter\s+default\s+min\s+max\s+unit\s+choices\s+meaning/);
    assert.match(run.stdout, /^fs\s+ext4\s+-\s+-\s+ext4, btrfs\s+file system/m);
    assert.match(run.stdout, /^threads\s+20\s+1\s+64\s+threads\s+stat walkers/m);
    const fs = (jsonOf(journalclub(['params', LAB, '--json'])) as ParamSpec[]).find((s) => s.name === 'fs');
    assert.deepEqual(fs && fs.type === 'choice' && [fs.choices, fs.default_name], [['ext4', 'btrfs'], 'ext4']);
  });

  it('refuses a tree too big to simulate, naming the product', () => {
    const run = journalclub(['sim', LAB, '--variant', 'after', '--set', 'threads=64', '--set', 'dirs=4096', '--set', 'files=4096']);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /threads x dirs x files/);
  });
});

describe('journalclub sweep inode-hash', () => {
  it('prints both file systems at every thread count as JSON, a row per point and variant, in seconds', () => {
    const started = Date.now();
    const run = journalclub(['sweep', LAB, '--json']);
    const seconds = (Date.now() - started) / 1000;
    assert.equal(run.status, 0, run.stderr);
    assert.ok(seconds < 60, `the sweep took ${seconds} s`);
    const out = jsonOf(run) as { lab: string; variants: string[]; rows: SweepJsonRow[] };
    assert.equal(out.lab, LAB);
    assert.deepEqual(out.variants, ['before', 'after']);
    /* the thread counts the C table declares for its sweep */
    assert.deepEqual(rows.sweep, { param: 'threads', values: [1, 2, 4, 8, 16, 20, 32] });
    const points = ['ext4', 'btrfs'].flatMap((fs) => rows.sweep!.values.map((threads) => [fs, threads]));
    assert.deepEqual(
      out.rows.map((r) => [r.fs, r.threads, r.variant]),
      points.flatMap((p) => [[...p, 'before'], [...p, 'after']]),
    );
    for (const r of out.rows) assert.deepEqual(Object.keys(r).slice(0, 3), ['fs', 'threads', 'variant']);
    for (const p of sweepPoints(out.rows)) {
      const { fs, threads } = p.keys as { fs: string; threads: number };
      assert.equal(p.params.threads, threads);
      assert.equal(p.params.fs, fs === 'ext4' ? 0 : 1);
      for (const m of METRICS) {
        for (const v of ['before', 'after'])
          assert.equal(p.ranges[v]![m]?.median, p.metrics[v]![m], `${fs} ${threads} ${v} ${m}: the median of its range`);
      }
      assert.ok(p.metrics.after!.total_s! <= p.metrics.before!.total_s! * 1.05, `${fs} ${threads}: after is not slower`);
    }
    /* the mail's rows are the 20-thread points, with the mail's figures */
    const paper = sweepPoints(out.rows).filter((p) => p.paper !== null);
    assert.deepEqual(
      paper.map((p) => [p.row, p.keys.fs, p.keys.threads, p.paper]),
      rows.rows.map((r) => [r.row, r.label, 20, r.paper]),
    );
  });

  it('prints a table of both file systems and every thread count', () => {
    const run = journalclub(['sweep', LAB]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^fs\s+threads\s+paper before\s+sim before\s+before min\.\.max\s+paper after\s+sim after\s+after min\.\.max/m);
    const lines = run.stdout.split('\n').filter((l) => /^(ext4|btrfs)\s+\d+\s/.test(l));
    assert.equal(lines.length, 2 * rows.sweep!.values.length);
  });
});
