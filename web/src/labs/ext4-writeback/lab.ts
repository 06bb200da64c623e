/** The ext4-writeback lab as shared code reads it: its card, trace rules and small configuration. */
import type { LabFace } from '../face';

export const lab: LabFace = {
  /* its steps are the engine's own (sleeps, I/O, locks) */
  trace: { phases: [], waits: [], counters: [], chains: [] },
  small: { jobs: [1, 4], sync: [0, 1], runtime_ms: [500, 800] },
  engineRun: { params: { jobs: 2, runtime_ms: 500, filesize: 65536, sync: 1 }, variant: 'after', pair: ['before', 'after'] },
};
