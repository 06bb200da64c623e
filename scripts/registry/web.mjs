// @ts-check
/**
 * The web face of every lab: web/src/labs/<id>/, with its page (index.tsx,
 * loaded when the lab is opened), the page's manifest (manifest.tsx), what
 * shared code reads of the lab without its page (lab.ts: the trace rules,
 * the small configurations, the kernel panel's metrics), its home card
 * (card.ts), its questions (questions.ts) and its exercise's checks
 * (exercise.ts).
 *
 * Four registries are generated from those folders, each imported only
 * where it is read, so that the workers carry no page and the home page no
 * question or exercise code, and the CLI (under tsx, without Vite's
 * import.meta.glob) imports them statically:
 *   web/src/labs/registry.gen.ts    the ids and each lab's lab.ts
 *   web/src/labs/pages.gen.ts       each lab's card and its page's loader
 *   web/src/labs/questions.gen.ts   each lab's questions
 *   web/src/labs/exercises.gen.ts   each lab's exercise
 */
import { banner, camel } from '../registry.mjs';

/** @typedef {import('../registry.mjs').Lab} Lab */

const DIR = 'web/src/labs';

/** @type {import('../registry.mjs').Face} */
export const face = {
  name: 'web page',
  dir: (id) => `${DIR}/${id}`,
  files: () => ['index.tsx', 'manifest.tsx', 'lab.ts', 'card.ts', 'questions.ts', 'exercise.ts'],
};

/** @param {string} s */
const str = (s) => `'${s}'`;

/** @param {Lab[]} labs */
function registry(labs) {
  const path = `${DIR}/registry.gen.ts`;
  return {
    path,
    content: `${banner(path)}/**
 * The labs, in their order (mails/<id>.json's "order"), and each lab's
 * web/src/labs/<id>/lab.ts, read by shared code.
 */
import type { LabFace } from './face';
${labs.map((l) => `import { lab as ${camel(l.id)} } from './${l.id}/lab';`).join('\n')}

export const LAB_IDS = [${labs.map((l) => str(l.id)).join(', ')}] as const;

/** A lab's id: the name of its folder in every face. */
export type LabId = (typeof LAB_IDS)[number];

export function isLabId(id: string): id is LabId {
  return (LAB_IDS as readonly string[]).includes(id);
}

export const LAB_FACES: Readonly<Record<LabId, LabFace>> = {
${labs.map((l) => `  ${str(l.id)}: ${camel(l.id)},`).join('\n')}
};
`,
  };
}

/** @param {Lab[]} labs */
function pages(labs) {
  const path = `${DIR}/pages.gen.ts`;
  return {
    path,
    content: `${banner(path)}/**
 * Each lab's home card (web/src/labs/<id>/card.ts) and its page, imported
 * when it is first opened (a bundle of its own).
 */
import type { ComponentType } from 'react';
import type { LabCard } from './face';
import type { LabId } from './registry.gen';
${labs.map((l) => `import { card as ${camel(l.id)} } from './${l.id}/card';`).join('\n')}

export const LAB_CARDS: Readonly<Record<LabId, LabCard>> = {
${labs.map((l) => `  ${str(l.id)}: ${camel(l.id)},`).join('\n')}
};

/** Loads a lab's page module (its default export is the page). */
export type PageLoader = () => Promise<{ default: ComponentType }>;

export const LAB_PAGES: Readonly<Record<LabId, PageLoader>> = {
${labs.map((l) => `  ${str(l.id)}: () => import('./${l.id}/index'),`).join('\n')}
};
`,
  };
}

/** @param {Lab[]} labs */
function questions(labs) {
  const path = `${DIR}/questions.gen.ts`;
  return {
    path,
    content: `${banner(path)}/** Every lab's questions (web/src/labs/<id>/questions.ts), in the labs' order. */
import type { LabQuestions } from '../questions/question';
import type { LabId } from './registry.gen';
${labs.map((l) => `import { questions as ${camel(l.id)} } from './${l.id}/questions';`).join('\n')}

export const LAB_QUESTIONS: Readonly<Record<LabId, LabQuestions>> = {
${labs.map((l) => `  ${str(l.id)}: ${camel(l.id)},`).join('\n')}
};
`,
  };
}

/** @param {Lab[]} labs */
function exercises(labs) {
  const path = `${DIR}/exercises.gen.ts`;
  return {
    path,
    content: `${banner(path)}/** Every lab's exercise (web/src/labs/<id>/exercise.ts), in the labs' order. */
import type { Exercise } from '../exercises/types';
${labs.map((l) => `import { exercise as ${camel(l.id)} } from './${l.id}/exercise';`).join('\n')}

export const LAB_EXERCISES: readonly Exercise[] = [${labs.map((l) => camel(l.id)).join(', ')}];
`,
  };
}

/** @param {Lab[]} labs */
export function generate(labs) {
  return [registry(labs), pages(labs), questions(labs), exercises(labs)];
}
