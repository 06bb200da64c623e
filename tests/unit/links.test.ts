/**
 * Every relative link of README.md and docs/**\/*.md resolves: the file or
 * folder it names exists, and its #anchor is a heading of the Markdown file
 * it points into, slugged as GitHub slugs headings (or an explicit
 * <a id>/<a name>). Links to other sites are not followed.
 *
 * No Markdown library is installed, so the few rules needed are here, each
 * tested below: fenced code blocks and code spans hold no links; a link is
 * `[text](dest "title")`, `![alt](dest)`, `<dest>` in those, a reference
 * definition `[label]: dest`, or an HTML href or src; a heading is an ATX
 * heading (`## text`; setext headings are not used in these files).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { labs } from '../../scripts/registry.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/* ---- Markdown, as far as links and headings need it ---- */

/** The lines of a file with fenced code blocks blanked (kept as empty lines, so that line numbers hold). */
export function withoutFences(text: string): string[] {
  const lines = text.split('\n');
  let fence: { char: string; len: number } | null = null;
  return lines.map((line) => {
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (m && m[1]![0] === fence.char && m[1]!.length >= fence.len && /^ {0,3}[`~]+\s*$/.test(line)) fence = null;
      return '';
    }
    if (m) {
      fence = { char: m[1]![0]!, len: m[1]!.length };
      return '';
    }
    return line;
  });
}

/** A line with its code spans blanked (a run of n backticks closes at the next run of exactly n). */
export function withoutCodeSpans(line: string): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    if (line[i] !== '`') {
      out += line[i++];
      continue;
    }
    let n = 0;
    while (line[i + n] === '`') n++;
    const ticks = '`'.repeat(n);
    let close = -1;
    for (let j = line.indexOf(ticks, i + n); j >= 0; j = line.indexOf(ticks, j + 1)) {
      if (line[j - 1] !== '`' && line[j + n] !== '`') {
        close = j;
        break;
      }
    }
    if (close < 0) {
      out += ticks;
      i += n;
      continue;
    }
    out += ' '.repeat(close + n - i);
    i = close + n;
  }
  return out;
}

/** A heading's text as GitHub renders it, before slugging: inline code, links, emphasis and HTML reduced to their text. */
function headingText(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|\W)[*_](.+?)[*_](?=\W|$)/g, '$1$2');
}

/**
 * GitHub's anchor for a heading, by github-slugger's rule: lower case, then
 * every character dropped but letters, marks, decimal and letter numbers,
 * connector punctuation (`_`), any other alphabetic character, the space and
 * the hyphen-minus; each space becomes a hyphen. (Other numbers such as ²,
 * other dashes and every symbol go.)
 */
export function slug(heading: string): string {
  return headingText(heading)
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\p{Alphabetic} -]/gu, '')
    .replace(/ /g, '-');
}

/**
 * The anchors of a Markdown file: its headings' slugs and explicit ids. A
 * slug already taken gets -1, -2, ... (the first of those not taken), as
 * GitHub numbers repeated headings.
 */
export function anchors(text: string): Set<string> {
  const out = new Set<string>();
  const repeats = new Map<string, number>();
  const headingsSeen = new Set<string>();
  for (const line of withoutFences(text)) {
    const h = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (h) {
      const base = slug(h[1] ?? '');
      let name = base;
      while (headingsSeen.has(name)) {
        const n = (repeats.get(base) ?? 0) + 1;
        repeats.set(base, n);
        name = `${base}-${n}`;
      }
      headingsSeen.add(name);
      out.add(name);
    }
    for (const m of line.matchAll(/<a\s[^>]*\b(?:id|name)\s*=\s*["']([^"']+)["']/gi)) out.add(m[1]!);
  }
  return out;
}

export interface Link {
  line: number;
  dest: string;
}

/** The destination that starts at `from` (just after "](" ): `<...>`, or up to a space or the unbalanced ")". */
function destination(line: string, from: number): string | null {
  let i = from;
  while (line[i] === ' ') i++;
  if (line[i] === '<') {
    const end = line.indexOf('>', i);
    return end < 0 ? null : line.slice(i + 1, end);
  }
  let depth = 0;
  let dest = '';
  for (; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\' && i + 1 < line.length) {
      dest += line[++i];
      continue;
    }
    if (c === ' ' || c === '\t') break;
    if (c === '(') depth++;
    if (c === ')') {
      if (depth === 0) break;
      depth--;
    }
    dest += c;
  }
  return dest;
}

/** Every link destination of a Markdown text, with its line (from 1). */
export function links(text: string): Link[] {
  const out: Link[] = [];
  withoutFences(text).forEach((raw, k) => {
    const line = withoutCodeSpans(raw);
    const ref = /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/.exec(line);
    if (ref) out.push({ line: k + 1, dest: ref[1]! });
    for (let i = line.indexOf(']('); i >= 0; i = line.indexOf('](', i + 2)) {
      const dest = destination(line, i + 2);
      if (dest !== null) out.push({ line: k + 1, dest });
    }
    for (const m of line.matchAll(/\b(?:href|src)\s*=\s*["']([^"']*)["']/gi)) out.push({ line: k + 1, dest: m[1]! });
  });
  return out;
}

/* ---- what a link must find ---- */

/** A destination on another site (a scheme, or //host), which this test does not follow. */
const external = (dest: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(dest) || dest.startsWith('//');

/**
 * What is wrong with a relative link of `file` (a path under the root), or
 * null when it resolves.
 */
export function problem(root: string, file: string, dest: string, anchorsOf: (path: string) => Set<string>): string | null {
  if (external(dest)) return null;
  const hash = dest.indexOf('#');
  const pathPart = decodeURI(hash < 0 ? dest : dest.slice(0, hash));
  const anchor = hash < 0 ? null : decodeURIComponent(dest.slice(hash + 1));
  const base = pathPart.startsWith('/') ? root : dirname(join(root, file));
  const target = pathPart === '' ? join(root, file) : resolve(base, pathPart.replace(/^\//, ''));
  const shown = relative(root, target) || '.';
  if (!(target + sep).startsWith(resolve(root) + sep) && target !== resolve(root)) return `${shown} is outside the repository`;
  if (!existsSync(target)) return `${shown} does not exist`;
  if (anchor === null || anchor === '') return anchor === '' ? 'an empty #anchor' : null;
  if (statSync(target).isDirectory()) return `${shown} is a folder, which has no #${anchor}`;
  if (!/\.md$/i.test(target)) return null;
  const found = anchorsOf(target);
  if (found.has(anchor)) return null;
  const near = [...found].filter((a) => a.includes(anchor) || anchor.includes(a)).slice(0, 3);
  return `${shown} has no heading #${anchor}${near.length ? ` (it has ${near.map((a) => `#${a}`).join(', ')})` : ''}`;
}

/** README.md and every Markdown file under docs/, as paths under the root. */
function documents(root: string): string[] {
  const out = ['README.md'];
  const walk = (dir: string): void => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith('.md')) out.push(path);
    }
  };
  walk('docs');
  return out;
}

/* ---- the parser's own tests ---- */

describe('Markdown as the link check reads it', () => {
  it("slugs headings as GitHub does", () => {
    expect(slug('page-cache: what the simulator shows')).toBe('page-cache-what-the-simulator-shows');
    expect(slug("The kernel lab's boot")).toBe('the-kernel-labs-boot');
    expect(slug('Predict, then reveal: the questions on every lab page')).toBe('predict-then-reveal-the-questions-on-every-lab-page');
    expect(slug('`lab_es_lru` and `s_es_lock`')).toBe('lab_es_lru-and-s_es_lock');
    expect(slug('O(N²) → O(N)')).toBe('on--on');
    expect(slug('ext4 IOPS drop 5.4 – 5.10')).toBe('ext4-iops-drop-54--510');
    expect(slug('Runs in sets: alternate, repeat, compare')).toBe('runs-in-sets-alternate-repeat-compare');
    expect(slug('[The bundle](bundle.md) **now**')).toBe('the-bundle-now');
    expect(slug('1. Choose the id')).toBe('1-choose-the-id');
    expect(slug('Überblick & Ausblick')).toBe('überblick--ausblick');
  });

  it('numbers a repeated heading, reads explicit ids, and skips headings in code', () => {
    const md = ['# Title', '## Notes', '```sh', '## not a heading', '```', '## Notes', '### Notes ##', '## Notes 3', '## Notes-3', '## Notes', '<a id="here"></a>', '#hashtag'].join('\n');
    expect([...anchors(md)]).toEqual(['title', 'notes', 'notes-1', 'notes-2', 'notes-3', 'notes-3-1', 'notes-4', 'here']);
  });

  it('finds inline links, images, references and HTML links, not those in code', () => {
    const md = [
      'See [a](a.md), [b](<b c.md> "title"), ![pic](img/p.png) and [t](x.md#sec "t").',
      '[![badge](badge.svg)](https://example.org) [p](f(1).md)',
      '`[not](code.md)` and ``[nor](this.md)`` but [yes](yes.md)',
      '```',
      '[no](fenced.md)',
      '```',
      '[label]: ref.md',
      '<img src="docs/x.png"> <a href="../up.md#top">up</a>',
    ].join('\n');
    expect(links(md)).toEqual([
      { line: 1, dest: 'a.md' },
      { line: 1, dest: 'b c.md' },
      { line: 1, dest: 'img/p.png' },
      { line: 1, dest: 'x.md#sec' },
      { line: 2, dest: 'badge.svg' },
      { line: 2, dest: 'https://example.org' },
      { line: 2, dest: 'f(1).md' },
      { line: 3, dest: 'yes.md' },
      { line: 7, dest: 'ref.md' },
      { line: 8, dest: 'docs/x.png' },
      { line: 8, dest: '../up.md#top' },
    ]);
  });

  it('resolves a link from its own file, and says what is wrong with one that does not', () => {
    const anchorsOf = (path: string) => anchors(readFileSync(path, 'utf8'));
    /* the first lab's page, which has the section every lab's page has (docs/adding-a-lab.md) */
    const ok = (dest: string) => problem(ROOT, `docs/labs/${labs()[0]!.id}.md`, dest, anchorsOf);
    expect(ok('../../README.md')).toBeNull();
    expect(ok('../../README.md#the-labs')).toBeNull();
    expect(ok('#what-the-simulator-shows')).toBeNull();
    expect(ok('/package.json')).toBeNull();
    expect(ok('../')).toBeNull();
    expect(ok('https://lore.kernel.org/')).toBeNull();
    expect(ok('../../README.md#no-such-heading')).toBe('README.md has no heading #no-such-heading');
    expect(ok('missing.md')).toBe(`${join('docs', 'labs', 'missing.md')} does not exist`);
    expect(ok('../../../outside.md')).toBe('../outside.md is outside the repository');
    expect(ok('../#x')).toBe('docs is a folder, which has no #x');
    expect(ok('../../README.md#')).toBe('an empty #anchor');
  });
});

/* ---- the documents ---- */

describe('links of README.md and docs/', () => {
  const cache = new Map<string, Set<string>>();
  const anchorsOf = (path: string): Set<string> => {
    if (!cache.has(path)) cache.set(path, anchors(readFileSync(path, 'utf8')));
    return cache.get(path)!;
  };
  const files = documents(ROOT);

  it('reads README.md and the docs', () => {
    expect(files).toContain('README.md');
    expect(files.filter((f) => f.startsWith(`docs${sep}`)).length).toBeGreaterThan(1);
  });

  it.each(files)('%s: every relative link and anchor resolves', (file) => {
    const wrong = links(readFileSync(join(ROOT, file), 'utf8'))
      .map((l) => ({ ...l, why: problem(ROOT, file, l.dest, anchorsOf) }))
      .filter((l) => l.why !== null)
      .map((l) => `${file}:${l.line}: (${l.dest}) ${l.why}`);
    expect(wrong).toEqual([]);
  });
});
