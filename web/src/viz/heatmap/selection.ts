/**
 * What a heatmap colours its cells by, and the words for each CPU state:
 * apart from the heatmaps' drawing (heatmap.ts), so that the page's URL
 * state reads a selection without fetching the heatmaps' colour scales.
 */
import { CPU_STATES, type CpuState } from '../../core/types';

/**
 * What a cell's colour measures: one CPU state's share, or (dominant) the
 * state the CPU spent most of the slice in, in that state's colour. Spinning
 * on a lock and sleeping are never added together: a CPU that spins burns
 * cycles waiting, one that sleeps gives them away.
 */
export type HeatSelection = 'dominant' | CpuState;

/** How the page names each state in its words. */
export const STATE_WORDS: Readonly<Record<CpuState, string>> = {
  spin: 'spinning on a lock',
  sleep: 'asleep',
  run: 'running',
  io: 'waiting for I/O',
  idle: 'idle',
};

export const SELECTIONS: readonly { value: HeatSelection; label: string }[] = [
  { value: 'dominant', label: 'main state of each cell' },
  { value: 'spin', label: STATE_WORDS.spin },
  { value: 'sleep', label: STATE_WORDS.sleep },
  { value: 'run', label: STATE_WORDS.run },
  { value: 'io', label: STATE_WORDS.io },
  { value: 'idle', label: STATE_WORDS.idle },
];

export function isSelection(v: string): v is HeatSelection {
  return v === 'dominant' || (CPU_STATES as readonly string[]).includes(v);
}
