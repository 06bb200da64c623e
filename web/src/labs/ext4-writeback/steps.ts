/**
 * What the ext4-writeback page reads of each step kind: the engine's kinds
 * and ext4-writeback.c's ewb_kinds, by the names the C table gives a and b
 * (steps.wasm.test.ts holds this to the C table).
 */
import { describeEngineStep, ENGINE_STEP_ARGS, stepArgs, type StepContract } from '../../core/steps';
import type { LockSnap, Step } from '../../core/types';

export const EWB_STEP_ARGS = {
  ...ENGINE_STEP_ARGS,
  write: ['slot', null],
  fsync: ['slot', null],
} as const satisfies StepContract;

/** One line describing a trace step for people. */
export function describeEwbStep(s: Step, locks: readonly LockSnap[] = []): string {
  const engine = describeEngineStep(s, locks);
  if (engine !== null) return engine;
  const f = stepArgs(EWB_STEP_ARGS, s);
  switch (s.kind) {
    case 'write':
      return `fio writes slot ${f.slot}`;
    case 'fsync':
      return `fio fsyncs after writing slot ${f.slot}`;
    default:
      return `${s.kind} (${s.a}, ${s.b})`;
  }
}
