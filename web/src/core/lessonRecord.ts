/**
 * A lesson's recorded verdict: the lesson's two variants run at the page's
 * opening configuration (the lesson's parameters over the table's defaults,
 * seeds 1 to LESSON_SEEDS), their headline metric kept seed by seed with the
 * day and the revision they were run at. scripts/lesson-records.mjs writes
 * each lab's (web/src/labs/<id>/measured/lesson-verdict.json) from the same
 * WASM build the page runs; tests/node/lesson-records.test.ts holds every
 * record to the simulator, so that a model's change fails until its record
 * is written again.
 *
 * Why a record: the page owes a newcomer the verdict beside the lesson at
 * once, and ten paired seeds of a run at the mail's own size take far longer
 * than that in a browser (a run at a mail's own size can take over a second).
 * At any other configuration (another seed, another parameter) the page runs
 * its own ten seeds, as before.
 */
import { z } from 'zod';

/** The seeds a lesson's verdict pairs: the page's own and the next ones, ten in all. */
export const LESSON_SEEDS = 10;

export const LessonRecordSchema = z
  .object({
    lab: z.string().min(1),
    /** the UTC day it was run */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    /** the revision of the model it was run at (git's short hash; "+changes" when the tree had some) */
    revision: z.string().min(4),
    variants: z.tuple([z.string(), z.string()]),
    /** every parameter of the runs, as the page holds them (a choice by its index) */
    params: z.record(z.string(), z.number()),
    seeds: z.array(z.number().int().min(1)).min(LESSON_SEEDS),
    metric: z.string().min(1),
    /** the metric of each variant's runs, in the seeds' order */
    values: z.record(z.string(), z.array(z.number())),
  })
  .strict()
  .superRefine((r, ctx) => {
    for (const v of r.variants)
      if (r.values[v]?.length !== r.seeds.length)
        ctx.addIssue({ code: 'custom', message: `values.${v} has ${r.values[v]?.length ?? 0} values for ${r.seeds.length} seeds` });
    for (let i = 1; i < r.seeds.length; i++)
      if (r.seeds[i] !== r.seeds[0]! + i) ctx.addIssue({ code: 'custom', message: `seeds are not consecutive from ${r.seeds[0]}` });
  });

export type LessonRecord = z.infer<typeof LessonRecordSchema>;

/** What a page's verdict is of: the lab, the lesson's pair and metric, the view's parameters and seed. */
export interface LessonVerdictKey {
  lab: string;
  variants: readonly [string, string];
  metric: string;
  params: Readonly<Record<string, number>>;
  seed: number;
}

function sameParams(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => k in b && a[k] === b[k]);
}

/**
 * Each variant's runs as the verdict reads them (the metric alone), when the
 * record is of exactly this configuration; else null.
 */
export function recordedRuns(
  record: LessonRecord | undefined,
  key: LessonVerdictKey,
): Record<string, { metrics: Record<string, number> }[]> | null {
  if (!record) return null;
  if (record.lab !== key.lab || record.metric !== key.metric || record.seeds[0] !== key.seed) return null;
  if (record.variants[0] !== key.variants[0] || record.variants[1] !== key.variants[1]) return null;
  if (!sameParams(record.params, key.params)) return null;
  const runs = (v: string) => record.values[v]!.slice(0, LESSON_SEEDS).map((x) => ({ metrics: { [key.metric]: x } }));
  return { [key.variants[0]]: runs(key.variants[0]), [key.variants[1]]: runs(key.variants[1]) };
}
