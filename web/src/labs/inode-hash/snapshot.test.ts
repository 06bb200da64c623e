import { describe, expect, it } from 'vitest';
import { sampleSnapshot } from './testing/sample';
import { parseIhSnapshot } from './snapshot';

describe('parseIhSnapshot', () => {
  it('accepts a snapshot that keeps to the contract', () => {
    const r = parseIhSnapshot(sampleSnapshot());
    expect(r.error).toBeNull();
    expect(r.snap?.ih.readers).toEqual([{ task: 1, bucket: 3, pos: 1 }]);
  });

  it('names the path of a member that does not match', () => {
    const s = sampleSnapshot() as unknown as { ih: { fs: string } };
    s.ih.fs = 'xfs';
    const r = parseIhSnapshot(s);
    expect(r.snap).toBeNull();
    expect(r.error).toMatch(/inode-hash schema at ih\.fs/);
  });

  it('refuses an inode state outside new, live and freeing', () => {
    const s = sampleSnapshot() as unknown as { ih: { chains: { inodes: { state: string }[] }[] } };
    s.ih.chains[0].inodes[0].state = 'dirty';
    expect(parseIhSnapshot(s).error).toMatch(/ih\.chains\.0\.inodes\.0\.state/);
  });

  it('refuses a snapshot without the chain heat', () => {
    const { chain_heat: _, ...rest } = sampleSnapshot();
    expect(parseIhSnapshot(rest).error).toMatch(/at chain_heat/);
  });

  it('refuses what does not add up, saying what', () => {
    const past = sampleSnapshot();
    past.ih.readers[0].bucket = 16;
    expect(parseIhSnapshot(past).error).toMatch(/reader T1 is on bucket 16, past the table's 16 buckets/);

    const long = sampleSnapshot();
    long.ih.chains[1].len = 1;
    expect(parseIhSnapshot(long).error).toMatch(/bucket 5 lists 2 inodes from #0 but has len 1/);

    const shifted = sampleSnapshot();
    shifted.ih.chains[1].from = 1;
    expect(parseIhSnapshot(shifted).error).toMatch(/bucket 5 lists 2 inodes from #1 but has len 2/);

    const uncounted = sampleSnapshot();
    uncounted.ih.hashed = 8;
    expect(parseIhSnapshot(uncounted).error).toMatch(/segments hold 7 inodes but 8 are hashed/);
    uncounted.ih.segments.inodes = [];
    uncounted.ih.segments.longest = [];
    expect(parseIhSnapshot(uncounted).error).toBeNull();
    uncounted.ih.nonempty = 5;
    expect(parseIhSnapshot(uncounted).error).toMatch(/segments hold 4 chains but 5 are non-empty/);

    const heat = sampleSnapshot();
    heat.chain_heat.nr_time = 2;
    expect(parseIhSnapshot(heat).error).toMatch(/inconsistent inode-hash snapshot: chain_heat row 0/);
  });

  it('takes more than 64 rows of chain heat for an error', () => {
    const s = sampleSnapshot();
    s.chain_heat.nr_rows = 65;
    expect(parseIhSnapshot(s).error).toMatch(/chain_heat\.nr_rows/);
  });
});
