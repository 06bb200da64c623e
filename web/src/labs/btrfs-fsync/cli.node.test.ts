/**
 * The btrfs-fsync lab from the command line: `sweep` runs before, after and
 * 6.12 at every clients count of the lab's sweep plan, each point with the
 * mail's four figures and dbench's whole operation table, medians over the
 * seeds with their ranges; `sim` runs one of them.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { loadEngine } from '../../core/node';
import type { PaperRows } from '../../core/types';
import { MODEL_OPS } from './steps';
import { journalclub, jsonOf, middle, sweepOfLab, type SweepPoint } from '../../../../tests/node/cli';

const LAB = 'btrfs-fsync';
const VARIANTS = ['before', 'after', '6.12'];
const FIGURES = ['throughput_mb_s', 'max_latency_ms', 'flush_avg_ms', 'flush_max_ms'];
const OP_METRICS = MODEL_OPS.flatMap((op) => ['count', 'avg_ms', 'max_ms'].map((c) => `op_${op.toLowerCase()}_${c}`));

let rows: PaperRows;

before(async () => {
  rows = (await loadEngine()).rows(LAB);
});

describe('journalclub sweep btrfs-fsync', () => {
  let points: SweepPoint[];
  let text: string;
  before(() => {
    /* three seeds, 1 to 3, whose medians the tests below compute again from single runs */
    ({ points, text } = sweepOfLab(LAB, VARIANTS, ['--seeds', '3']));
  });

  it('runs every clients count of the plan in every variant, with the four figures and the operation table', () => {
    assert.deepEqual(
      points.map((p) => p.params.clients).sort((a, b) => a! - b!),
      [4, 8, 16, 32, 64],
    );
    for (const p of points)
      for (const v of VARIANTS) {
        for (const m of [...FIGURES, ...OP_METRICS]) {
          const range = p.ranges[v]?.[m];
          assert.ok(range, `${p.params.clients} clients ${v}: ${m}`);
          assert.equal(range.median, p.metrics[v]![m], `${p.params.clients} clients ${v} ${m}: the median of its range`);
          assert.ok(range.min <= range.median && range.median <= range.max);
        }
        assert.ok(p.metrics[v]!.throughput_mb_s! > 0);
      }
  });

  it("keeps the mail's rows, at 32 and 64 clients, with the mail's figures", () => {
    const paper = points.filter((p) => p.paper !== null);
    assert.deepEqual(
      paper.map((p) => [p.params.clients, p.paper]),
      rows.rows.map((r) => [r.params.clients, r.paper]),
    );
  });

  it("reports the medians of the seeds' own runs", () => {
    const p = points.find((x) => x.params.clients === 32)!;
    for (const variant of VARIANTS) {
      const values = [1, 2, 3].map((seed) => {
        const run = journalclub(['sim', LAB, '--variant', variant, '--set', 'clients=32', '--seed', String(seed), '--json']);
        assert.equal(run.status, 0, run.stderr);
        return (jsonOf(run) as { metrics: Record<string, number> }).metrics.flush_max_ms!;
      });
      assert.equal(p.metrics[variant]!.flush_max_ms, middle(values), variant);
    }
  });

  it('prints the table with a column per variant and a line per clients count', () => {
    assert.match(text, /sim before .* sim after .* sim 6\.12/);
    for (const c of [4, 8, 16, 32, 64]) assert.match(text, new RegExp(`^\\s+${c}\\s`, 'm'));
  });

  it('refuses a clients count out of range, naming what is allowed', () => {
    const run = journalclub(['sim', LAB, '--variant', 'after', '--set', 'clients=500']);
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /clients.*1.*128/);
  });
});
