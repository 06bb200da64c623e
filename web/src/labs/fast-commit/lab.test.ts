/** The fast-commit lab as shared code reads it: its home card and its kernel panel's metrics. */
import { describe, expect, it } from 'vitest';
import { findLab } from '../../app/labs';
import { simulatorCell, simulatorMetric, type SimulatorRuns } from '../../viz/kernel/simulatorMetrics';

const known = (...names: string[]) => new Set(names);

function runs(over: Partial<SimulatorRuns> = {}): SimulatorRuns {
  return { variants: ['before', 'after'], params: {}, seed: 1, before: {}, after: {}, running: false, error: null, ...over };
}

describe('the fast-commit card', () => {
  it("writes its headline around the mail's figures", () => {
    expect(findLab('fast-commit')?.headline).toBe('fs_mark collapses at 64 ways × 1024 files without the patch (0.73K vs 126K creates/s)');
  });
});

describe("the fast-commit kernel panel's simulator column", () => {
  it("pairs fs_mark's files a second with the model's creates", () => {
    expect(simulatorMetric('fast-commit', 'files_per_s', known('creates_per_s'))).toEqual({ metric: 'creates_per_s' });
    expect(simulatorMetric('fast-commit', 'avg_commit_us', known('creates_per_s'))).toBeNull();
    expect(simulatorMetric('fast-commit', 'files_per_s', known())).toBeNull();
  });

  it("gives the simulator's change at the page's configuration", () => {
    const cell = simulatorCell('fast-commit', 'files_per_s', runs({ before: { creates_per_s: 1000 }, after: { creates_per_s: 1500 } }));
    expect(cell).toEqual({ kind: 'value', metric: 'creates_per_s', before: 1000, after: 1500, changePct: 50 });
  });
});
