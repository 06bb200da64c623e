/**
 * docs/bad-inputs.md read as tests: its tables' rows, the inputs they name
 * (a generator ⟨name⟩ where an input is too long or not text), and what
 * each row expects. tests/node/bad-inputs.test.ts runs the rows of the
 * command line (surfaces cli, json, bundle); tests/e2e/bad-inputs.spec.ts
 * those of the page (url, import). A row that names a generator or an
 * expectation not known here fails, so the document and the tests cannot
 * drift apart.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KERNEL_LAB_SPECS } from '../../kernel-lab/labs.gen';
import type { KernelLab } from '../../lib/kernel-labs.gen';
import { compareExamples, labsWithResults, resultText } from '../kernel-results';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const CATALOGUE = join(REPO, 'docs', 'bad-inputs.md');

export const SURFACES = ['cli', 'json', 'bundle', 'url', 'import'] as const;
export type Surface = (typeof SURFACES)[number];

export interface Row {
  id: string;
  surface: Surface;
  input: string;
  expected: string;
}

/** The id prefix of each surface: CLI-7, JSON-3, ... */
const PREFIX: Record<string, Surface> = { CLI: 'cli', JSON: 'json', BUNDLE: 'bundle', URL: 'url', IMPORT: 'import' };

const cell = (text: string): string => text.trim().replace(/^`(.*)`$/, '$1').replace(/\\\|/g, '|');

/**
 * Every table row of the catalogue: | id | input | expected |. A table's
 * heading names its surface ("## cli: ..."); an id's prefix must agree.
 */
export function readCatalogue(text = readFileSync(CATALOGUE, 'utf8')): Row[] {
  const rows: Row[] = [];
  let heading: string | null = null;
  for (const [n, line] of text.split('\n').entries()) {
    const h = /^##\s+(\S+?):/.exec(line);
    if (h) heading = h[1]!.toLowerCase();
    if (!line.startsWith('|')) continue;
    const cells = line
      .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
      .split(/(?<!\\)\|/)
      .map(cell);
    if (cells[0] === 'id' || /^-+$/.test(cells[0] ?? '')) continue;
    if (cells.length !== 3) throw new Error(`line ${n + 1}: a row has three cells (id, input, expected), got ${cells.length}`);
    const [id, input, expected] = cells as [string, string, string];
    const m = /^([A-Z]+)-\d+$/.exec(id);
    const surface = m ? PREFIX[m[1]!] : undefined;
    if (!surface) throw new Error(`line ${n + 1}: id ${id} names no surface (${Object.keys(PREFIX).join(', ')})`);
    if (heading !== surface) throw new Error(`line ${n + 1}: ${id} is under the heading of surface ${heading}`);
    rows.push({ id, surface, input, expected });
  }
  const ids = rows.map((r) => r.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length) throw new Error(`ids given twice: ${twice.join(', ')}`);
  return rows;
}

/* ------------------------------------------------------------ inputs */

/** Text generators: the bytes an input stands for where the document cannot hold them. */
export const TEXT_GENERATORS: Record<string, () => Buffer> = {
  '100,000 × a': () => Buffer.from('a'.repeat(100_000)),
  '1,000,000 × 9': () => Buffer.from('9'.repeat(1_000_000)),
  /* clear the screen, red, a bell, a carriage return, a backspace */
  'control characters': () => Buffer.from('\x1b[2J\x1b[31mred\x07\r\x08'),
  /* a lone continuation byte, an overlong lead, bytes UTF-8 never uses */
  'invalid UTF-8': () => Buffer.from([0x80, 0xc3, 0x28, 0xfe, 0xff]),
  'right-to-left override': () => Buffer.from('4\u202e652', 'utf8'),
  '100,000 unknown keys': () => Buffer.from(Array.from({ length: 100_000 }, (_, i) => `k${i}=1`).join('&')),
};

/** A generator of another kind (a file, a run directory, a bundle), made by the test that knows it. */
export interface Generated {
  kind: string;
  name: string;
}

export type Piece = Buffer | Generated;

/** "⟨file: truncated⟩" is a generator of kind file; "⟨100,000 × a⟩" one of text. */
function generator(spec: string): Piece {
  const k = /^([a-z ]+):\s*(.+)$/.exec(spec);
  if (k) return { kind: k[1]!, name: k[2]! };
  const g = TEXT_GENERATORS[spec];
  if (!g) throw new Error(`unknown generator ⟨${spec}⟩; known: ${Object.keys(TEXT_GENERATORS).join(', ')}, or ⟨kind: name⟩`);
  return g();
}

/** One word of an input: its pieces in order, text and generators. */
export type Word = Piece[];

/**
 * An input's words: split at spaces outside '...' and ⟨...⟩; a
 * ⟨generator⟩ stands for its bytes within its word.
 */
export function words(input: string): Word[] {
  const out: Word[] = [];
  let word: Word | null = null;
  let text = '';
  const flush = () => {
    if (text) (word ??= []).push(Buffer.from(text));
    text = '';
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (c === ' ') {
      flush();
      if (word) out.push(word);
      word = null;
    } else if (c === "'") {
      const end = input.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unclosed ' in ${input}`);
      text += input.slice(i + 1, end);
      word ??= [];
      i = end;
    } else if (c === '⟨') {
      const end = input.indexOf('⟩', i + 1);
      if (end < 0) throw new Error(`unclosed ⟨ in ${input}`);
      flush();
      (word ??= []).push(generator(input.slice(i + 1, end)));
      i = end;
    } else text += c;
  }
  flush();
  if (word) out.push(word);
  return out;
}

/* ------------------------------------------------------------ expectations */

export interface Expectation {
  /** the exit status (the command line) */
  exit?: number;
  /** stdout is one JSON object with an error and the exit status */
  jsonError?: boolean;
  /** words the message must contain */
  says: string[];
  /** the page shows the URL's one error banner */
  banner?: boolean;
  /** parameters the page falls back to its default for */
  defaults: string[];
  /** the page has no page at that address */
  noPage?: boolean;
  /** the import names the file's problem and keeps working */
  problem?: boolean;
}

/** "exit 2; JSON error; says "a", "b"" and the like; an unknown clause throws. */
export function expectation(text: string): Expectation {
  const e: Expectation = { says: [], defaults: [] };
  for (const clause of text.split(';').map((c) => c.trim())) {
    let m: RegExpExecArray | null;
    if ((m = /^exit (\d+)$/.exec(clause))) e.exit = Number(m[1]);
    else if (clause === 'JSON error') e.jsonError = true;
    else if (clause === 'banner') e.banner = true;
    else if (clause === 'no page') e.noPage = true;
    else if (clause === 'problem') e.problem = true;
    else if ((m = /^default (.+)$/.exec(clause))) e.defaults.push(...m[1]!.split(',').map((s) => s.trim()));
    else if ((m = /^says (.+)$/.exec(clause))) {
      const quoted = [...m[1]!.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((q) => q[1]!.replace(/\\(["\\])/g, '$1'));
      if (quoted.length === 0) throw new Error(`says takes "quoted" words: ${clause}`);
      e.says.push(...quoted);
    } else throw new Error(`unknown expectation "${clause}" (exit N, JSON error, says "...", banner, default NAME, no page, problem)`);
  }
  return e;
}

/* ------------------------------------------------------------ results files */

/*
 * The results files the catalogue's ⟨file: LAB VARIANT⟩ names are the labs'
 * own (kernel-lab/labs/<id>/results/<variant>.json); the broken ones start
 * from the registry's first lab that keeps two, its before run.
 */
export const BASE_LAB = compareExamples().lab;
const base = (): string => resultText(BASE_LAB, 'before');

const edit = (f: (r: Record<string, any>) => void): string => {
  const r = JSON.parse(base());
  f(r);
  return JSON.stringify(r, null, 2);
};

/* the base run's first metric, its first count metric, and its lab's first counter */
const firstMetric = (r: Record<string, any>): string => Object.keys(r.metrics)[0]!;
const countMetric = (r: Record<string, any>): string => Object.keys(r.metrics).find((k) => k.endsWith('_count'))!;
const firstCounter = (): string => KERNEL_LAB_SPECS[BASE_LAB].counters[0]!.name;

/** ⟨file: LAB VARIANT⟩: a lab's results file, when LAB is a lab that keeps one of VARIANT. */
export function labResultFile(name: string): (() => string) | undefined {
  const [lab, variant, ...rest] = name.split(' ');
  if (rest.length > 0 || !lab || !variant || !labsWithResults(variant).includes(lab as KernelLab)) return undefined;
  return () => resultText(lab, variant);
}

/**
 * The results files the catalogue names ⟨file: NAME⟩, as text, besides a
 * lab's own (labResultFile); "100 MB" is made by bigResult, as it is too
 * large to hold as a string for long.
 */
export const RESULT_FILES: Record<string, () => string> = {
  empty: () => '',
  truncated: () => {
    const t = base();
    return t.slice(0, Math.floor(t.length / 2));
  },
  'not JSON': () => `lab=${BASE_LAB} variant=before\n`,
  'top-level array': () => '[]',
  'wrong schema': () => edit((r) => (r.schema = 'journalclub.kernel-result/2')),
  'unknown lab': () => edit((r) => (r.lab = 'no-such-lab')),
  'numbers as strings': () =>
    edit((r) => {
      for (const k of Object.keys(r.metrics)) r.metrics[k] = String(r.metrics[k]);
    }),
  NaN: () => edit((r) => (r.metrics[firstMetric(r)] = '@NaN@')).replace('"@NaN@"', 'NaN'),
  '1e999': () => edit((r) => (r.metrics[firstMetric(r)] = '@INF@')).replace('"@INF@"', '1e999'),
  'negative counter': () => edit((r) => (r.counters[firstCounter()] = -5)),
  'negative count metric': () => edit((r) => (r.metrics[countMetric(r)] = -3)),
  'negative wall time': () => edit((r) => (r.wall_s = -1)),
  '100,000 levels deep': () =>
    edit((r) => (r.parameters.deep = '@DEEP@')).replace('"@DEEP@"', `${'['.repeat(100_000)}${']'.repeat(100_000)}`),
};

/** The text of ⟨file: NAME⟩: a lab's results file or one of RESULT_FILES; undefined for a name neither knows. */
export function resultFileText(name: string): (() => string) | undefined {
  return labResultFile(name) ?? RESULT_FILES[name];
}

/** What ⟨file: NAME⟩ may name, for the error of a name no generator knows. */
export const RESULT_FILE_NAMES = `LAB VARIANT of kernel-lab/labs/<id>/results/<variant>.json, ${Object.keys(RESULT_FILES).join(', ')}`;

/** 100 MB: a result whose raw outputs carry 100 MB more, written in pieces. */
export const BIG_RESULT_BYTES = 100 * 1024 * 1024;

export function bigResultChunks(): string[] {
  const head = edit((r) => (r.raw.padding = '@PAD@'));
  const at = head.indexOf('"@PAD@"');
  const chunk = 'x'.repeat(1024 * 1024);
  return [head.slice(0, at), '"', ...Array.from({ length: 100 }, () => chunk), '"', head.slice(at + '"@PAD@"'.length)];
}
