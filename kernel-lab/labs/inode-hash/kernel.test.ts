/**
 * inode-hash in the real kernel (the kernel suite, after the kernel and the
 * guest image are built). Its headline, lock contention between CPUs, needs
 * real cores: with 2 emulated vCPUs a quick walk's time follows when the
 * vCPU threads get the host's cores, so the suite holds what the guest
 * counts itself, in every run: the switch counter (the first lookups that
 * took inode_hash_lock) rises in before and stays 0 in after, which
 * quickRuns checks. One run a side.
 */
import { describe } from 'node:test';
import { quickRuns } from '../../../tests/kernel/labs';

describe('inode-hash in the kernel', () => {
  quickRuns('inode-hash', 1);
});
