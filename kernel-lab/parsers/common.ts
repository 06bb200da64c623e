/**
 * What every kernel-lab parser shares: the error it throws and the small
 * readers of numbers and lines that make that error precise.
 *
 * A parser is a pure function from the text a tool printed to typed data.
 * When the text is not what the tool prints, it throws a ParseError whose
 * message names the format, the line (1-based) and what was expected there,
 * e.g. `fc_info: line 3: expected "<n> numblks", got "12 blocks"`.
 */

/** The text is not the format the parser reads. */
export class ParseError extends Error {
  constructor(
    /** the format's name as the messages print it, e.g. "fc_info" */
    readonly format: string,
    /** 1-based line number, when one line is at fault */
    readonly line: number | undefined,
    detail: string,
  ) {
    super(`${format}: ${line === undefined ? '' : `line ${line}: `}${detail}`);
    this.name = 'ParseError';
  }
}

/** A line of input with its 1-based number. */
export interface Line {
  no: number;
  text: string;
}

/** The lines of a text; a final newline does not make an empty last line. CRLF is read as LF. */
export function linesOf(text: string): Line[] {
  const body = text.replace(/\r\n/g, '\n');
  const parts = body.split('\n');
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts.map((t, i) => ({ no: i + 1, text: t }));
}

/** A line quoted for an error message, cut short when long. */
export function quote(text: string, max = 80): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}...` : text);
}

/**
 * A decimal number as a tool printed it (integer or fraction, optional sign).
 * Throws naming the field when it is not one.
 */
export function readNumber(format: string, line: number | undefined, field: string, text: string): number {
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) {
    throw new ParseError(format, line, `${field}: expected a number, got ${quote(text)}`);
  }
  const value = Number(text);
  if (!Number.isFinite(value)) throw new ParseError(format, line, `${field}: ${quote(text)} is out of range`);
  return value;
}

/**
 * A whole number >= 0 that a double holds exactly (the kernel's counters are
 * u64; past 2^53 a JavaScript number would round them, so that is refused).
 */
export function readCount(format: string, line: number | undefined, field: string, text: string): number {
  if (!/^\d+$/.test(text)) {
    throw new ParseError(format, line, `${field}: expected a whole number >= 0, got ${quote(text)}`);
  }
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new ParseError(format, line, `${field}: ${text} is larger than ${Number.MAX_SAFE_INTEGER}, the largest exact count`);
  }
  return value;
}

/**
 * Read the next line and match it against a pattern; throws naming the line
 * and the expected shape when it does not match or the text has ended.
 */
export function expectLine(format: string, lines: Line[], index: number, pattern: RegExp, shape: string): RegExpExecArray {
  const line = lines[index];
  if (line === undefined) {
    const after = lines.length === 0 ? 'the text is empty' : `the text ends after line ${lines.length}`;
    throw new ParseError(format, undefined, `expected ${shape}, but ${after}`);
  }
  const m = pattern.exec(line.text);
  if (!m) throw new ParseError(format, line.no, `expected ${shape}, got ${quote(line.text)}`);
  return m;
}

/** Throws when any non-blank line is left after `index`: the text is longer than the format. */
export function expectEnd(format: string, lines: Line[], index: number): void {
  const extra = lines.slice(index).find((l) => l.text.trim() !== '');
  if (extra) throw new ParseError(format, extra.no, `unexpected text after the end of the ${format} output: ${quote(extra.text)}`);
}

/** One matched line: the pattern's groups and the line's number. */
export interface Matched {
  m: RegExpExecArray;
  no: number;
}

/**
 * Reads a text line by line against the shapes a format allows, so that
 * each parser states its format once, in order, and every error names the
 * line and the shape that was expected there.
 */
export class LineReader {
  readonly lines: Line[];
  index = 0;

  constructor(
    readonly format: string,
    text: string,
  ) {
    this.lines = linesOf(text);
  }

  /** The next line, without reading it. */
  peek(): Line | undefined {
    return this.lines[this.index];
  }

  /** Whether the next line matches, without reading it. */
  at(pattern: RegExp): boolean {
    const line = this.peek();
    return line !== undefined && pattern.test(line.text);
  }

  /** Read the next line; it must match `pattern`, described to the user as `shape`. */
  expect(pattern: RegExp, shape: string): Matched {
    const m = expectLine(this.format, this.lines, this.index, pattern, shape);
    return { m, no: this.lines[this.index++]!.no };
  }

  /** Skip blank lines. */
  skipBlank(): void {
    while (this.at(/^\s*$/)) this.index++;
  }

  /** Group `group` of a matched line as a count (see readCount). */
  count(at: Matched, group: number, field: string): number {
    return readCount(this.format, at.no, field, at.m[group] ?? '');
  }

  /** Group `group` of a matched line as a number (see readNumber). */
  number(at: Matched, group: number, field: string): number {
    return readNumber(this.format, at.no, field, at.m[group] ?? '');
  }

  /** Nothing but blank lines may follow. */
  end(): void {
    expectEnd(this.format, this.lines, this.index);
  }
}

/** Throws when the text is empty or only blank lines. */
export function expectText(format: string, text: string, what: string): void {
  if (text.trim() === '') throw new ParseError(format, undefined, `the text is empty; expected ${what}`);
}
