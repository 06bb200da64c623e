/** fast-commit's kernel runs drawn: where each ran, and the notes under the comparison. */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { KERNEL_LAB_SPECS } from '../../../../kernel-lab/labs.gen';
import { parseKernelResult, type KernelResult } from '../../../../lib/kernel-results';
import type { ImportedRun } from '../../viz/kernel/imports';
import { ComparisonNotes, RunContext } from '../../viz/kernel/KernelResultsView';

const FIXTURES = new URL('../../labs/fast-commit/fixtures/kernel/', import.meta.url);
const load = (name: string): KernelResult => parseKernelResult(readFileSync(new URL(name, FIXTURES), 'utf8'), name);

const tcg: ImportedRun = { id: 1, file: 'before.json', result: load('synthetic-fast-commit-before.json') };
const real: ImportedRun = {
  id: 2,
  file: 'after-real.json',
  result: {
    ...load('synthetic-fast-commit-after.json'),
    accelerator: 'none',
    accelerator_reason: 'host-run: no QEMU; the bench ran on this machine\'s kernel',
    where: 'real',
    where_reason: 'no hypervisor flag in /proc/cpuinfo: the machine itself',
    host: { hostname: 'lab1', os: 'Debian', cpus: 16, cpu_model: 'AMD Ryzen 7 7700', qemu: '' },
    devices: [{ path: '/dev/nvme1n1', name: 'nvme1n1', bytes: 1 << 30, rotational: false, disk: 'ext4-fc', model: 'Samsung SSD 990 PRO' }],
  },
};

const table = (runs: ImportedRun[]): string =>
  renderToStaticMarkup(createElement(RunContext, { runs, spec: KERNEL_LAB_SPECS['fast-commit'], onRemove: () => {} }));

describe('where a run ran, on the page', () => {
  it('shows QEMU runs by accelerator, emulation marked', () => {
    const html = table([tcg]);
    expect(html).toContain('<th>where</th>');
    expect(html).toMatch(/data-testid="kernel-where" data-where="tcg">TCG<span class="kp-tcg" data-testid="kernel-tcg">emulation<\/span>/);
  });

  it('shows a host-run on real hardware with its CPU and the device it formatted', () => {
    const html = table([real]);
    expect(html).toMatch(/data-testid="kernel-where" data-where="real">real hardware/);
    expect(html).toContain('AMD Ryzen 7 7700 · 16 CPUs');
    expect(html).toContain('/dev/nvme1n1 (ext4-fc, Samsung SSD 990 PRO, 1.0 GiB, solid state)');
    expect(html).not.toContain('kernel-tcg');
  });

  it('warns above the comparison when the runs mix places, and not when they do not', () => {
    const mixed = renderToStaticMarkup(createElement(ComparisonNotes, { runs: [tcg, real] }));
    expect(mixed).toMatch(/data-testid="kernel-place-mix">The runs ran in different places \(QEMU, TCG \(emulated\): before\.json; real hardware: after-real\.json\)/);
    const alike = renderToStaticMarkup(createElement(ComparisonNotes, { runs: [tcg, { ...tcg, id: 3, file: 'b.json' }] }));
    expect(alike).not.toContain('kernel-place-mix');
  });
});
