/**
 * mails/inode-hash.json as lib/mails.ts serves it: its figures by file system, its links
 * and its rows' noise.
 */
import { describe, expect, it } from 'vitest';
import { mailFigures, mailLinks, mailRowChange, mailValue } from '../../../../lib/mails';

describe('the inode-hash mail through lib/mails.ts', () => {
  it('filters by metric and the values of where it names', () => {
    expect(mailFigures('inode-hash', { metric: 'total_s', where: { fs: 'ext4' } }).map((f) => [f.variant, f.value])).toEqual([
      ['before', 46.118],
      ['after', 21.581],
    ]);
  });

  it('gives the figures a reader names, and names the file when one is missing', () => {
    expect(mailValue('inode-hash', 'sys_s', 'after', { fs: 'btrfs' })).toBe(738.66);
    expect(() => mailValue('inode-hash', 'sys_s', 'after', { fs: 'xfs' })).toThrow('mails/inode-hash.json has no figure sys_s of after where {"fs":"xfs"}');
    expect(() => mailValue('inode-hash', 'sys_s', 'after')).toThrow('mails/inode-hash.json has 2 figures sys_s of after');
  });

  it('gives the links a page names, and refuses a name the file lacks', () => {
    expect(mailLinks('inode-hash', ['commit'])).toEqual({ commit: 'https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id=7180f8d91fcb' });
    expect(() => mailLinks('inode-hash', ['nope'])).toThrow(/mails\/inode-hash\.json has no link "nope"; its links: commit, source/);
  });

  it("gives a row's noise: 1-2 s against a change of 24.5 s", () => {
    expect(mailRowChange('inode-hash', 1)).toMatchObject({ withinNoise: false, noise: expect.stringMatching(/1-2 s/), noiseSize: 2 / 46.118 });
  });
});
