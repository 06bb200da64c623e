/**
 * The kernel labs as the command line names them: from the registry
 * (kernel-lab/labs.gen.ts), never typed here.
 */
import { KERNEL_LAB_SPECS } from '../../kernel-lab/labs.gen';
import { KERNEL_LABS, type KernelLab } from '../../lib/kernel-results';

/** The file beside each lab's run.sh in the guest and the bundle that names its switches (switchesFileText). */
export const SWITCHES_FILE = 'switches';

/** The labs as a help text lists them: "a, b or c". */
export function labChoices(labs: readonly string[] = KERNEL_LABS): string {
  if (labs.length <= 1) return labs.join('');
  return `${labs.slice(0, -1).join(', ')} or ${labs[labs.length - 1]}`;
}

/**
 * A lab's switches as host-run reads them (kernel-lab/bundle/host-run): one
 * "NAME PATH" line each, PATH relative to / and <dev> standing for the
 * block device. A switch without <dev> belongs to the whole kernel: its
 * presence is how host-run tells the lab kernel, and its value is restored
 * after each run.
 */
export function switchesFileText(lab: string): string {
  const spec = KERNEL_LAB_SPECS[lab as KernelLab];
  if (!spec) throw new Error(`no kernel lab '${lab}': one of ${labChoices()}`);
  return spec.switches.map((s) => `${s.name} ${s.path.replace(/^\/+/, '')}\n`).join('');
}
