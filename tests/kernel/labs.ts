/**
 * What each lab's direction tests (kernel-lab/labs/<lab>/kernel.test.ts)
 * share: the lab's quick profile booted before, after, before, after, ...
 * as a student's `kernel run <lab> --variant both` does, every run's
 * switches read back and its counters proving the switch was live, then
 * `kernel compare` over a before and an after run. A lab's file holds only
 * what it measures: how many runs a side its tests need, and its
 * directions over them.
 *
 * These run after tests/kernel/kernel-lab.test.ts has built the kernel and
 * the guest image (scripts/test.mjs runs the kernel suite's files in order).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { KERNEL_LAB_SPECS } from '../../kernel-lab/labs.gen';
import { parseKernelResult, type KernelLab, type KernelResult, type KernelVariant } from '../../lib/kernel-results';
import { journalclub, said } from './cli';

export { median } from '../../web/src/core/stats';

export interface LabRuns {
  /** every run of @variant, in the order they ran; fails when the runs did not finish */
  all(variant: KernelVariant): KernelResult[];
  /** the first run of @variant */
  first(variant: KernelVariant): KernelResult;
  /** @metric of every run of @variant, failing when a run lacks it */
  metricOf(variant: KernelVariant, metric: string): number[];
}

/**
 * quickRuns - register the test that boots @lab's quick profile @repeats
 * times a variant, alternating, and checks every run's switches and
 * counters; then one that compares its first before and after runs. The
 * returned accessors read the runs in the lab's later tests.
 */
export function quickRuns(lab: KernelLab, repeats: number): LabRuns {
  const runs = new Map<KernelVariant, KernelResult[]>();
  const spec = KERNEL_LAB_SPECS[lab];

  test(`${lab}: the quick profile runs under QEMU ${repeats} times a variant, alternating, and every run's switch was live`, () => {
    const out = mkdtempSync(join(tmpdir(), `jc-run-${lab}-`));
    const r = journalclub(
      /* a loaded host stretches a quick run from tens of seconds to minutes: more than kernel run's default timeout */
      ['kernel', 'run', lab, '--variant', 'both', '--repeat', String(repeats), '--profile', 'quick', '--timeout', '400', '--out', out],
      460 * 2 * repeats,
    );
    assert.equal(r.status, 0, said(r));
    const jsons = [...r.stdout.matchAll(/results: (\S+\.json)/g)].map((m) => m[1]!);
    assert.equal(jsons.length, 2 * repeats, `expected ${2 * repeats} results files in:\n${r.stdout}`);
    for (const [i, json] of jsons.entries()) {
      assert.ok(existsSync(json), `${json} is missing`);
      const result = parseKernelResult(readFileSync(json, 'utf8'), json);
      const variant: KernelVariant = i % 2 === 0 ? 'before' : 'after';
      const where = `run ${i + 1} (${json})`;
      assert.equal(result.lab, lab);
      assert.equal(result.variant, variant, `${where}: the variants do not alternate`);
      assert.match(result.guest.kernel_release, /-journalclub$/);
      assert.ok(['kvm', 'tcg'].includes(result.accelerator));
      assert.ok(result.accelerator_reason.length > 0, 'the results say why this accelerator');
      assert.ok(Object.keys(result.metrics).length >= 2, `too few metrics in ${where}: ${JSON.stringify(result.metrics)}`);
      for (const s of spec.switches) {
        const want = s.both ?? (variant === 'before' ? s.before : 0);
        assert.equal(result.switches[s.name], want, `${s.name} read back in the guest, ${where}`);
      }
      for (const c of spec.counters) {
        const v = result.counters[c.name];
        if (variant === 'before') assert.ok(v > 0, `${c.name} did not move in ${where}: the switch was not live`);
        else assert.equal(v, 0, `${c.name} moved in ${where}, an after run`);
      }
      for (const m of spec.measures ?? []) assert.ok(m.metric in result.metrics, `no ${m.metric} (${m.name}) in ${where}`);
      runs.set(variant, [...(runs.get(variant) ?? []), result]);
    }
    if (repeats > 1) assert.match(r.stdout, /median/, 'kernel run printed no comparison of the sets');
    rmSync(out, { recursive: true, force: true });
  });

  const all = (variant: KernelVariant): KernelResult[] => {
    const set = runs.get(variant);
    assert.ok(set?.length, `the ${lab} ${variant} runs above did not finish`);
    return set;
  };
  const accessors: LabRuns = {
    all,
    first: (variant) => all(variant)[0]!,
    metricOf: (variant, metric) =>
      all(variant).map((r, i) => {
        const v = r.metrics[metric];
        assert.ok(v !== undefined && Number.isFinite(v), `no ${metric} in ${lab} ${variant} run ${i + 1}: ${JSON.stringify(r.metrics)}`);
        return v;
      }),
  };

  test(`${lab}: kernel compare reads a before and an after run`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'jc-cmp-'));
    try {
      writeFileSync(join(dir, 'a.json'), JSON.stringify(accessors.first('before')));
      writeFileSync(join(dir, 'b.json'), JSON.stringify(accessors.first('after')));
      const r = journalclub(['kernel', 'compare', join(dir, 'a.json'), join(dir, 'b.json')], 60);
      assert.equal(r.status, 0, said(r));
      assert.match(r.stdout, /%/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  return accessors;
}

/** Two sets as the diagnostics print them: "before 1.0, 2.0 against after 3.0, 4.0". */
export function sets(b: number[], a: number[]): string {
  const f = (xs: number[]): string => xs.map((v) => (Number.isInteger(v) ? String(v) : v.toFixed(1))).join(', ');
  return `before ${f(b)} against after ${f(a)}`;
}
