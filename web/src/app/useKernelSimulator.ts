/**
 * The simulator's side of the kernel comparison: whole runs of the lab's
 * first variant (without the patch) and its last (the patched kernel) at the
 * page's parameters and seed, asked for only while kernel runs are imported
 * (the table they fill exists only then).
 */
import { useMemo } from 'react';
import { paramText } from '../core/params';
import type { ParamSpec } from '../core/types';
import type { SimulatorRuns } from '../viz/kernel/simulatorMetrics';
import { useFullRuns, type Variant } from './simHooks';

const NONE: readonly Variant[] = [];

export function useKernelSimulator(
  lab: string,
  variants: readonly Variant[],
  specs: readonly ParamSpec[],
  params: Record<string, number> | null,
  seed: number,
  enabled: boolean,
): SimulatorRuns | null {
  const first = variants[0]!;
  const last = variants[variants.length - 1]!;
  const pair = useMemo(() => [first, last] as const, [first, last]);
  const runs = useFullRuns(lab, enabled ? pair : NONE, enabled ? params : null, seed, 2);
  return useMemo(() => {
    if (!enabled || !params) return null;
    const named: Record<string, string> = {};
    for (const s of specs) if (params[s.name] !== undefined) named[s.name] = paramText(s, params[s.name]!);
    return {
      variants: pair,
      params: named,
      seed,
      before: runs.outputs[first]?.result.metrics,
      after: runs.outputs[last]?.result.metrics,
      running: runs.running,
      error: runs.error,
    };
  }, [enabled, params, specs, pair, seed, runs, first, last]);
}
