import { describe, expect, it } from 'vitest';
import { clampLine, highlightC } from './highlight';

const join = (line: { text: string }[]) => line.map((t) => t.text).join('');

describe('highlightC', () => {
  it('keeps every character of every line', () => {
    const src = '#include <x.h>\nstatic int f(u64 a) /* c */ {\n\treturn a + 0x10; // done\n}\n';
    const lines = highlightC(src);
    expect(lines).toHaveLength(4);
    expect(lines.map(join)).toEqual(src.split('\n').slice(0, 4));
  });

  it('classifies tokens', () => {
    const [line] = highlightC('static u64 walk(int n) { return n ? "x\\"y" : 42; }');
    const kinds = Object.fromEntries(line.filter((t) => t.kind !== 'plain').map((t) => [t.text, t.kind]));
    expect(kinds).toEqual({
      static: 'kw',
      u64: 'type',
      walk: 'fn',
      int: 'type',
      return: 'kw',
      '"x\\"y"': 'string',
      '42': 'number',
    });
  });

  it('carries block comments across lines', () => {
    const lines = highlightC('a /* one\ntwo\nthree */ b');
    expect(lines[1]).toEqual([{ kind: 'comment', text: 'two' }]);
    expect(lines[2][0]).toEqual({ kind: 'comment', text: 'three */' });
    expect(lines[2][1]).toEqual({ kind: 'plain', text: ' b' });
  });

  it('marks preprocessor lines and numbers inside names as plain', () => {
    const [pp, id] = highlightC('#define N 4 // four\nx2 = u8;');
    expect(pp[0]).toEqual({ kind: 'pp', text: '#define N 4 ' });
    expect(pp[1].kind).toBe('comment');
    expect(id.find((t) => t.text.includes('x2'))?.kind).toBe('plain');
  });

  it('clamps lines', () => {
    expect(clampLine(0, 10)).toBe(1);
    expect(clampLine(99, 10)).toBe(10);
    expect(clampLine(3, 0)).toBe(0);
  });
});
