// @ts-check
/**
 * Each lab's recorded lesson verdict (web/src/core/lessonRecord.ts): the
 * lesson's two variants at the page's opening configuration, seeds 1 to 10,
 * run on the WASM build the page runs, their headline metric written to
 * web/src/labs/<id>/measured/lesson-verdict.json with the day and the
 * revision. Run it after a model's change moves a lesson's numbers
 * (tests/node/lesson-records.test.ts fails until then):
 *
 *   node --import tsx scripts/lesson-records.mjs [--write] [LAB...]   every lab when none is named
 *
 * Without --write it prints each lab's record as it would be written and
 * whether the committed one differs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { lessonViewState } from '../web/src/app/urlState.ts';
import { LESSON_SEEDS, LessonRecordSchema } from '../web/src/core/lessonRecord.ts';
import { loadEngine } from '../web/src/core/node.ts';
import { LAB_FACES, LAB_IDS } from '../web/src/labs/registry.gen.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A lab's record file. @param {string} lab */
export const recordFile = (lab) => join(ROOT, 'web', 'src', 'labs', lab, 'measured', 'lesson-verdict.json');

/** The revision the model is at: HEAD, marked when the simulator's sources differ from it. */
function revision() {
  const git = (/** @type {string[]} */ args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  const head = git(['rev-parse', '--short', 'HEAD']);
  return git(['status', '--porcelain', '--', 'wasm-core', 'mails']) ? `${head}+changes` : head;
}

/**
 * The lesson's parameters as the page opens on them, and the lab's lesson.
 * @param {import('../web/src/core/engine.ts').Engine} engine @param {string} lab
 */
export function lessonConfig(engine, lab) {
  const lesson = LAB_FACES[/** @type {import('../web/src/labs/registry.gen.ts').LabId} */ (lab)].lesson;
  const shape = { specs: engine.params(lab), variants: engine.labs().find((l) => l.id === lab)?.variants ?? [] };
  return { lesson, params: lessonViewState(shape, lesson).params };
}

/**
 * @metric of one run.
 * @param {import('../web/src/core/engine.ts').Engine} engine
 * @param {{ lab: string, variant: string, params: Record<string, number>, seed: number }} run @param {string} metric
 */
export function runMetric(engine, run, metric) {
  const v = engine.result({ ...run, options: { traceMax: 0 } }).metrics[metric];
  if (v === undefined) throw new Error(`${run.lab} ${run.variant} seed ${run.seed}: the run has no metric ${metric}`);
  return v;
}

/**
 * The record of @lab: every seed of both variants.
 * @param {import('../web/src/core/engine.ts').Engine} engine @param {string} lab
 */
export function measure(engine, lab) {
  const { lesson, params } = lessonConfig(engine, lab);
  const seeds = Array.from({ length: LESSON_SEEDS }, (_, i) => i + 1);
  const metric = lesson.headline.metric;
  /** @type {Record<string, number[]>} */
  const values = {};
  for (const variant of lesson.variants) values[variant] = seeds.map((seed) => runMetric(engine, { lab, variant, params, seed }, metric));
  const date = new Date().toISOString().slice(0, 10);
  return LessonRecordSchema.parse({ lab, date, revision: revision(), variants: [...lesson.variants], params, seeds, metric, values });
}

async function main() {
  const { values: opts, positionals } = parseArgs({ options: { write: { type: 'boolean', default: false } }, allowPositionals: true });
  const unknown = positionals.filter((l) => !(/** @type {readonly string[]} */ (LAB_IDS)).includes(l));
  if (unknown.length) throw new Error(`unknown lab ${unknown.join(', ')} (labs: ${LAB_IDS.join(', ')})`);
  const labs = positionals.length ? positionals : [...LAB_IDS];
  const engine = await loadEngine();
  for (const lab of labs) {
    const t0 = Date.now();
    const record = measure(engine, lab);
    const file = recordFile(lab);
    const old = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
    const same = old !== null && JSON.stringify(old.values) === JSON.stringify(record.values) && JSON.stringify(old.params) === JSON.stringify(record.params);
    const took = ((Date.now() - t0) / 1000).toFixed(1);
    if (opts.write) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
      console.log(`lesson-records: ${relative(ROOT, file)} written (${took} s${same ? ', the same values' : ''})`);
    } else console.log(`lesson-records: ${lab}: ${same ? 'the committed record holds' : 'the committed record differs (--write writes it)'} (${took} s)\n${JSON.stringify(record)}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e) => {
    console.error(`lesson-records: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}
