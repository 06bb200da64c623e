/**
 * `kernel compare` says where the runs ran (QEMU under TCG or KVM, a virtual
 * machine, real hardware) and warns when they ran in different places.
 */
import { describe, expect, it } from 'vitest';
import type { KernelResult } from '../../lib/kernel-results';
import { compareExamples, result } from '../../tests/kernel-results';
import { compareResults, compareSets, formatComparison, formatSetComparison } from './compare';

/* any lab's two runs do: the registry's first that keeps them */
const { lab } = compareExamples();
const before = result(lab, 'before');
const after = result(lab, 'after');
const onHardware = (r: KernelResult, started_at = r.started_at): KernelResult => ({
  ...structuredClone(r),
  started_at,
  accelerator: 'none',
  where: 'real',
  guest: { ...r.guest, smp: 16 },
});

describe('kernel compare and where the runs ran', () => {
  it('prints a host-run as real hardware with its CPUs, and warns beside a run in QEMU', () => {
    const c = compareResults(before, onHardware(after), ['a.json', 'b.json']);
    expect(c.b.where).toBe('real');
    expect(formatComparison(c).split('\n')[1]).toBe(`${' '.repeat(lab.length + 2)}B b.json (after, ${after.profile}, real hardware, 16 CPUs)`);
    expect(c.warnings).toContain(
      "the runs ran in different places (A tcg, B real): QEMU, a virtual machine and real hardware differ in CPUs, devices and speed, so the change is not the switch's alone",
    );
    expect(compareResults(onHardware(before), onHardware(after)).warnings.some((w) => /places|accelerators/.test(w))).toBe(false);
  });

  it('a set says where its runs ran and warns when they mix places', () => {
    const runs = [onHardware(before, '2026-01-01T00:00:00Z'), onHardware(after, '2026-01-01T00:01:00Z'), before, after];
    const c = compareSets(runs, ['1.json', '2.json', '3.json', '4.json']);
    expect(formatSetComparison(c).split('\n')[1]).toBe('ran in: real hardware (2), QEMU, TCG (emulated) (2)');
    expect(c.warnings.some((w) => w.startsWith('the runs ran in different places (real, tcg)'))).toBe(true);
    const alike = compareSets(runs.slice(0, 2), ['1.json', '2.json']);
    expect(alike.warnings.some((w) => /places/.test(w))).toBe(false);
  });
});
