/**
 * inode-hash's rows over ten seeds, paired, as `journalclub sweep` reads them (lib/verdict.ts): at 20
 * threads the patch cuts ext4 and btrfs (6.10's, the mail's kernel) as the mail does, btrfs's cut smaller
 * than ext4's with their intervals apart; and the ablation, btrfs's row on 6.12's xarray, is cut as much
 * as ext4, so that what keeps 6.10's cut small is root->inode_lock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../core/engine';
import { loadEngine } from '../../core/node';
import type { PaperRow } from '../../core/types';
import { mailRowChange } from '../../../../lib/mails';
import { changeSize, verdict, type Verdict } from '../../../../lib/verdict';

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

let engine: Engine;
let rows: PaperRow[];

beforeAll(async () => {
  engine = await loadEngine();
  rows = engine.rows('inode-hash').rows;
});

function row(label: string): PaperRow {
  const r = rows.find((x) => x.label === label);
  if (!r) throw new Error(`inode-hash has no row ${label}`);
  return r;
}

/** total_s of each seed, before and after, at @params */
function paired(params: Record<string, number | string>): { before: number[]; after: number[] } {
  const total = (variant: string, seed: number) =>
    engine.result({ lab: 'inode-hash', variant, params, seed }).metrics['total_s']!;
  return { before: SEEDS.map((s) => total('before', s)), after: SEEDS.map((s) => total('after', s)) };
}

const verdicts = new Map<string, Verdict>();

/** the verdict of row @label (at @params, the row's own by default) against the mail's, each computed once */
function rowVerdict(label: string, params: Record<string, number | string> = row(label).params): Verdict {
  const key = JSON.stringify(params);
  let v = verdicts.get(key);
  if (!v) {
    const { before, after } = paired(params);
    v = verdict(before, after, mailRowChange('inode-hash', row(label).row) ?? null);
    verdicts.set(key, v);
  }
  return v;
}

describe("inode-hash's rows over ten seeds", () => {
  it('cut ext4 and 6.10 btrfs as the mail does, btrfs less than ext4 with the intervals apart', () => {
    const ext4 = rowVerdict('ext4');
    const btrfs = rowVerdict('btrfs');
    const run = engine.result({ lab: 'inode-hash', variant: 'after', params: row('btrfs').params, seed: 1 });
    expect(run.params['btrfs_inodes'], "the btrfs row is 6.10's rb-tree").toBe('rbtree');
    expect(ext4.kind).toBe('as the mail');
    expect(btrfs.kind).toBe('as the mail');
    /* btrfs's interval clear of no change, and of ext4's: a smaller cut */
    expect(btrfs.high).toBeLessThan(1);
    expect(btrfs.low).toBeGreaterThan(ext4.high);
    /* within a factor of two of the mail's -16.7% */
    const size = changeSize(btrfs.ratio) / changeSize(1 - 0.167);
    expect(size).toBeGreaterThan(0.5);
    expect(size).toBeLessThan(2);
  });

  it("on 6.12's xarray (the ablation), cut btrfs as much as ext4: within 8 points, far more than 6.10's", () => {
    const ext4 = rowVerdict('ext4');
    const rb = rowVerdict('btrfs');
    const xa = rowVerdict('btrfs', { ...row('btrfs').params, btrfs_inodes: 'xarray' });
    expect(Math.abs(xa.ratio - ext4.ratio)).toBeLessThan(0.08);
    expect(xa.high).toBeLessThan(rb.low);
  });
});
