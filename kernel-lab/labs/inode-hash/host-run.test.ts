/**
 * `kernel host-run` of inode-hash: its workload runs on two disks, so one
 * --device is refused, naming the disk it lacks.
 */
import { describe, expect, it } from 'vitest';
import { hostRunArgs } from '../../../cli/kernel/host-run';

describe('hostRunArgs of inode-hash', () => {
  it('refuses one device, naming the two disks it needs', () => {
    expect(() => hostRunArgs('inode-hash', { variant: 'before', device: ['/dev/sdz'], wipe: [] }, '/r')).toThrow(/inode-hash needs two disks \(ext4 and btrfs\)/);
  });
});
