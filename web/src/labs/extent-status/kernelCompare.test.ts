/** extent-status's kernel runs: a switch its after variant sets too is checked in the after run. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KERNEL_LAB_SPECS } from '../../../../kernel-lab/labs.gen';
import { KernelResult, parseKernelResult } from '../../../../lib/kernel-results';
import { checkRun } from '../../viz/kernel/compare';

const LABS = new URL('../', import.meta.url);

/** A synthetic after run of any lab's kernel fixtures (web/src/labs/<id>/fixtures/kernel/): its machine and shape, made into extent-status's below. */
function someAfterRun(): KernelResult {
  for (const lab of readdirSync(LABS).sort()) {
    const dir = new URL(`${lab}/fixtures/kernel/`, LABS);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).filter((f) => f.endsWith('-after.json')).sort()) {
      const text = readFileSync(new URL(name, dir), 'utf8');
      if (KernelResult.safeParse(JSON.parse(text)).success) return parseKernelResult(text, name);
    }
  }
  throw new Error(`no valid synthetic after run in ${LABS.pathname}*/fixtures/kernel/`);
}

describe("extent-status's kernel runs", () => {
  it('expect a switch set in both variants in the after run too', () => {
    const es = KERNEL_LAB_SPECS['extent-status'];
    const r: KernelResult = {
      ...someAfterRun(),
      lab: 'extent-status',
      variant: 'after',
      accelerator: 'kvm',
      switches: { lab_es_lru: 0, lab_es_no_aging: 0, lab_es_unbounded_scan: 0, lab_es_no_hole_cache: 0, lab_es_no_merge: 1 },
      counters: Object.fromEntries(es.counters.map((c) => [c.name, 0])),
    };
    expect(checkRun(r, es)).toEqual([]);
    expect(checkRun({ ...r, switches: { ...r.switches, lab_es_no_merge: 0 } }, es)[0].message).toMatch(
      /^lab_es_no_merge was 0, but the after variant sets it to 1/,
    );
  });
});
