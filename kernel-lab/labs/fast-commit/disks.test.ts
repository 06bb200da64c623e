/**
 * fast-commit's own disk (spec.ts, ext4-fc), made by mke2fs as its recipe
 * says: ext4 with the fast_commit feature, and an inode per 4 KiB for the
 * paper profile's 64 x 1024 files and as many directories.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spec } from './spec';

const dir = mkdtempSync(join(tmpdir(), 'jc-fc-disk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fast-commit: the ext4-fc disk', () => {
  it('is ext4 with the fast_commit feature and an inode per 4 KiB', () => {
    const recipe = spec.disks?.['ext4-fc'];
    expect(recipe, "spec.ts's disks name ext4-fc").toBeDefined();
    const file = join(dir, 'ext4-fc.img');
    writeFileSync(file, '');
    truncateSync(file, recipe!.size);
    /* mke2fs is in /usr/sbin, which a user's PATH may lack */
    const r = spawnSync(recipe!.mkfs, [...recipe!.args, file], { encoding: 'utf8', env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin:/sbin` } });
    expect(r.error, `${recipe!.mkfs}: install e2fsprogs`).toBeUndefined();
    expect(r.status, r.stderr).toBe(0);
    /* the superblock at 1024: magic at +56, s_inodes_count at +0, s_feature_compat at +92 (FAST_COMMIT 0x400) */
    const sb = Buffer.alloc(1024);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, sb, 0, 1024, 1024);
    } finally {
      closeSync(fd);
    }
    expect(sb.readUInt16LE(56)).toBe(0xef53);
    expect(sb.readUInt32LE(92) & 0x400).toBe(0x400);
    expect(sb.readUInt32LE(0)).toBe(recipe!.size / 4096);
  });
});
