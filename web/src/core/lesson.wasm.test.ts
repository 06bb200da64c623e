/**
 * Every lab's lesson against its model: declared soundly (its variants and
 * mark kinds are the lab's), and each moment found in its variant's run at
 * three seeds, the step found holding the event it names; the paired
 * variant's run at that step is another state of the model.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LAB_FACES, LAB_IDS } from '../labs/registry.gen';
import type { Engine } from './engine';
import { findMoment, lessonMarks, lessonProblems, momentKinds } from './lesson';
import { loadEngine } from './node';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

const SEEDS = [1, 2, 3];

describe.each(LAB_IDS)('%s lesson', (id) => {
  const { lesson } = LAB_FACES[id];

  it("names the lab's variants, step kinds and parameters", () => {
    const info = engine.labs().find((l) => l.id === id)!;
    expect(lessonProblems(lesson, { variants: info.variants, kinds: info.steps.map((s) => s.kind) })).toEqual([]);
    expect(engine.checkParams(id, lesson.params)).toMatchObject({ ok: true });
  });

  it.each(SEEDS)('finds every moment at seed %i, on a step of its kind', (seed) => {
    for (const variant of lesson.variants) {
      const kinds = momentKinds(lesson, variant);
      if (kinds.length === 0) continue;
      /* marked as the page marks them: the lab's scrubber kinds are not known here, and the moments' own are all asked */
      const out = engine.run({ lab: id, variant, params: { ...lesson.params }, seed, options: lessonMarks(lesson, []) });
      for (const m of lesson.moments.filter((x) => x.variant === variant)) {
        const step = findMoment(out.marks!, m, out.steps.total);
        expect(step, `${m.id} in ${variant}, seed ${seed}`).not.toBeNull();
        /* the trace's step there is of the moment's kind (a contended mark is made at its lock step) */
        const from = step! - (m.after ?? 0);
        const traced = engine.run({ lab: id, variant, params: { ...lesson.params }, seed, options: { stopStep: from + 1, traceFrom: from, traceMax: 1 } });
        expect(traced.steps.steps[0], `${m.id} in ${variant}, seed ${seed}, step ${from}`).toMatchObject({ i: from, kind: m.kind === 'contended' ? 'lock' : m.kind });
      }
    }
  });
});
