/**
 * The kernel labs as the command line names them: from the registry
 * (kernel-lab/labs.gen.ts), never typed here.
 */
import { KERNEL_LABS } from '../../lib/kernel-results';

/** The labs as a help text lists them: "a, b or c". */
export function labChoices(labs: readonly string[] = KERNEL_LABS): string {
  if (labs.length <= 1) return labs.join('');
  return `${labs.slice(0, -1).join(', ')} or ${labs[labs.length - 1]}`;
}
