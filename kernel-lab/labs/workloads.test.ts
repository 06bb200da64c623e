/**
 * Golden tests of every lab's host-side parse: each lab's guest workload
 * (kernel-lab/labs/<lab>/workload/, whose run.sh the guest runs) must have
 * parse.ts and at least one fixture captured from a real guest run:
 *
 *   workload/fixtures/<case>/raw/...        the guest's /out as run-qemu.sh extracted it
 *   workload/fixtures/<case>/metrics.json   what labMetrics(raw) gives
 *
 * The labs are found, not listed: a new lab directory is tested as soon as
 * it exists, and fails until it has its parser and fixtures.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KERNEL_LAB_SPECS } from '../labs.gen';
import { KERNEL_LABS, Metrics, type KernelLab } from '../../lib/kernel-results';

const LABS = dirname(fileURLToPath(import.meta.url));

type LabMetrics = (raw: Record<string, string>) => Metrics;

/** Every file under @dir, by its path relative to @dir. */
function readTree(dir: string, root = dir): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) Object.assign(out, readTree(path, root));
    else out[relative(root, path)] = readFileSync(path, 'utf8');
  }
  return out;
}

/** "name value" lines, as jc_switch and jc_counters write them. */
function nameValues(text: string): Map<string, string> {
  return new Map(
    text
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name = '', value = ''] = line.trim().split(/\s+/);
        return [name, value];
      }),
  );
}

const labs = readdirSync(LABS)
  .filter((name) => existsSync(join(LABS, name, 'workload', 'run.sh')))
  .sort();

describe('kernel-lab/labs', () => {
  it('has a guest workload for every kernel lab', () => {
    expect(labs).toEqual([...KERNEL_LABS].sort());
  });
});

for (const lab of labs) {
  const dir = join(LABS, lab, 'workload');
  const fixtures = join(dir, 'fixtures');
  const cases = existsSync(fixtures)
    ? readdirSync(fixtures)
        .filter((c) => statSync(join(fixtures, c)).isDirectory())
        .sort()
    : [];

  describe(lab, () => {
    it('has parse.ts and at least one fixture', () => {
      expect(existsSync(join(dir, 'parse.ts')), `${dir}/parse.ts`).toBe(true);
      expect(cases.length, `fixtures in ${fixtures}/<case>/{raw/,metrics.json}`).toBeGreaterThan(0);
    });

    const load = async (): Promise<LabMetrics> => {
      const mod = (await import(pathToFileURL(join(dir, 'parse.ts')).href)) as { labMetrics?: LabMetrics };
      expect(typeof mod.labMetrics, `${lab}/parse.ts exports labMetrics`).toBe('function');
      return mod.labMetrics!;
    };

    for (const c of cases) {
      it(`${c}: labMetrics(raw) is metrics.json`, async () => {
        const labMetrics = await load();
        const raw = readTree(join(fixtures, c, 'raw'));
        const expected = JSON.parse(readFileSync(join(fixtures, c, 'metrics.json'), 'utf8')) as unknown;
        const metrics = labMetrics(raw);
        expect(Metrics.safeParse(metrics).success, JSON.stringify(Metrics.safeParse(metrics).error?.issues)).toBe(true);
        expect(Object.keys(metrics).length).toBeGreaterThan(0);
        expect(metrics).toEqual(expected);
        for (const m of KERNEL_LAB_SPECS[lab as KernelLab].measures ?? []) {
          expect(metrics, `${m.name} reported as ${m.metric}`).toHaveProperty([m.metric]);
        }
      });

      it(`${c}: is a whole, successful guest run with the lab's switches and counters`, () => {
        const raw = readTree(join(fixtures, c, 'raw'));
        expect(raw.status?.trim()).toBe('ok');
        for (const f of ['uname-r.txt', 'parameters.txt', 'scaled.txt', 'switches.txt', 'counters-before.txt', 'counters-after.txt']) {
          expect(raw, f).toHaveProperty([f]);
        }
        const spec = KERNEL_LAB_SPECS[lab as KernelLab];
        const variant = /jc\.variant=(before|after)/.exec(raw['cmdline.txt'] ?? '')?.[1];
        expect(variant, 'jc.variant= in cmdline.txt').toBeDefined();
        const switches = nameValues(raw['switches.txt']!);
        for (const s of spec.switches) {
          const want = s.both ?? (variant === 'before' ? s.before : 0);
          expect(switches.get(s.name), `switch ${s.name}`).toBe(String(want));
        }
        const before = nameValues(raw['counters-before.txt']!);
        const after = nameValues(raw['counters-after.txt']!);
        for (const counter of spec.counters) {
          const rise = Number(after.get(counter.name)) - Number(before.get(counter.name));
          expect(Number.isFinite(rise), `counter ${counter.name} read before and after`).toBe(true);
          if (variant === 'before') expect(rise, `${counter.name} rises in before`).toBeGreaterThan(0);
          else expect(rise, `${counter.name} stays put in after`).toBe(0);
        }
      });
    }

    it('refuses raw output with none of its files', async () => {
      const labMetrics = await load();
      expect(() => labMetrics({})).toThrow();
    });
  });
}
