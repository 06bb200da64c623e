import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { diagnosticRange, editorDiagnostics } from './ExerciseEditor';

const doc = Text.of(['#include "yours/lab.h"', '', 'int f(void)', '{', '\treturn missing + 1;', '}']);

describe('the editor places clang diagnostics', () => {
  it('at the token under clang\'s line and column (a tab is one column)', () => {
    const r = diagnosticRange(doc, 5, 9);
    expect(doc.sliceString(r.from, r.to)).toBe('missing');
  });

  it('on a column past the end of its line, at the end of the line', () => {
    const r = diagnosticRange(doc, 3, 80);
    expect(r).toEqual({ from: doc.line(3).to, to: doc.line(3).to });
  });

  it("keeps the errors and warnings of the student's file by the name it is saved as, on their lines, and leaves headers', notes and other names out", () => {
    const got = editorDiagnostics(
      doc,
      [
        { file: 'a-lab.c', line: 5, column: 9, severity: 'error', message: 'undeclared' },
        { file: 'include/yours/lab.h', line: 1, column: 1, severity: 'error', message: 'in a header' },
        { file: 'a-lab.c', line: 3, column: 5, severity: 'note', message: 'a note' },
        { file: 'a-lab.c', line: 3, column: 5, severity: 'warning', message: 'unused' },
        { file: 'yours.c', line: 3, column: 5, severity: 'error', message: 'another file' },
      ],
      'a-lab.c',
    );
    expect(got.map(([d, lint]) => [d.line, lint.severity, lint.message, doc.sliceString(lint.from, lint.to)])).toEqual([
      [5, 'error', 'undeclared', 'missing'],
      [3, 'warning', 'unused', 'f'],
    ]);
  });
});
