// @ts-check
/**
 * The C face of a lab: wasm-core/labs/<id>/ holds its model (<id>.c, the
 * mechanism: the kernel functions it mirrors, its parameters, variants and
 * the mail's rows), its snapshot and JSON writers (<id>-output.c), its
 * header (<id>.h) and its C tests (test-<id>*.c). The Makefile and the
 * builds find them by globbing these folders; the one list that C needs,
 * the lab table, is generated here: wasm-core/labs/labs.gen.c, the labs'
 * `struct lab`s in the order of mails/<id>.json.
 */
import { banner } from '../registry.mjs';

export const LABS_GEN = 'wasm-core/labs/labs.gen.c';

/** @type {import('../registry.mjs').Face} */
export const face = {
  name: 'C model',
  dir: (id) => `wasm-core/labs/${id}`,
  files: (lab) => [`${lab.id}.c`, `${lab.id}-output.c`, `${lab.id}.h`, `test-${lab.id}.c`],
};

/** @param {import('../registry.mjs').Lab[]} labs */
export function generate(labs) {
  const externs = labs.map((l) => `extern const struct lab lab_${l.symbol};`).join('\n');
  const entries = labs.map((l) => `\t&lab_${l.symbol},`).join('\n');
  const content = `${banner(LABS_GEN)}/*
 * labs.gen.c - the lab table: every lab of wasm-core/labs/<id>/, in the
 * order of mails/<id>.json. Written by scripts/registry/c.mjs.
 */
#include "lab.h"

${externs}

const struct lab *const lab_table[] = {
${entries}
};

const int nr_labs = ARRAY_SIZE(lab_table);
`;
  return [{ path: LABS_GEN, content }];
}
