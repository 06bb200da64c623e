/**
 * inode-hash's parameters over the real WASM build: the file system, a
 * choice taken by name or index, and the check across threads, directories
 * and files, each refusal naming what is allowed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { refusal } from '../../core/testing/refusal';
import type { Engine } from '../../core/engine';
import { loadEngine } from '../../core/node';
import { IhSnapshot } from './schema';

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

describe("inode-hash's parameters", () => {
  it("take the file system by name or index, and give the run's value by name", () => {
    const fs = engine.params('inode-hash').find((s) => s.name === 'fs');
    expect(fs).toMatchObject({ type: 'choice', choices: ['ext4', 'btrfs'], default: 0, default_name: 'ext4', min: 0, max: 1 });
    const small = { threads: 2, dirs: 1, files: 8, passes: 1 };
    const byName = engine.result({ lab: 'inode-hash', variant: 'after', params: { ...small, fs: 'btrfs' }, seed: 3 });
    const byIndex = engine.result({ lab: 'inode-hash', variant: 'after', params: { ...small, fs: 1 }, seed: 3 });
    expect(byName.params.fs).toBe('btrfs');
    expect(byIndex.params.fs).toBe('btrfs');
    expect(byName.params.threads).toBe(2);
    expect(byName.sim.hash).toBe(byIndex.sim.hash);
    expect(engine.result({ lab: 'inode-hash', variant: 'after', params: small, seed: 3 }).params.fs).toBe('ext4');
    const bad = refusal(() => engine.result({ lab: 'inode-hash', variant: 'after', params: { fs: 'xfs' }, seed: 3 }));
    expect(bad.message).toBe("parameter 'fs' must be one of ext4, btrfs (got 'xfs')");
  });

  it("take btrfs's index of in-core inodes by kernel, 6.10's rb-tree unless told", () => {
    const idx = engine.params('inode-hash').find((s) => s.name === 'btrfs_inodes');
    expect(idx).toMatchObject({ type: 'choice', choices: ['rbtree', 'xarray'], default: 0, default_name: 'rbtree' });
    const small = { fs: 'btrfs', threads: 2, dirs: 1, files: 8, passes: 1 };
    const locks = (params: Record<string, string | number>) =>
      IhSnapshot.parse(engine.run({ lab: 'inode-hash', variant: 'after', params, seed: 3 }).snapshot).locks.map((l) => l.name);
    expect(locks(small)).toContain('root->inode_lock');
    expect(locks(small)).not.toContain('root->inodes.xa_lock');
    expect(locks({ ...small, btrfs_inodes: 'xarray' })).toContain('root->inodes.xa_lock');
    expect(locks({ ...small, btrfs_inodes: 'xarray' })).not.toContain('root->inode_lock');
    expect(refusal(() => engine.result({ lab: 'inode-hash', variant: 'after', params: { btrfs_inodes: 'list' }, seed: 3 })).message).toBe(
      "parameter 'btrfs_inodes' must be one of rbtree, xarray (got 'list')",
    );
  });

  it('are checked without a run: the choice and the cross-parameter check, each named', () => {
    expect(engine.checkParams('inode-hash', { fs: 'btrfs' })).toEqual({ ok: true });
    expect(engine.checkParams('inode-hash', { threads: 4, fs: 'xfs' })).toEqual({
      ok: false,
      message: "parameter 'fs' must be one of ext4, btrfs (got 'xfs')",
      param: 'fs',
      params: ['fs'],
      type: 'choice',
      got: 'xfs',
      allowed: ['ext4', 'btrfs'],
    });
    const cross = engine.checkParams('inode-hash', { threads: 64, dirs: 4096, files: 4096 });
    expect(cross).toMatchObject({ ok: false, param: null, params: ['threads', 'dirs', 'files'] });
    expect(cross.ok ? '' : cross.message).toContain('threads x dirs x files');
  });
});
