import { describe, expect, it } from 'vitest';
import { forgetCode, loadCode, saveCode, storageKey } from './storage';

function memory(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
}

describe('the student file kept per lab', () => {
  it('is kept under its lab and read back, another lab apart', () => {
    const s = memory();
    expect(saveCode('fast-commit', 'int a;', s)).toBe(true);
    expect(saveCode('inode-hash', 'int b;', s)).toBe(true);
    expect(loadCode('fast-commit', s)).toBe('int a;');
    expect(loadCode('inode-hash', s)).toBe('int b;');
    expect(s.getItem(storageKey('fast-commit'))).toBe('int a;');
    forgetCode('fast-commit', s);
    expect(loadCode('fast-commit', s)).toBeNull();
  });

  it('says so when the storage refuses it, and reads nothing from a storage that throws', () => {
    const full = { ...memory(), setItem: () => { throw new DOMException('full', 'QuotaExceededError'); }, getItem: () => { throw new Error('denied'); } };
    expect(saveCode('fast-commit', 'int a;', full)).toBe(false);
    expect(loadCode('fast-commit', full)).toBeNull();
    expect(saveCode('fast-commit', 'int a;', undefined)).toBe(false);
  });
});
