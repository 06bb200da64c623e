import { describe, expect, it } from 'vitest';
import { forgetCode, loadCode, saveCode, storageKey } from './storage';
import { LAB_IDS } from '../labs/registry.gen';

const [LAB, OTHER] = LAB_IDS;

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
    expect(saveCode(LAB, 'int a;', s)).toBe(true);
    expect(saveCode(OTHER, 'int b;', s)).toBe(true);
    expect(loadCode(LAB, s)).toBe('int a;');
    expect(loadCode(OTHER, s)).toBe('int b;');
    expect(s.getItem(storageKey(LAB))).toBe('int a;');
    forgetCode(LAB, s);
    expect(loadCode(LAB, s)).toBeNull();
  });

  it('says so when the storage refuses it, and reads nothing from a storage that throws', () => {
    const full = { ...memory(), setItem: () => { throw new DOMException('full', 'QuotaExceededError'); }, getItem: () => { throw new Error('denied'); } };
    expect(saveCode(LAB, 'int a;', full)).toBe(false);
    expect(loadCode(LAB, full)).toBeNull();
    expect(saveCode(LAB, 'int a;', undefined)).toBe(false);
  });
});
