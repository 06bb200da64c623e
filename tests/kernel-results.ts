/**
 * The labs' results files for `kernel compare`: kernel-lab/labs/<id>/results/<variant>.json,
 * results in the schema of lib/kernel-results.ts that a lab keeps for the
 * tests of the command. The shared tests take their examples from here, in
 * the registry's order, rather than naming a lab.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KERNEL_LABS, type KernelLab } from '../lib/kernel-labs.gen';
import { parseKernelResult, type KernelResult } from '../lib/kernel-results';
import { REPO_ROOT } from '../web/src/core/node';

/** A lab's results file of a variant, relative to the root (where the command line runs). */
export const resultPath = (lab: string, variant: string): string => join('kernel-lab', 'labs', lab, 'results', `${variant}.json`);

export const resultText = (lab: string, variant: string): string => readFileSync(join(REPO_ROOT, resultPath(lab, variant)), 'utf8');

export const result = (lab: string, variant: string): KernelResult => parseKernelResult(resultText(lab, variant), resultPath(lab, variant));

/** The labs that keep a results file of each of `variants`, in the registry's order. */
export function labsWithResults(...variants: string[]): KernelLab[] {
  return KERNEL_LABS.filter((lab) => variants.every((v) => existsSync(join(REPO_ROOT, resultPath(lab, v)))));
}

/** The first lab with both a before and an after results file, and another lab's after file: two runs of one lab, and one of another. */
export function compareExamples(): { lab: KernelLab; other: KernelLab } {
  const [lab] = labsWithResults('before', 'after');
  const other = labsWithResults('after').find((l) => l !== lab);
  if (!lab || !other) throw new Error('kernel compare\'s tests need one lab with kernel-lab/labs/<id>/results/before.json and after.json, and another with after.json');
  return { lab, other };
}
