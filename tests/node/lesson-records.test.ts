/**
 * Every lab's recorded lesson verdict (web/src/core/lessonRecord.ts) is of
 * the configuration its page opens on and of the model as it is: its lab,
 * pair, metric and parameters are the lesson's, its seeds start at the
 * page's own, and the first and last seed of both variants, run again here on
 * the WASM build the page runs, give the recorded values. A model's change
 * that moves a lesson's numbers fails here until the record is written again
 * (`node --import tsx scripts/lesson-records.mjs --write <id>`).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { lessonConfig, recordFile, runMetric } from '../../scripts/lesson-records.mjs';
import { LessonRecordSchema, recordedRuns } from '../../web/src/core/lessonRecord';
import type { Engine } from '../../web/src/core/engine';
import { loadEngine } from '../../web/src/core/node';
import { LAB_IDS } from '../../web/src/labs/registry.gen';

describe('the lessons\' recorded verdicts', () => {
  let engine: Engine;
  before(async () => {
    engine = await loadEngine();
  });

  for (const lab of LAB_IDS)
    it(`${lab}: its record is of the page's opening configuration and the model as it is`, () => {
      const file = recordFile(lab);
      const write = `write it with \`node --import tsx scripts/lesson-records.mjs --write ${lab}\``;
      assert.ok(existsSync(file), `${file} is missing: ${write}`);
      const record = LessonRecordSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
      const { lesson, params } = lessonConfig(engine, lab);
      assert.equal(record.lab, lab);
      assert.deepEqual(record.variants, [...lesson.variants], `the lesson's pair changed: ${write}`);
      assert.equal(record.metric, lesson.headline.metric, `the lesson's metric changed: ${write}`);
      assert.deepEqual(record.params, params, `the page opens on other parameters: ${write}`);
      /* the page opens at seed 1: its verdict is the record's */
      assert.ok(recordedRuns(record, { lab, variants: lesson.variants, metric: record.metric, params, seed: 1 }), 'the page at seed 1 would not read it');
      assert.equal(recordedRuns(record, { lab, variants: lesson.variants, metric: record.metric, params, seed: 2 }), null, 'another seed runs its own');
      const last = record.seeds.length - 1;
      for (const variant of lesson.variants)
        for (const i of [0, last]) {
          const got = runMetric(engine, { lab, variant, params, seed: record.seeds[i]! }, record.metric);
          assert.equal(got, record.values[variant]![i], `${variant} at seed ${record.seeds[i]} gives ${got}, the record ${record.values[variant]![i]} (${record.date}, ${record.revision}): ${write}`);
        }
    });
});
