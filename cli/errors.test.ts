import { describe, expect, it } from 'vitest';
import { messageLine, printable, quote, QUOTE_MAX } from './errors';

describe('quote', () => {
  it('keeps a name or value up to QUOTE_MAX characters, and cuts a longer one to its first 32', () => {
    expect(quote('x'.repeat(QUOTE_MAX))).toBe('x'.repeat(QUOTE_MAX));
    expect(quote('x'.repeat(QUOTE_MAX + 1))).toBe(`${'x'.repeat(32)}…`);
  });
});

describe('printable', () => {
  it('writes control characters and the marks that reorder a line as escapes', () => {
    expect(printable('a\x1b[2Jb\x07\r\x7f\u0085c')).toBe('a\\x1b[2Jb\\x07\\x0d\\x7f\\x85c');
    expect(printable('4\u202e652\u2066')).toBe('4\\u202e652\\u2066');
    expect(printable('ways 1..256 µs “quoted” …')).toBe('ways 1..256 µs “quoted” …');
  });
});

describe('messageLine', () => {
  const long = 'a'.repeat(100_000);

  it('cuts an argument the message quotes whole, keeping what it says after it', () => {
    expect(messageLine(`unknown lab "${long}" (labs: x, y)`, ['params', long])).toBe(`unknown lab "${'a'.repeat(32)}…" (labs: x, y)`);
  });

  it('cuts the part of a name=value that is long, and a prefix the simulator already cut', () => {
    expect(messageLine(`parameter 'ways' (got '${long.slice(0, 500)}`, ['--set', `ways=${long}`])).toBe(
      `parameter 'ways' (got '${'a'.repeat(32)}…`,
    );
  });

  it('is one line', () => {
    expect(messageLine('first\n  second\n')).toBe('first; second');
  });
});
