/** extent-status over the real WASM build: its variants, the mail's series in order, then 6.12's code. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../core/engine';
import { loadEngine } from '../../core/node';

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

describe('extent-status in the engine', () => {
  it("lists the series' variants in order, upstream last", () => {
    expect(engine.labs().find((l) => l.id === 'extent-status')?.variants).toEqual(['baseline', 'es-cache', 'es-slist', 'es-ilist', 'es-gc', 'upstream']);
  });
});
