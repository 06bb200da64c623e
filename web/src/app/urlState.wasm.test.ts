/**
 * Every parameter of every lab, from the real WASM build's tables, given
 * badly in a lab page's URL: not a number, below its range, above it,
 * empty, given twice. Each falls back to the page's default with one issue
 * that names the key and what it allows, and the rest of the URL applies.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { allowedText } from '../core/params';
import { loadEngine } from '../core/node';
import type { Engine } from '../core/engine';
import { defaultViewState, parseLabQuery, type LabShape } from './urlState';

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

describe('every parameter of every lab, given badly in the URL', () => {
  it('falls back to its default with one issue naming it and what it allows', () => {
    let checked = 0;
    for (const info of engine.labs()) {
      const lab: LabShape = { specs: engine.params(info.id), variants: info.variants };
      const defaults = defaultViewState(lab);
      for (const s of lab.specs) {
        const bad = [
          ['not a number', `${s.name}=many`],
          ['below its range', `${s.name}=${s.min - 1}`],
          ['above its range', `${s.name}=${s.max + 1}`],
          ['empty', `${s.name}=`],
          ['given twice', `${s.name}=${s.min}&${s.name}=${s.max}`],
        ] as const;
        for (const [what, query] of bad) {
          const { state, issues } = parseLabQuery(new URLSearchParams(`${query}&seed=7`), lab, defaults);
          const where = `${info.id} ${s.name} ${what}`;
          expect(state.params, where).toEqual(defaults.params);
          expect(state.seed, `${where}: the rest of the URL applies`).toBe(7);
          expect(issues, where).toHaveLength(1);
          expect(issues[0]!.key, where).toBe(s.name);
          expect(issues[0]!.message, where).toContain(what === 'given twice' ? 'give it once' : allowedText(s));
          checked++;
        }
      }
      const { state, issues } = parseLabQuery(new URLSearchParams('variant=middle'), lab, defaults);
      expect(state.variant).toBe(defaults.variant);
      expect(issues[0]!.message).toContain(info.variants.join(', '));
    }
    expect(checked).toBeGreaterThan(5 * 5 * 3);
  });
});
