import { describe, expect, it } from 'vitest';
import { LAB_IDS } from '../../labs/registry.gen';
import { simulatorCell, simulatorConfigText, simulatorMetric, type SimulatorRuns } from './simulatorMetrics';

const known = (...names: string[]) => new Set(names);
const LAB = LAB_IDS[0];

function runs(over: Partial<SimulatorRuns> = {}): SimulatorRuns {
  return {
    variants: ['before', 'after'],
    params: {},
    seed: 1,
    before: {},
    after: {},
    running: false,
    error: null,
    ...over,
  };
}

describe('simulatorMetric', () => {
  it('pairs a kernel key with the model metric of the same name, in every lab', () => {
    for (const lab of LAB_IDS) expect(simulatorMetric(lab, 'made_up_metric', known('made_up_metric')), lab).toEqual({ metric: 'made_up_metric' });
  });

  it('has none where the model does not measure it', () => {
    for (const lab of LAB_IDS) expect(simulatorMetric(lab, 'made_up_metric', known('other_metric')), lab).toBeNull();
  });
});

describe('simulatorCell', () => {
  it("gives the simulator's change at the page's configuration", () => {
    const cell = simulatorCell(LAB, 'made_up_metric', runs({ before: { made_up_metric: 1000 }, after: { made_up_metric: 1500 } }));
    expect(cell).toEqual({ kind: 'value', metric: 'made_up_metric', before: 1000, after: 1500, changePct: 50 });
  });

  it('says why there is no value: running, failed, no metric', () => {
    expect(simulatorCell(LAB, 'made_up_metric', runs({ before: undefined, running: true }))).toEqual({ kind: 'none', reason: 'simulating…' });
    expect(simulatorCell(LAB, 'made_up_metric', runs({ error: 'boom' })).kind).toBe('none');
    expect(simulatorCell(LAB, 'avg_commit_us', runs({ before: { made_up_metric: 1 }, after: { made_up_metric: 2 } }))).toEqual({
      kind: 'none',
      reason: 'the model has no such metric',
    });
  });

  it('names the configuration it ran', () => {
    expect(simulatorConfigText({ params: { ways: '4', fs: 'btrfs' }, seed: 3 })).toBe('ways=4 fs=btrfs, seed 3');
  });
});
