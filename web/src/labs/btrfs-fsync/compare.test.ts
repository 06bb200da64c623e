import { describe, expect, it } from 'vitest';
import type { SweepResult } from '../../core/sweep';
import { spread } from '../../core/stats';
import type { RunResult } from '../../core/types';
import { clientsRows, DBENCH_OPS, explainRows, nearestMailClients, opMetrics, opsTable } from './compare';

describe('the mail beside the simulator', () => {
  it('takes the mail run nearest on a log scale', () => {
    expect(nearestMailClients(4)).toBe('32');
    expect(nearestMailClients(45)).toBe('32');
    expect(nearestMailClients(46)).toBe('64');
    expect(nearestMailClients(128)).toBe('64');
  });

  it("reads dbench's table of the mail, Flush from its own row, as shares of all operations", () => {
    const rows = opsTable('32', {});
    expect(rows.map((r) => r.op)).toEqual([...DBENCH_OPS]);
    const flush = rows.find((r) => r.op === 'Flush')!;
    expect(flush.mail.before.avg).toBe(5.952);
    expect(flush.mail.after.max).toBe(228.835);
    const total = rows.reduce((a, r) => a + (r.mail.before.share ?? 0), 0);
    expect(total).toBeCloseTo(1, 12);
    expect(rows.find((r) => r.op === 'NTCreateX')!.mail.before.share).toBeCloseTo(9627107 / 55693117, 9);
    expect(rows.find((r) => r.op === 'Deltree')!.modelled).toBe(false);
  });

  it("puts a run's operations beside them, the ones the model leaves out empty", () => {
    const metrics: Record<string, number> = {};
    for (const op of DBENCH_OPS) {
      if (op === 'Deltree' || op === 'Mkdir') continue;
      const m = opMetrics(op);
      metrics[m.count] = 10;
      metrics[m.avg] = 1;
      metrics[m.max] = 2;
    }
    metrics[opMetrics('Flush').count] = 30;
    const rows = opsTable('64', { after: metrics, '6.12': undefined });
    expect(rows.find((r) => r.op === 'Flush')!.sim.after).toEqual({ share: 30 / (13 * 10 + 30), avg: 1, max: 2 });
    expect(rows.find((r) => r.op === 'Mkdir')!.sim.after).toBeNull();
    expect(rows.find((r) => r.op === 'Close')!.sim['6.12']).toBeNull();
  });
});

function run(seed: number, metrics: Record<string, number>): RunResult {
  return { lab: 'btrfs-fsync', variant: 'x', seed, params: {}, metrics, metric_info: [], sim: {} as RunResult['sim'], cpus: 12 };
}

function variant(values: Record<string, number[]>) {
  const runs = [0, 1, 2].map((i) => run(i + 1, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v[i]!]))));
  const ranges = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, spread(v)]));
  return { metrics: Object.fromEntries(Object.entries(ranges).map(([k, s]) => [k, s.median])), ranges, runs };
}

const sweep: SweepResult = {
  lab: 'btrfs-fsync',
  metric: 'throughput_mb_s',
  unit: 'MB/s',
  scale: 1,
  seed: 1,
  seeds: [1, 2, 3],
  variants: ['before', 'after', '6.12'],
  rows: [
    {
      row: 3,
      label: 'x',
      params: { clients: 8 },
      paper: null,
      note: '',
      keys: { clients: 8 },
      seeds: [1, 2, 3],
      runs: { before: variant({ throughput_mb_s: [1, 2, 3] }), after: variant({ throughput_mb_s: [1, 2, 3] }) },
    },
    {
      row: 1,
      label: 'dbench, 32 clients',
      params: { clients: 32 },
      paper: { before: 1008.02, after: 1049.91 },
      note: '',
      keys: { clients: 32 },
      seeds: [1, 2, 3],
      runs: {
        before: variant({ throughput_mb_s: [100, 110, 90], flush_avg_ms: [4, 4, 4], flush_max_ms: [20, 20, 20], max_latency_ms: [20, 20, 20] }),
        after: variant({ throughput_mb_s: [102, 110, 99], flush_avg_ms: [3, 3, 3], flush_max_ms: [30, 30, 30], max_latency_ms: [15, 15, 15] }),
      },
    },
  ],
};

describe('the clients sweep and what the patch explains', () => {
  it('orders the points by clients', () => {
    const rows = clientsRows(sweep);
    expect(rows.map((r) => r.clients)).toEqual([8, 32]);
    expect(rows[1]!.values.throughput_mb_s!.after).toEqual(spread([102, 110, 99]));
    expect(rows[0]!.values.throughput_mb_s!['6.12']).toBeUndefined();
  });

  it("sets the simulator's change beside the mail's, seed paired with its interval and verdict, and the share only where it is clear and goes the mail's way", () => {
    const rows = explainRows(sweep);
    expect(rows.map((r) => r.metric)).toEqual(['throughput_mb_s', 'max_latency_ms', 'flush_avg_ms', 'flush_max_ms']);
    const tput = rows[0]!;
    const mail = ((1049.91 - 1008.02) / 1008.02) * 100;
    expect(tput.mail).toBeCloseTo(mail, 9);
    /* 100 -> 102, 110 -> 110, 90 -> 99: the interval includes no change */
    expect(tput.verdict.n).toBe(3);
    expect(tput.verdict.ratio).toBeCloseTo(Math.cbrt((102 / 100) * (99 / 90)), 9);
    expect(tput.verdict.kind).toBe('within the noise');
    expect(tput.share).toBeNull();
    /* the mail's max latency fell by a third; the model's by a quarter on every seed: as the mail, its share */
    expect(rows[1]!.verdict.kind).toBe('as the mail');
    expect(rows[1]!.share).toBeCloseTo(-25 / (((228.847 - 341.833) / 341.833) * 100), 9);
    /* the mail's Flush max fell; the model's rose on every seed: against the mail, no share */
    expect(rows[3]!.verdict.kind).toBe('against the mail');
    expect(rows[3]!.share).toBeNull();
  });
});
