import { readFileSync } from 'node:fs';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { highlightTree } from '@lezer/highlight';
import { describe, expect, it } from 'vitest';
import { C_GROUNDS, C_TEXT, C_TOKENS, cCode, cHighlightStyle } from './cTheme';
import { LAB_IDS } from '../../labs/registry.gen';

/** WCAG 2 relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [n >> 16, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('contrast', () => {
  it('is the WCAG ratio: 21 for black on white, 1 for a colour on itself', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#777777')).toBe(1);
    /* the old line numbers, which axe measured at 2.28:1 on their ground */
    expect(contrast('#9aa3b5', '#f1f3f8')).toBeLessThan(2.5);
  });
});

describe('the colours of the C theme', () => {
  const texts = { ...C_TEXT, ...C_TOKENS };
  for (const [name, fg] of Object.entries(texts))
    for (const [ground, bg] of Object.entries(C_GROUNDS))
      it(`${name} (${fg}) on the ${ground} ground (${bg}) reaches 4.5:1`, () => {
        expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
      });
});

/** The colour each class of the highlight style gives, read from the CSS it generates. */
function classColours(): Map<string, string> {
  const css = cHighlightStyle.module!.getRules();
  const out = new Map<string, string>();
  for (const rule of css.matchAll(/\.([^\s{]+)\s*\{([^}]*)\}/g)) {
    const colour = /color:\s*(#[0-9a-f]{6})/i.exec(rule[2]!);
    if (colour) out.set(rule[1]!, colour[1]!.toLowerCase());
  }
  return out;
}

/** Every token of a source with the colour the highlight style draws it in (undefined: plain text). */
function colouredTokens(source: string): { text: string; colour: string | undefined }[] {
  const state = EditorState.create({ doc: source, extensions: cCode() });
  const tree = ensureSyntaxTree(state, state.doc.length, 10_000)!;
  const colours = classColours();
  const out: { text: string; colour: string | undefined }[] = [];
  highlightTree(tree, cHighlightStyle, (from, to, classes) => {
    const found = classes.split(' ').map((c) => colours.get(c)).find((c) => c);
    out.push({ text: source.slice(from, to), colour: found });
  });
  return out;
}

describe('the highlight style on the models', () => {
  const modelSource = (lab: string) => readFileSync(new URL(`../../../../wasm-core/labs/${lab}/${lab}.c`, import.meta.url), 'utf8');
  const source = modelSource(LAB_IDS[0]);
  const tokens = colouredTokens(source);
  const colourOf = (text: string) => new Set(tokens.filter((t) => t.text === text).map((t) => t.colour));

  it.each([
    ['return', C_TOKENS.keyword],
    ['static', C_TOKENS.keyword],
    ['struct', C_TOKENS.keyword],
    ['NULL', C_TOKENS.keyword],
    ['int', C_TOKENS.type],
    ['#include', C_TOKENS.preprocessor],
    ['0', C_TOKENS.number],
    ['spin_lock', C_TOKENS.function],
  ])('colours %s as it should', (text, colour) => {
    expect(colourOf(text)).toEqual(new Set([colour]));
  });

  it('colours comments and strings', () => {
    const comment = tokens.find((t) => t.text.startsWith('/*'));
    expect(comment?.colour).toBe(C_TOKENS.comment);
    expect(tokens.find((t) => t.text.startsWith('// SPDX'))?.colour).toBe(C_TOKENS.comment);
    const string = tokens.find((t) => t.text.startsWith('"'));
    expect(string?.colour).toBe(C_TOKENS.string);
  });

  it('colours every control keyword of every model, where the grammar recovers from the coroutine macros too', () => {
    for (const lab of LAB_IDS) {
      const src = modelSource(lab);
      const words = colouredTokens(src).filter((t) => ['if', 'else', 'for', 'while', 'return', 'break', 'goto'].includes(t.text));
      const wrong = words.filter((t) => t.colour !== C_TOKENS.keyword).map((t) => `${t.text}: ${t.colour}`);
      expect(words.length, lab).toBeGreaterThan(50);
      expect(wrong, lab).toEqual([]);
    }
  });
});
