/**
 * The generated web registry (registry.gen.ts, questions.gen.ts,
 * exercises.gen.ts) against the folders it lists: every lab's questions and
 * exercise say they are that lab's, and its small configuration and engine
 * run are whole.
 */
import { describe, expect, it } from 'vitest';
import { LAB_EXERCISES } from './exercises.gen';
import { LAB_QUESTIONS } from './questions.gen';
import { isLabId, LAB_FACES, LAB_IDS } from './registry.gen';

describe('the web registry', () => {
  it("lists each lab's questions and exercise under its own id, in the labs' order", () => {
    expect(Object.keys(LAB_QUESTIONS)).toEqual([...LAB_IDS]);
    for (const id of LAB_IDS) expect(LAB_QUESTIONS[id].lab).toBe(id);
    expect(LAB_EXERCISES.map((e) => e.lab)).toEqual([...LAB_IDS]);
  });

  it('gives every lab a small configuration with ranges low to high, and an engine run of two distinct variants', () => {
    for (const id of LAB_IDS) {
      const { small, engineRun } = LAB_FACES[id];
      expect(Object.keys(small).length, id).toBeGreaterThan(0);
      for (const [name, [lo, hi]] of Object.entries(small)) expect(lo, `${id} ${name}`).toBeLessThanOrEqual(hi);
      expect(engineRun.pair[0], id).not.toBe(engineRun.pair[1]);
    }
  });

  it('knows its ids', () => {
    for (const id of LAB_IDS) expect(isLabId(id)).toBe(true);
    expect(isLabId('no-such-lab')).toBe(false);
  });
});
