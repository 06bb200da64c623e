// @ts-check
/**
 * The kernel face of a lab: kernel-lab/labs/<id>/ holds its switch patch for
 * Linux 6.12 (<id>.patch), its guest workload (workload/run.sh, the parser
 * of its output and fixtures) and its spec (spec.ts: the switches, counters
 * and benchmark). kernel-lab/labs.gen.ts imports every lab's spec statically
 * (the CLI runs under tsx, without Vite's import.meta.glob) and lists the
 * labs in their order: the kernel lab's registry, from which the CLI's lab
 * lists, help and zod enums come (the ids alone in lib/kernel-labs.gen.ts,
 * which lib/ imports). kernel-lab/mails.gen.ts imports each lab's
 * mail.ts, the pairing of its metrics with its mail's figures.
 */
import { banner, camel } from '../registry.mjs';

/** @type {import('../registry.mjs').Face} */
export const face = {
  name: 'kernel lab',
  dir: (id) => `kernel-lab/labs/${id}`,
  files: (lab) => [`${lab.id}.patch`, 'workload/run.sh', 'spec.ts', 'mail.ts'],
};

/** @param {import('../registry.mjs').Lab[]} labs @returns {import('../registry.mjs').Generated[]} */
export function generate(labs) {
  const ids = 'lib/kernel-labs.gen.ts';
  const idLines = [
    banner(ids).trimEnd(),
    '/** The labs on the kernel side, in their order (mails/<id>.json); each has kernel-lab/labs/<id>/. */',
    `export const KERNEL_LABS = [${labs.map((l) => `'${l.id}'`).join(', ')}] as const;`,
    'export type KernelLab = (typeof KERNEL_LABS)[number];',
    '',
  ];
  const path = 'kernel-lab/labs.gen.ts';
  const lines = [
    banner(path).trimEnd(),
    '/**',
    " * The kernel lab's registry: every lab's kernel face (kernel-lab/labs/<id>/),",
    " * in the labs' order (mails/<id>.json, lib/kernel-labs.gen.ts).",
    ' */',
    "import type { KernelLabSpec } from '../lib/kernel-labs';",
    "import type { KernelLab } from '../lib/kernel-results';",
    ...labs.map((l) => `import { spec as ${camel(l.id)} } from './labs/${l.id}/spec';`),
    '',
    "/** Each lab's switches, counters and benchmark (kernel-lab/labs/<id>/spec.ts). */",
    'export const KERNEL_LAB_SPECS: Readonly<Record<KernelLab, KernelLabSpec>> = {',
    ...labs.map((l) => `  '${l.id}': ${camel(l.id)},`),
    '};',
    '',
  ];
  const mails = 'kernel-lab/mails.gen.ts';
  const mailLines = [
    banner(mails).trimEnd(),
    '/**',
    " * Each lab's pairing of its kernel metrics with its mail's figures",
    ' * (kernel-lab/labs/<id>/mail.ts), for kernel-lab/mail-changes.ts.',
    ' */',
    "import type { MailFigure } from './mail-figures';",
    ...labs.map((l) => `import { kernelMailFigures as ${camel(l.id)} } from './labs/${l.id}/mail';`),
    '',
    "export const KERNEL_LAB_MAILS: Readonly<Record<string, () => MailFigure[]>> = {",
    ...labs.map((l) => `  '${l.id}': ${camel(l.id)},`),
    '};',
    '',
  ];
  return [
    { path: ids, content: idLines.join('\n') },
    { path, content: lines.join('\n') },
    { path: mails, content: mailLines.join('\n') },
  ];
}
