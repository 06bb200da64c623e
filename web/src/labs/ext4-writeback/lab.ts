/** The ext4-writeback lab as shared code reads it: its card, trace rules and small configuration. */
import { mailValue } from '../../app/cardText';
import type { LabFace } from '../face';

export const lab: LabFace = {
  card: {
    title: 'ext4 IOPS drop 5.4 → 5.10',
    change: 'no extra writeback pass → less batching',
    headline() {
      const where = { fio: 'fsync=1' };
      const pair = (metric: string) => `${mailValue('ext4-writeback', metric, 'after', where)} vs ${mailValue('ext4-writeback', metric, 'before', where)}`;
      return `${pair('fsync_iops_per_s')} IOPS; ${pair('fsync_jbd2_handles_per_txn')} handles per transaction`;
    },
  },
  /* its steps are the engine's own (sleeps, I/O, locks) */
  trace: { phases: [], waits: [], counters: [], chains: [] },
  small: { jobs: [1, 4], sync: [0, 1], runtime_ms: [500, 800] },
  engineRun: { params: { jobs: 2, runtime_ms: 500, filesize: 65536, sync: 1 }, variant: 'after', pair: ['before', 'after'] },
};
