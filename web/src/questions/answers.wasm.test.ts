/**
 * The questions' answers over the real WASM build: every lab of the registry
 * has questions, each drawn parameter within its C table's range and every
 * answer from bounded runs. Each lab's own answers, held to what a direct run
 * says read another way, are tested in its folder
 * (web/src/labs/<id>/questions.wasm.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../core/engine';
import { loadEngine } from '../core/node';
import { LAB_IDS } from '../labs/registry.gen';
import { questionLabs } from './answers';
import { checkQuestions } from './testing/harness';

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

describe('every question', () => {
  it('draws within the C table and answers from bounded runs', async () => {
    expect(questionLabs()).toEqual([...LAB_IDS]);
    for (const lab of questionLabs()) await checkQuestions(engine, lab, 3);
  });
});
