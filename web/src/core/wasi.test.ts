import { describe, expect, it } from 'vitest';
import { parseDiagnostics } from './wasi';

describe('parseDiagnostics', () => {
  it("reads clang's file:line:col: severity: message lines and skips the source and caret lines", () => {
    const text = [
      "yours.c:5:9: error: use of undeclared identifier 'missing'",
      '    5 |         return missing;',
      '      |                ^',
      "yours.c:2:1: warning: type specifier missing, defaults to 'int' [-Wimplicit-int]",
      "include/yours/lab.h:10:6: note: previous declaration is here",
      'yours.c:7:1: fatal error: too many errors emitted, stopping now',
      '3 errors generated.',
    ].join('\n');
    expect(parseDiagnostics(text)).toEqual([
      { file: 'yours.c', line: 5, column: 9, severity: 'error', message: "use of undeclared identifier 'missing'" },
      { file: 'yours.c', line: 2, column: 1, severity: 'warning', message: "type specifier missing, defaults to 'int' [-Wimplicit-int]" },
      { file: 'include/yours/lab.h', line: 10, column: 6, severity: 'note', message: 'previous declaration is here' },
      { file: 'yours.c', line: 7, column: 1, severity: 'error', message: 'too many errors emitted, stopping now' },
    ]);
  });

  it('finds nothing in text that has no diagnostic, such as a linker message', () => {
    expect(parseDiagnostics('wasm-ld: error: yours.o: undefined symbol: fc_link\nclang: error: linker command failed')).toEqual([]);
  });
});
