/** The btrfs-fsync lab as shared code reads it: its card, trace rules and small configuration. */
import type { LabFace } from '../face';
import { TRANS_STATES } from './schema';
import { ANIMATION_PRESET } from './preset';

export const lab: LabFace = {
  lesson: {
    params: ANIMATION_PRESET,
    variants: ['before', 'after'],
    moments: [
      {
        id: 'super-committed',
        label: "SUPER_COMMITTED: before's fsyncs wait on past it",
        variant: 'before',
        kind: 'state',
        /* the state mark's b: TRANS_STATE_SUPER_COMMITTED (5 in btrfs-fsync.c's enum) */
        where: [{ arg: 'b', min: 5, max: 5 }],
        after: 40,
      },
      { id: 'after-returns', label: "after: an fsync returns at SUPER_COMMITTED", variant: 'after', kind: 'woke' },
      { id: 'before-returns', label: "before: an fsync returns at COMPLETED", variant: 'before', kind: 'woke' },
    ],
    headline: { metric: 'throughput_mb_s', where: { clients: '32' }, mailSize: '32 clients for 300 s' },
    look: 'Both commit the same transaction; left, fsyncs sleep on after the super block is written until the unpin ends (COMPLETED); right, they return at SUPER_COMMITTED.',
  },
  trace: {
    phases: [{ begin: 'wait', end: 'woke', name: 'wait for transaction', key: { arg: 'a', name: 'transid' } }],
    waits: [],
    counters: [],
    chains: [
      {
        kind: 'state',
        track: 'transactions',
        key: { arg: 'a', name: 'transid' },
        state: { arg: 'b', name: 'state' },
        /* btrfs-fsync.c's state_names, in the order of enum btrfs_trans_state */
        names: TRANS_STATES,
        last: TRANS_STATES.length - 1,
      },
    ],
  },
  small: { clients: [2, 16], cpus: [2, 4], runtime_ms: [200, 300] },
  /* its sweep takes 7.5 s of CPU a seed (one lane, as the worker runs it; the tree locks' steps), past the page's 5 s: two, the fewest an interval takes (docs/labs/btrfs-fsync.md) */
  sweepSeeds: 2,
  engineRun: { params: { clients: 2, cpus: 2, runtime_ms: 200 }, variant: 'before', pair: ['before', 'after'] },
  /* a commit's duration is a time: what an fsync waits for (wait's want) is the difference */
  divergence: { noise: { commit_end: ['b'] } },
};
