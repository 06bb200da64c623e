/**
 * Small configurations of every lab, for the long-session tests (the page's and Node's), by lab id: each
 * lab's lab.ts declares its own (`small`), each parameter drawn from [min, max], so that 300 runs take
 * seconds, not hours. A parameter not named keeps its default.
 */
import { LAB_FACES, LAB_IDS } from '../../labs/registry.gen';

export const SMALL_RANGES: Readonly<Record<string, Readonly<Record<string, [number, number]>>>> = Object.fromEntries(
  LAB_IDS.map((id) => [id, LAB_FACES[id].small]),
);
