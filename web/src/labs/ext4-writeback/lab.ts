/** The ext4-writeback lab as shared code reads it: its card, trace rules and small configuration. */
import type { LabFace } from '../face';
import { ANIMATION_PRESET } from './preset';

/** The io mark's a is bytes and b the flush flag: a journal commit block is one flushed 4 KiB write. */
const COMMIT_BLOCK = [
  { arg: 'a', min: 4096, max: 4096 },
  { arg: 'b', min: 1 },
] as const;

export const lab: LabFace = {
  lesson: {
    params: ANIMATION_PRESET,
    variants: ['before', 'after'],
    moments: [
      {
        id: 'first-commit',
        label: "before: a commit, fsyncs joined by the extra pass",
        variant: 'before',
        kind: 'io',
        where: COMMIT_BLOCK,
      },
      {
        id: 'after-first-commit',
        label: "after: a commit, no handle for an overwrite",
        variant: 'after',
        kind: 'io',
        where: COMMIT_BLOCK,
      },
    ],
    headline: { metric: 'fsync_iops_per_s', where: { fio: 'fsync=1' }, mailSize: '16 jobs for 60 s on a 500-IOPS volume' },
    look: "Left, every fsync's writeback takes a handle and rescans, writing pages the other jobs dirtied, so more fsyncs share each commit; right, an overwrite takes no handle and each fsync writes only what it tagged.",
  },
  /* its steps are the engine's own (sleeps, I/O, locks) */
  trace: { phases: [], waits: [], counters: [], chains: [] },
  small: { jobs: [1, 4], sync: [0, 1], runtime_ms: [500, 800] },
  /* its sweep took 0.75 s a seed (one lane, as the worker runs it) with the earlier scan, about 0.83 s with the kernel's: 6 fill the page's 5 s (docs/labs/ext4-writeback.md) */
  sweepSeeds: 6,
  engineRun: { params: { jobs: 2, runtime_ms: 500, filesize: 65536, sync: 1 }, variant: 'after', pair: ['before', 'after'] },
  /*
   * its own steps say only which slot a job writes and fsyncs; the patch is the extra pass's journal handle,
   * a take of j_state_lock, and the writes it sends
   */
  divergence: { engineKinds: ['lock', 'unlock', 'io'] },
};
