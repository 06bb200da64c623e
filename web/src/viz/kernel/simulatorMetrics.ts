/**
 * The simulator's column of the kernel comparison: for a metric of the
 * kernel benchmark's results, the simulator metric that measures the same
 * thing (the key's own name, or where the names differ the one the lab's
 * lab.ts gives, with the parameter a result key names, such as a case or
 * a file system), and the simulator's change at the page's configuration.
 *
 * The kernel's "before" is the lab's switch on, the kernel without the
 * change; its "after" is Linux 6.12 as it ships. The simulator's are its
 * first variant (without the patch) and its last (the patched kernel, which
 * for some labs is 6.12's own code, not the mail's series alone).
 */
import { changePct } from '../../../../lib/compare';
import type { KernelLab } from '../../../../lib/kernel-results';
import { isLabId, LAB_FACES } from '../../labs/registry.gen';

export interface SimulatorMetric {
  /** the simulator's metric name */
  metric: string;
  /** a parameter the kernel key names, by its value's name (case=b, fs=btrfs) */
  param?: { name: string; value: string };
}

/** What the page gives the column: the two variants' metrics at its configuration. */
export interface SimulatorRuns {
  /** the simulator's first and last variant, as compared */
  variants: readonly [string, string];
  /** the page's parameters, a choice by its name */
  params: Record<string, string>;
  seed: number;
  before?: Record<string, number>;
  after?: Record<string, number>;
  /** the runs are under way */
  running: boolean;
  error: string | null;
}

export type SimulatorCell =
  | { kind: 'value'; metric: string; before: number; after: number; changePct?: number }
  | { kind: 'none'; reason: string };

/** The simulator metric a kernel result key compares with, or null when the model has none. */
export function simulatorMetric(lab: KernelLab, key: string, known: ReadonlySet<string>): SimulatorMetric | null {
  let m = isLabId(lab) ? (LAB_FACES[lab].kernelMetric?.(key) ?? null) : null;
  if (!m && known.has(key)) m = { metric: key };
  return m && known.has(m.metric) ? m : null;
}

/** The simulator's cell for a kernel metric row. */
export function simulatorCell(lab: KernelLab, key: string, sim: SimulatorRuns): SimulatorCell {
  if (sim.error) return { kind: 'none', reason: `the simulator's runs failed: ${sim.error}` };
  if (!sim.before || !sim.after) return { kind: 'none', reason: sim.running ? 'simulating…' : 'no simulator runs' };
  const known = new Set([...Object.keys(sim.before), ...Object.keys(sim.after)]);
  const m = simulatorMetric(lab, key, known);
  if (!m) return { kind: 'none', reason: 'the model has no such metric' };
  if (m.param && sim.params[m.param.name] !== m.param.value)
    return {
      kind: 'none',
      reason: `this row is ${m.param.name}=${m.param.value}; the page simulates ${m.param.name}=${sim.params[m.param.name] ?? '?'}`,
    };
  const before = sim.before[m.metric];
  const after = sim.after[m.metric];
  if (before === undefined || after === undefined) return { kind: 'none', reason: `the simulator reported no ${m.metric}` };
  return { kind: 'value', metric: m.metric, before, after, changePct: changePct(before, after) };
}

/** "ways=4 dirs=2 files=8, seed 1": the configuration the column ran. */
export function simulatorConfigText(sim: Pick<SimulatorRuns, 'params' | 'seed'>): string {
  const pairs = Object.entries(sim.params).map(([k, v]) => `${k}=${v}`);
  return `${pairs.join(' ')}${pairs.length ? ', ' : ''}seed ${sim.seed}`;
}
