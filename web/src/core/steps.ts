/**
 * The typed step contract: a trace step carries two integers, a and b, and
 * what they are depends on its kind. The C tables name them per kind
 * (struct step_kind, exported in jc_labs_json()'s "steps"); a view declares
 * the names it reads as a StepContract and reads a step's fields by those
 * names. steps.wasm.test.ts holds every view's contract to the C tables.
 */
import type { LockSnap, Step, StepKind } from './types';

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

/** A step's arguments as its kind names them, "ino 7, dir 2"; empty for a kind that uses neither (or is not known). */
export function argText(s: Step, kind: StepKind | undefined): string {
  return [kind?.a ? `${kind.a} ${s.a}` : '', kind?.b ? `${kind.b} ${s.b}` : ''].filter(Boolean).join(', ');
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

/** The engine's own step kinds (sim.h), which every lab's trace holds, by the names the C table gives them. */
export const ENGINE_STEP_ARGS = {
  lock: ['lock', null],
  unlock: ['lock', null],
  sleep: [null, null],
  wake: [null, null],
  io: ['bytes', null],
  rcu_sync: [null, null],
} as const satisfies StepContract;

/** A step of one of the engine's kinds in words, its lock by name where `locks` has it; null for a lab's own kind. */
export function describeEngineStep(s: Step, locks: readonly LockSnap[] = []): string | null {
  const f = stepArgs(ENGINE_STEP_ARGS, s);
  const lockName = (lock: number) => locks[lock]?.name ?? `lock ${lock}`;
  switch (s.kind) {
    case 'lock':
      return `takes ${lockName(f.lock!)}`;
    case 'unlock':
      return `releases ${lockName(f.lock!)}`;
    case 'sleep':
      return 'goes to sleep';
    case 'wake':
      return 'wakes up';
    case 'io':
      return `submits ${f.bytes} bytes of I/O`;
    case 'rcu_sync':
      return 'waits for an RCU grace period to end';
    default:
      return null;
  }
}
