/**
 * The labs' recorded lesson verdicts (web/src/labs/<id>/measured/lesson-verdict.json,
 * written by scripts/lesson-records.mjs), each fetched when its lab's page asks
 * and checked against the record's schema.
 */
import { LessonRecordSchema, type LessonRecord } from '../core/lessonRecord';

const records = import.meta.glob<unknown>('../labs/*/measured/lesson-verdict.json', { import: 'default' });

/** A lab's record, or undefined when it has none; a record that fails its schema is an error naming its file. */
export async function lessonRecord(lab: string): Promise<LessonRecord | undefined> {
  const path = `../labs/${lab}/measured/lesson-verdict.json`;
  const load = records[path];
  if (!load) return undefined;
  const parsed = LessonRecordSchema.safeParse(await load());
  if (!parsed.success) throw new Error(`web/src/labs/${lab}/measured/lesson-verdict.json: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}
