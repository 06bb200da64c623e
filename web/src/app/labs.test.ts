import { describe, expect, it } from 'vitest';
import { MAIL_LAB_IDS } from '../../../lib/mails';
import { LABS } from './labs';

describe('the lab registry', () => {
  it('has the five mails, in the order of DESIGN.md', () => {
    expect(LABS.map((l) => l.id)).toEqual([...MAIL_LAB_IDS]);
  });

  it("writes each card's headline around the mail's figures", () => {
    expect(Object.fromEntries(LABS.map((l) => [l.id, l.headline]))).toEqual({
      'fast-commit': 'fs_mark collapses at 64 ways × 1024 files without the patch (0.73K vs 126K creates/s)',
      'extent-status': 'average scan time 10196 → 212 µs (case a), cache hits up by three orders',
      'inode-hash': '20-thread stat walk −53% on ext4',
      'btrfs-fsync': 'dbench +4.1% throughput, −39.6% max latency (32 clients)',
      'ext4-writeback': '449 vs 460 IOPS; 51 vs 67 handles per transaction',
    });
  });

  it('names who wrote each mail, the list and the year', () => {
    expect(LABS.find((l) => l.id === 'extent-status')?.mail).toBe('Zheng Liu, linux-ext4, 2014');
    expect(LABS.find((l) => l.id === 'btrfs-fsync')?.mail).toBe('Filipe Manana, linux-btrfs, 2021');
  });
});
