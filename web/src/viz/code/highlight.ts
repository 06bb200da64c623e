/**
 * A small C tokenizer for the code pane: enough to colour the model's source
 * (keywords, types, comments, strings, numbers, preprocessor lines, calls).
 * It works line by line and carries block comments across lines.
 */

export type TokKind = 'kw' | 'type' | 'comment' | 'string' | 'number' | 'pp' | 'fn' | 'plain';

export interface Tok {
  kind: TokKind;
  text: string;
}

const KEYWORDS = new Set([
  'auto', 'break', 'case', 'continue', 'default', 'do', 'else', 'enum', 'extern', 'for', 'goto',
  'if', 'inline', 'register', 'restrict', 'return', 'sizeof', 'static', 'struct', 'switch',
  'typedef', 'union', 'volatile', 'while', 'const', 'NULL', 'true', 'false',
]);

const TYPES = new Set([
  'void', 'char', 'short', 'int', 'long', 'float', 'double', 'signed', 'unsigned', 'bool', '_Bool',
  'size_t', 'ssize_t', 'int8_t', 'int16_t', 'int32_t', 'int64_t', 'uint8_t', 'uint16_t',
  'uint32_t', 'uint64_t', 'u8', 'u16', 'u32', 'u64', 's8', 's16', 's32', 's64', 'loff_t',
  'ino_t', 'pid_t',
]);

const IDENT = /^[A-Za-z_]\w*/;
const NUMBER = /^(0[xX][0-9a-fA-F]+|\d+(\.\d+)?([eE][+-]?\d+)?)[uUlLfF]*/;

function push(out: Tok[], kind: TokKind, text: string) {
  if (!text) return;
  const last = out[out.length - 1];
  if (last && last.kind === kind && (kind === 'plain' || kind === 'comment')) last.text += text;
  else out.push({ kind, text });
}

/** Tokens per line; the concatenated texts of each line equal the line. */
export function highlightC(source: string): Tok[][] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  let inComment = false;
  return lines.map((line) => {
    const out: Tok[] = [];
    let i = 0;
    if (!inComment && /^\s*#/.test(line)) {
      const c = line.search(/\/[/*]/);
      push(out, 'pp', c < 0 ? line : line.slice(0, c));
      i = c < 0 ? line.length : c;
    }
    while (i < line.length) {
      if (inComment) {
        const end = line.indexOf('*/', i);
        if (end < 0) {
          push(out, 'comment', line.slice(i));
          i = line.length;
        } else {
          push(out, 'comment', line.slice(i, end + 2));
          i = end + 2;
          inComment = false;
        }
        continue;
      }
      const rest = line.slice(i);
      if (rest.startsWith('/*')) {
        inComment = true;
        push(out, 'comment', '/*');
        i += 2;
        continue;
      }
      if (rest.startsWith('//')) {
        push(out, 'comment', rest);
        break;
      }
      const ch = line[i];
      if (ch === '"' || ch === "'") {
        let j = i + 1;
        while (j < line.length && line[j] !== ch) j += line[j] === '\\' ? 2 : 1;
        push(out, 'string', line.slice(i, Math.min(line.length, j + 1)));
        i = j + 1;
        continue;
      }
      const prev = i > 0 ? line[i - 1] : ' ';
      const num = /[\w]/.test(prev) ? null : NUMBER.exec(rest);
      if (num) {
        push(out, 'number', num[0]);
        i += num[0].length;
        continue;
      }
      const id = IDENT.exec(rest);
      if (id) {
        const w = id[0];
        const after = rest.slice(w.length);
        const kind: TokKind = KEYWORDS.has(w)
          ? 'kw'
          : TYPES.has(w)
            ? 'type'
            : /^\s*\(/.test(after)
              ? 'fn'
              : 'plain';
        push(out, kind, w);
        i += w.length;
        continue;
      }
      push(out, 'plain', ch);
      i += 1;
    }
    return out;
  });
}

/** Index of a 1-based line in the source (clamped), for scrolling. */
export function clampLine(line: number, lineCount: number): number {
  if (lineCount <= 0) return 0;
  return Math.min(lineCount, Math.max(1, Math.floor(line)));
}
