/** extent-status's questions, without the simulator: they follow none of the page's parameters. */
import { describe, expect, it } from 'vitest';
import { questionsFor } from '../../questions/answers';

describe("extent-status's questions", () => {
  it("are the same whatever the page's case and runtime", () => {
    expect(questionsFor('extent-status', 4, { case: 0, runtime_ms: 60_000 })).toEqual(questionsFor('extent-status', 4));
  });
});
