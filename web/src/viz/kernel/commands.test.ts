import { describe, expect, it } from 'vitest';
import { KERNEL_LABS } from '../../../../lib/kernel-results';
import { bundleHref, parseBundleManifest } from './bundleManifest';
import { bundleCommands, checkoutCommands, commandText, shellQuote } from './commands';
import { LAB_IDS } from '../../labs/registry.gen';

const [LAB, OTHER] = LAB_IDS;

describe('commands', () => {
  it('the checkout commands of a lab', () => {
    expect(checkoutCommands(OTHER).map((c) => commandText(c.argv))).toEqual([
      'npx journalclub kernel build',
      'npx journalclub kernel image',
      `npx journalclub kernel run ${OTHER} --variant before --profile quick`,
      `npx journalclub kernel run ${OTHER} --variant after --profile quick`,
      'npx journalclub kernel compare <before.json> <after.json>',
    ]);
  });
  it('the bundle commands of every lab', () => {
    for (const lab of KERNEL_LABS)
      expect(bundleCommands(lab).map((c) => commandText(c.argv))).toEqual([
        'tar xzf journalclub-kernel-lab.tar.gz',
        'cd journalclub-kernel-lab',
        `./run ${lab} before`,
        `./run ${lab} after`,
        `npx journalclub kernel ingest results/${lab}-<variant>-<time>`,
      ]);
    expect(commandText(bundleCommands(LAB, 'other-name.tar.gz')[1].argv)).toBe('cd other-name');
  });
  it('quotes what a shell would split or expand', () => {
    expect(shellQuote('plain-arg_1.json')).toBe('plain-arg_1.json');
    expect(shellQuote('two words')).toBe("'two words'");
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote('$HOME')).toBe("'$HOME'");
    expect(shellQuote('')).toBe("''");
  });
});

const GOOD = {
  file: 'journalclub-kernel-lab.tar.gz',
  bytes: 12_345_678,
  sha256: 'ab'.repeat(32),
  kernel: '6.12.117',
  created: '2026-11-21T10:00:00Z',
};

describe('bundle manifest', () => {
  it('parses a good manifest and builds its address', () => {
    const m = parseBundleManifest(JSON.stringify(GOOD));
    expect(m).toEqual(GOOD);
    expect(bundleHref(m)).toBe('/kernel/journalclub-kernel-lab.tar.gz');
    expect(bundleHref(m, '/jc')).toBe('/jc/kernel/journalclub-kernel-lab.tar.gz');
  });
  it('names the source and the field of a bad one', () => {
    expect(() => parseBundleManifest('{', 'web/public/kernel/bundle.json')).toThrow(/^web\/public\/kernel\/bundle\.json is not JSON: /);
    expect(() => parseBundleManifest(JSON.stringify({ ...GOOD, sha256: 'XYZ' }))).toThrow(
      'bundle.json is not a kernel-lab bundle manifest: sha256: 64 lower-case hex digits',
    );
    expect(() => parseBundleManifest(JSON.stringify({ ...GOOD, file: '../etc/passwd.tar.gz' }))).toThrow(/file: a file name ending in \.tar\.gz/);
    expect(() => parseBundleManifest(JSON.stringify({ ...GOOD, kernel: '6.1.0' }))).toThrow(/kernel: a 6\.12 kernel release/);
    expect(() => parseBundleManifest(JSON.stringify({ ...GOOD, bytes: 0 }))).toThrow(/bytes: /);
  });
});
