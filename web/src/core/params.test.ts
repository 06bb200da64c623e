import { describe, expect, it } from 'vitest';
import { allowedText, defaultText, paramNumber, paramText } from './params';
import { ParamSpec } from './types';

const FS = ParamSpec.parse({
  name: 'fs',
  type: 'choice',
  unit: '',
  min: 0,
  max: 1,
  default: 0,
  default_name: 'ext4',
  choices: ['ext4', 'btrfs'],
  help: 'file system',
});
const WAYS = ParamSpec.parse({ name: 'ways', type: 'int', unit: 'threads', min: 1, max: 256, default: 4, help: '' });

describe('the ParamSpec schema', () => {
  it('parses an integer and a choice', () => {
    expect(WAYS.type).toBe('int');
    expect(FS.type === 'choice' && FS.choices).toEqual(['ext4', 'btrfs']);
  });
  it("refuses a choice whose range, default name or names do not fit", () => {
    const fs = { ...FS };
    expect(ParamSpec.safeParse({ ...fs, max: 2 }).success).toBe(false);
    expect(ParamSpec.safeParse({ ...fs, default_name: 'btrfs' }).success).toBe(false);
    expect(ParamSpec.safeParse({ ...fs, choices: [] }).success).toBe(false);
    expect(ParamSpec.safeParse({ ...fs, type: 'int' }).success).toBe(true);
    const { choices: _choices, ...noChoices } = fs as typeof fs & { choices: string[] };
    expect(ParamSpec.safeParse(noChoices).success).toBe(false);
  });
  it('refuses an unknown type and a default out of range', () => {
    expect(ParamSpec.safeParse({ ...WAYS, type: 'float' }).success).toBe(false);
    expect(ParamSpec.safeParse({ ...WAYS, default: 0 }).success).toBe(false);
  });
});

describe('paramNumber', () => {
  it("takes a choice's name or its index", () => {
    expect(paramNumber(FS, 'btrfs')).toBe(1);
    expect(paramNumber(FS, ' ext4 ')).toBe(0);
    expect(paramNumber(FS, '1')).toBe(1);
    expect(paramNumber(FS, 0)).toBe(0);
  });
  it('gives null for text that is neither (the range is the simulator’s to judge)', () => {
    expect(paramNumber(FS, 'xfs')).toBeNull();
    expect(paramNumber(FS, 'Btrfs')).toBeNull();
    expect(paramNumber(WAYS, 'ext4')).toBeNull();
    expect(paramNumber(WAYS, '1.5')).toBeNull();
    expect(paramNumber(WAYS, '')).toBeNull();
    expect(paramNumber(WAYS, ' 12 ')).toBe(12);
    expect(paramNumber(WAYS, 999)).toBe(999);
  });
});

describe('paramText, allowedText, defaultText', () => {
  it('show a choice by its name and an integer as its number', () => {
    expect(paramText(FS, 1)).toBe('btrfs');
    expect(paramText(WAYS, 16)).toBe('16');
    expect(allowedText(FS)).toBe('ext4, btrfs');
    expect(allowedText(WAYS)).toBe('1..256 threads');
    expect(defaultText(FS)).toBe('ext4');
    expect(defaultText(WAYS)).toBe('4');
  });
});
