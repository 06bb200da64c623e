/** The btrfs-fsync lab as shared code reads it: its card, trace rules and small configuration. */
import type { LabFace } from '../face';
import { TRANS_STATES } from './schema';

export const lab: LabFace = {
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
  engineRun: { params: { clients: 2, cpus: 2, runtime_ms: 200 }, variant: 'before', pair: ['before', 'after'] },
};
