/**
 * The typed step contract: a trace step carries two integers, a and b, and
 * what they are depends on its kind. The C tables name them per kind
 * (struct step_kind, exported in jc_labs_json()'s "steps"); a view declares
 * the names it reads as a StepContract and reads a step's fields by those
 * names. steps.wasm.test.ts holds every view's contract to the C tables.
 */
import type { Step, StepKind } from './types';

/** The names a view gives each kind's a and b: null where it reads none. */
export type StepContract = Readonly<Record<string, readonly [a: string | null, b: string | null]>>;

/**
 * A step's fields by name, as `contract` names its kind's a and b; empty for
 * a kind the contract does not know.
 */
export function stepArgs(contract: StepContract, s: Step): Readonly<Record<string, number>> {
  const names = contract[s.kind];
  const out: Record<string, number> = {};
  if (!names) return out;
  if (names[0] !== null) out[names[0]] = s.a;
  if (names[1] !== null) out[names[1]] = s.b;
  return out;
}

/**
 * Where a contract and a lab's declared step kinds disagree, one line each:
 * a kind the lab does not have, or an argument the lab names otherwise (or
 * leaves unused). Empty when the contract holds.
 */
export function contractProblems(contract: StepContract, kinds: readonly StepKind[]): string[] {
  const declared = new Map(kinds.map((k) => [k.kind, k]));
  const problems: string[] = [];
  for (const [kind, [a, b]] of Object.entries(contract)) {
    const k = declared.get(kind);
    if (!k) {
      problems.push(`${kind}: no such step kind`);
      continue;
    }
    if (a !== null && k.a !== a) problems.push(`${kind}: a is ${k.a ?? 'unused'}, not ${a}`);
    if (b !== null && k.b !== b) problems.push(`${kind}: b is ${k.b ?? 'unused'}, not ${b}`);
  }
  return problems;
}
