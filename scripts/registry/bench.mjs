// @ts-check
/**
 * The labs the project's benchmark (bench/) measures: those with a
 * web/src/labs/<id>/bench.ts (optional, so no face is required), listed in
 * bench/labs.gen.ts in the labs' order.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { banner, camel, ROOT } from '../registry.mjs';

/** @typedef {import('../registry.mjs').Lab} Lab */

/** @param {Lab[]} labs */
export function generate(labs) {
  const path = 'bench/labs.gen.ts';
  const timed = labs.filter((l) => existsSync(join(ROOT, 'web', 'src', 'labs', l.id, 'bench.ts')));
  return [
    {
      path,
      content: `${banner(path)}/** The labs with a bench module (web/src/labs/<id>/bench.ts), in the labs' order: what the benchmark measures of each. */
import type { LabBench } from '../web/src/labs/face';
import type { LabId } from '../web/src/labs/registry.gen';
${timed.map((l) => `import { bench as ${camel(l.id)} } from '../web/src/labs/${l.id}/bench';`).join('\n')}

export const LAB_BENCHES: readonly (readonly [lab: LabId, bench: LabBench])[] = [
${timed.map((l) => `  ['${l.id}', ${camel(l.id)}],`).join('\n')}
];
`,
    },
  ];
}
