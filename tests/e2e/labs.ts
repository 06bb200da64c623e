/**
 * The labs, for the specs of shared features: their ids in the registry's
 * order (mails/<id>.json, as scripts/registry.mjs reads them), the lab a
 * spec shows a feature on where which lab it is does not matter (the
 * first), and what a lab's page declares (its manifest, its presenter views).
 * A spec that needs what only one lab shows lives in that lab's folder.
 */
import type { LabManifest } from '../../web/src/app/LabPage';
import { labViews, type PresentView } from '../../web/src/app/presenter/views';
import { labs } from '../../scripts/registry.mjs';

/** Every lab's id, in the registry's order. */
export const LAB_IDS: readonly string[] = labs().map((l) => l.id);

if (LAB_IDS.length === 0) throw new Error('no lab found: mails/<id>.json names each lab (see scripts/registry.mjs)');

/** The lab a shared feature is shown on when any lab would do: the first. */
export const FIRST_LAB: string = LAB_IDS[0]!;

/** A lab's page manifest (web/src/labs/<id>/manifest.tsx). */
export async function manifestOf(id: string): Promise<LabManifest> {
  const mod = (await import(`../../web/src/labs/${id}/manifest.tsx`)) as { manifest?: LabManifest };
  if (!mod.manifest) throw new Error(`web/src/labs/${id}/manifest.tsx exports no manifest`);
  return mod.manifest;
}

/** The views a lab's page presents and embeds, in order. */
export async function viewsOf(id: string): Promise<readonly PresentView[]> {
  return labViews((await manifestOf(id)).Sections !== undefined);
}
