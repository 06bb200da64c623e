/**
 * What the btrfs-fsync page reads of each step kind: the engine's kinds and
 * btrfs-fsync.c's bf_kinds, by the names the C table gives a and b
 * (steps.wasm.test.ts holds this to the C table).
 */
import { describeEngineStep, ENGINE_STEP_ARGS, stepArgs, type StepContract } from '../../core/steps';
import type { LockSnap, Step } from '../../core/types';
import { BTRFS_FSYNC_OP_NAMES } from './compare';
import { TRANS_STATES } from './schema';

export const BF_STEP_ARGS = {
  ...ENGINE_STEP_ARGS,
  op: ['op', null],
  join: ['transid', 'type'],
  state: ['transid', 'state'],
  wait: ['transid', 'want'],
  woke: ['transid', 'want'],
  log_inode: ['file', 'transid'],
  log_sync: ['log_transid', 'ret'],
  fallback: ['transid', 'full_sync'],
  unpin: ['transid', 'extent'],
  commit_end: ['transid', 'commit_us'],
} as const satisfies StepContract;

/** The model's operations in its own order (btrfs-fsync.c's op_names): the mail's, less Deltree and Mkdir, then Flush. */
export const MODEL_OPS = [...BTRFS_FSYNC_OP_NAMES.filter((o) => o !== 'Deltree' && o !== 'Mkdir'), 'Flush'] as const;

/* the handle types of start_transaction (__TRANS_START, __TRANS_ATTACH, __TRANS_JOIN, __TRANS_JOIN_NOLOCK) */
const HANDLE_TYPES: [bit: number, name: string][] = [
  [1, 'start'],
  [2, 'attach'],
  [4, 'join'],
  [8, 'join_nolock'],
];

const stateName = (i: number) => TRANS_STATES[i] ?? `state ${i}`;

/** One line describing a trace step for people. */
export function describeBfStep(s: Step, locks: readonly LockSnap[] = []): string {
  const engine = describeEngineStep(s, locks);
  if (engine !== null) return engine;
  const f = stepArgs(BF_STEP_ARGS, s);
  switch (s.kind) {
    case 'op':
      return `begins dbench's ${MODEL_OPS[f.op] ?? `operation ${f.op}`}`;
    case 'join': {
      const type = HANDLE_TYPES.filter(([bit]) => (f.type & bit) !== 0).map(([, n]) => n).join('+') || 'a';
      return `holds a ${type} handle on transaction ${f.transid}`;
    }
    case 'state':
      return `moves transaction ${f.transid} to ${stateName(f.state)}`;
    case 'wait':
      return `sleeps until transaction ${f.transid} is ${stateName(f.want)}`;
    case 'woke':
      return `wakes: transaction ${f.transid} reached ${stateName(f.want)}`;
    case 'log_inode':
      return `logs file ${f.file} in the log tree of transaction ${f.transid}`;
    case 'log_sync':
      return f.ret === 0 ? `committed log ${f.log_transid}: the fsync is durable` : `log ${f.log_transid} could not be synced: falls back to a full commit`;
    case 'fallback':
      return `falls back to committing transaction ${f.transid}${f.full_sync ? ' (the inode needs a full sync)' : ''}`;
    case 'unpin':
      return `unpins extent ${f.extent} of transaction ${f.transid}`;
    case 'commit_end':
      return `finishes committing transaction ${f.transid} in ${f.commit_us} µs`;
    default:
      return `${s.kind} (${s.a}, ${s.b})`;
  }
}
