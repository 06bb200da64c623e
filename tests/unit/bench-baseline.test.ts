import { describe, expect, it } from 'vitest';
import { changes, resolveRevision } from '../../bench/baseline';

describe('bench --baseline', () => {
  it('names the commit a revision stands for', () => {
    expect(resolveRevision('HEAD')).toMatch(/^[0-9a-f]{40}$/);
  });

  it('refuses a revision that names no commit', () => {
    expect(() => resolveRevision('no-such-revision-of-journalclub')).toThrow(/not a commit of this repository/);
  });

  it('counts no changes from HEAD to itself', () => {
    expect(changes(resolveRevision('HEAD'), ['wasm-core'])).toBe(0);
  });
});
