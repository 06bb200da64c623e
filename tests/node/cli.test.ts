/**
 * The command line, spawned as a user runs it: exit statuses, JSON shapes,
 * and one-line errors that name the parameter and its range.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { loadEngine } from '../../web/src/core/node';
import { SWEEP_SEEDS, SWEEP_SEEDS_MAX } from '../../web/src/core/sweep';
import { formatRange } from '../../lib/format';
import type { PaperRows, ParamSpec } from '../../web/src/core/types';
import { assertRefused, journalclub, jsonOf, middle, sweepPoints, type CliRun, type SweepJsonRow } from './cli';
import { LAB_FACES } from '../../web/src/labs/registry.gen';
import { MAIL_LAB_IDS } from '../../lib/mails.gen';

/* the commands behave alike for every lab: the registry's first shows it, the last runs the sweep with other seeds */
const LAB = MAIL_LAB_IDS[0];
const OTHER = MAIL_LAB_IDS.at(-1)!;
let specs: ParamSpec[];
let rows: PaperRows;

before(async () => {
  const engine = await loadEngine();
  specs = engine.params(LAB);
  rows = engine.rows(LAB);
});

describe('journalclub labs and params', () => {
  it('lists the labs', () => {
    const run = journalclub(['labs', '--json']);
    assert.equal(run.status, 0, run.stderr);
    const labs = jsonOf(run) as { id: string }[];
    assert.ok(labs.some((l) => l.id === LAB));
    const table = journalclub(['labs']);
    assert.equal(table.status, 0);
    assert.match(table.stdout, new RegExp(`^${LAB}\\s`, 'm'));
  });

  it("prints a lab's parameter table", () => {
    const run = journalclub(['params', LAB]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^parameter\s+default\s+min\s+max\s+unit/);
    const re = (x: string | number): string => String(x).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    /* a choice's default by its name, with no range */
    for (const s of specs)
      assert.match(
        run.stdout,
        new RegExp(s.type === 'choice' ? `^${s.name}\\s+${re(s.choices[s.default]!)}\\s+-\\s+-\\s` : `^${s.name}\\s+${s.default}\\s+${s.min}\\s+${s.max}\\b`, 'm'),
      );
    assert.deepEqual(jsonOf(journalclub(['params', LAB, '--json'])), specs);
  });

  it('refuses an unknown lab', () => {
    assertRefused(journalclub(['params', 'no-such-lab']), 'no-such-lab');
  });
});

describe('journalclub sim', () => {
  it('runs with the defaults and prints JSON', () => {
    const run = journalclub(['sim', LAB, '--variant', 'after', '--json']);
    assert.equal(run.status, 0, run.stderr);
    const out = jsonOf(run) as Record<string, unknown>;
    for (const key of ['lab', 'variant', 'seed', 'params', 'metrics']) assert.ok(key in out, `key ${key}`);
    assert.equal(out.lab, LAB);
    assert.equal(out.variant, 'after');
    assert.equal(out.seed, 1);
    assert.deepEqual(out.params, Object.fromEntries(specs.map((s) => [s.name, s.type === 'choice' ? s.choices[s.default] : s.default])));
    const metrics = out.metrics as Record<string, number>;
    assert.ok(Object.keys(metrics).length > 0);
    for (const v of Object.values(metrics)) assert.equal(typeof v, 'number');
  });

  it('takes --set and --seed, and gives the same answer twice', () => {
    const s = specs[0]!;
    const args = ['sim', LAB, '--variant', 'before', '--set', `${s.name}=${s.min}`, '--seed', '5', '--json'];
    const first = journalclub(args);
    assert.equal(first.status, 0, first.stderr);
    const out = jsonOf(first) as { params: Record<string, number>; seed: number };
    assert.equal(out.params[s.name], s.min);
    assert.equal(out.seed, 5);
    assert.equal(journalclub(args).stdout, first.stdout);
  });

  it('prints a table of metrics for a person', () => {
    const run = journalclub(['sim', LAB, '--variant', 'before']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^metric\s+value\s+unit/m);
    assert.match(run.stdout, /hash [0-9a-f]{16}/);
  });

  it('refuses an unknown parameter, naming it', () => {
    assertRefused(journalclub(['sim', LAB, '--variant', 'before', '--set', 'bogus=1']), 'bogus');
  });

  it('refuses a value out of range, naming the parameter and its range', () => {
    const s = specs[0]!;
    const run = journalclub(['sim', LAB, '--variant', 'before', '--set', `${s.name}=${s.max + 1}`]);
    assertRefused(run, s.name, String(s.min), String(s.max));
  });

  it('refuses a value that is not a number, naming the parameter and its range', () => {
    const s = specs[0]!;
    const run = journalclub(['sim', LAB, '--variant', 'before', '--set', `${s.name}=many`]);
    assertRefused(run, s.name, String(s.min), String(s.max));
  });

  it('refuses an unknown variant', () => {
    assertRefused(journalclub(['sim', LAB, '--variant', 'middle']), 'middle');
  });

  it('refuses an unknown lab', () => {
    assertRefused(journalclub(['sim', 'no-such-lab', '--variant', 'before']), 'no-such-lab');
  });

  it('refuses a bad seed with its range', () => {
    assertRefused(journalclub(['sim', LAB, '--variant', 'before', '--seed', '-1']), '--seed', '4294967295');
    assertRefused(journalclub(['sim', LAB, '--variant', 'before', '--seed', '4294967296']), '--seed');
    assertRefused(journalclub(['sim', LAB, '--variant', 'before', '--seed', 'abc']), '--seed');
  });

  it('refuses --set without name=value, and --seeds with --variant', () => {
    assertRefused(journalclub(['sim', LAB, '--variant', 'before', '--set', specs[0]!.name]), 'name=value');
    assertRefused(journalclub(['sim', LAB, '--variant', 'before', '--seeds', '3']), "--seeds runs the lesson's two variants");
  });

  it("without --variant runs the two variants of the mail's row side by side, with the mail's change and the verdict", () => {
    /* the mail's first row, three seeds */
    const sets = Object.entries(rows.rows[0]!.params).flatMap(([name, value]) => ['--set', `${name}=${value}`]);
    const run = journalclub(['sim', LAB, ...sets, '--seeds', '3']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, new RegExp(`^${LAB}: before and after, seeds 1\\.\\.3 \\(3\\)`, 'm'));
    assert.match(run.stdout, /^the mail's row 1 /m);
    assert.match(run.stdout, /^metric\s+before median\s+after median\s+after\/before \(95%\)\s+mail\s+verdict$/m);
    assert.match(run.stdout, new RegExp(`^${rows.metric}\\s.*\\(95%: .*\\)\\s+[-+]\\d+\\.\\d%\\s+(within the noise, as the mail|stronger than the mail \\(its change is noise\\))$`, 'm'));
    /* the JSON's runs are sim --variant's, seed by seed, and the verdict's ratio their geometric mean */
    const out = jsonOf(journalclub(['sim', LAB, ...sets, '--seeds', '3', '--json'])) as {
      variants: string[];
      metrics: Record<string, { before: number[]; after: number[]; verdict: { ratio: number; n: number } }>;
    };
    assert.deepEqual(out.variants, ['before', 'after']);
    const m = out.metrics[rows.metric]!;
    const seed2 = jsonOf(journalclub(['sim', LAB, '--variant', 'after', ...sets, '--seed', '2', '--json'])) as { metrics: Record<string, number> };
    assert.equal(m.after[1], seed2.metrics[rows.metric]);
    const geo = Math.exp(m.before.reduce((sum, b, i) => sum + Math.log(m.after[i]! / b), 0) / 3);
    assert.ok(Math.abs(m.verdict.ratio - geo) < 1e-12 * geo, `ratio ${m.verdict.ratio} against ${geo}`);
    assert.equal(m.verdict.n, 3);
  });

  it("without --variant or --set runs the lab's lesson: its variants and parameters, beside the mail's headline", () => {
    const lesson = LAB_FACES[LAB].lesson;
    const out = jsonOf(journalclub(['sim', LAB, '--seeds', '2', '--json'])) as {
      variants: string[];
      params: Record<string, number>;
      mail: { what: string; metric: string } | null;
      metrics: Record<string, { verdict: { kind: string; mail: { ratio: number } | null } }>;
    };
    assert.deepEqual(out.variants, [...lesson.variants]);
    for (const [k, v] of Object.entries(lesson.params)) if (k in out.params) assert.equal(out.params[k], v, `parameter ${k}`);
    assert.equal(out.mail?.metric, lesson.headline.metric);
    /* a lesson that runs one of the mail's rows at its own size is named by the row */
    assert.match(out.mail!.what, /^the mail's (headline|row \d+ )/);
    assert.ok(out.metrics[lesson.headline.metric]!.verdict.mail!.ratio > 0);
  });
});

interface Range {
  min: number;
  median: number;
  max: number;
}

interface SweepJson {
  lab: string;
  seed: number;
  seeds: number[];
  rows: {
    row: number;
    label: string;
    before: Record<string, number>;
    after: Record<string, number>;
    seeds: number[];
    ranges: { before: Record<string, Range>; after: Record<string, Range> };
  }[];
}

/** `sweep --json` (a row per point and variant) as a row per point, before and after side by side. */
function sweepOf(run: CliRun): SweepJson {
  const raw = jsonOf(run) as { lab: string; seed: number; seeds: number[]; variants: string[]; rows: SweepJsonRow[] };
  assert.deepEqual(raw.variants, ['before', 'after']);
  for (const r of raw.rows) assert.ok(raw.variants.includes(r.variant), `a row of variant ${r.variant}`);
  return {
    lab: raw.lab,
    seed: raw.seed,
    seeds: raw.seeds,
    rows: sweepPoints(raw.rows).map((p) => ({
      row: p.row,
      label: p.label,
      before: p.metrics.before!,
      after: p.metrics.after!,
      seeds: p.seeds,
      ranges: { before: p.ranges.before!, after: p.ranges.after! },
    })),
  };
}

describe('journalclub sweep', () => {
  let out: SweepJson;
  before(() => {
    /* three seeds keep the test short; the default is SWEEP_SEEDS */
    const run = journalclub(['sweep', LAB, '--seeds', '3', '--json']);
    assert.equal(run.status, 0, run.stderr);
    out = sweepOf(run);
  });

  it('runs SWEEP_SEEDS seeds unless told', () => {
    assert.equal(SWEEP_SEEDS, 10);
    assert.match(journalclub(['sweep', '--help']).stdout, new RegExp(`--seeds <n>.*\\(default: "${SWEEP_SEEDS}"\\)`, 's'));
  });

  it("runs the mail's rows before and after, as JSON", () => {
    assert.equal(out.lab, LAB);
    assert.deepEqual(
      out.rows.map((r) => [r.row, r.label]),
      rows.rows.map((r) => [r.row, r.label]),
    );
    for (const r of out.rows) {
      assert.equal(typeof r.before[rows.metric], 'number', `row ${r.row} before`);
      assert.equal(typeof r.after[rows.metric], 'number', `row ${r.row} after`);
    }
  });

  it('with --seeds 3 runs every row with seeds 1, 2 and 3: each metric is their median, its min and max under "ranges"', () => {
    assert.equal(out.seed, 1);
    assert.deepEqual(out.seeds, [1, 2, 3]);
    for (const r of out.rows) {
      assert.deepEqual(r.seeds, [1, 2, 3]);
      for (const variant of ['before', 'after'] as const) {
        assert.deepEqual(Object.keys(r.ranges[variant]).sort(), Object.keys(r[variant]).sort(), `row ${r.row} ${variant}: a range per metric`);
        for (const [metric, value] of Object.entries(r[variant])) {
          const range = r.ranges[variant][metric]!;
          assert.deepEqual(Object.keys(range), ['min', 'median', 'max']);
          assert.equal(range.median, value, `row ${r.row} ${variant} ${metric}: the metric is the median`);
          assert.ok(range.min <= range.median && range.median <= range.max, `row ${r.row} ${variant} ${metric}: min <= median <= max`);
        }
      }
    }
  });

  it("reports the medians and ranges of the seeds' own runs", () => {
    /* the first row's runs, one seed at a time, through `sim` */
    const r = out.rows[0]!;
    const params = rows.rows[0]!.params;
    const sets = Object.entries(params).flatMap(([name, value]) => ['--set', `${name}=${value}`]);
    for (const variant of ['before', 'after'] as const) {
      const values = [1, 2, 3].map((seed) => {
        const run = journalclub(['sim', LAB, '--variant', variant, ...sets, '--seed', String(seed), '--json']);
        assert.equal(run.status, 0, run.stderr);
        return (jsonOf(run) as { metrics: Record<string, number> }).metrics[rows.metric]!;
      });
      assert.deepEqual(r.ranges[variant][rows.metric], { min: Math.min(...values), median: middle(values), max: Math.max(...values) });
    }
  });

  it('takes --seeds and --seed: the seeds from the first on', () => {
    const run = journalclub(['sweep', OTHER, '--seeds', '2', '--seed', '5', '--json']);
    assert.equal(run.status, 0, run.stderr);
    const two = sweepOf(run);
    assert.deepEqual(two.seeds, [5, 6]);
    for (const r of two.rows) assert.deepEqual(r.seeds, [5, 6]);
    const single = sweepOf(journalclub(['sweep', OTHER, '--seeds', '1', '--json']));
    for (const r of single.rows)
      for (const [metric, range] of Object.entries(r.ranges.after)) {
        assert.equal(range.min, range.max, `${r.label} ${metric}: one seed has no range`);
        assert.equal(range.median, r.after[metric]);
      }
  });

  it('refuses a bad --seeds, naming what it allows', () => {
    for (const bad of ['0', String(SWEEP_SEEDS_MAX + 1), 'two', '1.5', '-3'])
      assertRefused(journalclub(['sweep', LAB, '--seeds', bad]), '--seeds', `1 to ${SWEEP_SEEDS_MAX}`);
    assertRefused(journalclub(['sweep', LAB, '--seed', '4294967295', '--seeds', '3']), '--seed', '--seeds', '4294967295');
  });

  it("prints the paper's numbers beside the simulator's medians and ranges, the paired change and its verdict", () => {
    const run = journalclub(['sweep', LAB, '--seeds', '3']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /median over seeds 1, 2, 3/);
    assert.match(run.stdout, /paper before\s+sim before\s+before min\.\.max\s+paper after\s+sim after\s+after min\.\.max\s+.*change \(95%\)\s+verdict$/m);
    const lines = run.stdout.trimEnd().split('\n').filter((l) => /^\S+\s+\S+=/.test(l));
    assert.equal(lines.length, rows.rows.length);
    const verdicts = /(as the mail|weaker than the mail|stronger than the mail( \(its change is noise\))?|within the noise(, as the mail)?|against the mail)$/;
    for (const [i, line] of lines.entries()) {
      const r = out.rows[i]!;
      assert.match(line, verdicts, `row ${r.label}: ${line}`);
      assert.match(line, /\(95%: \S+ to \S+\)/, `row ${r.label} has its interval: ${line}`);
      for (const side of [r.ranges.before[rows.metric]!, r.ranges.after[rows.metric]!]) {
        const printed = formatRange({ min: side.min / rows.scale, max: side.max / rows.scale }, { ascii: true });
        assert.ok(line.includes(` ${printed} `), `row ${r.label} shows the range ${printed}: ${line}`);
      }
    }
  });
});

describe('journalclub itself', () => {
  it('refuses an unknown command', () => {
    assertRefused(journalclub(['frobnicate']), 'frobnicate');
  });

  it('says what to run when the WASM build is missing', () => {
    const run = journalclub(['labs'], { JC_WASM_DIR: '/nonexistent/journalclub-build' });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /^journalclub: .*journalclub\.mjs is missing: run `npm run build:wasm` first\n$/);
  });

  it('prints help', () => {
    const run = journalclub(['--help']);
    assert.equal(run.status, 0);
    assert.match(run.stdout, /sim \[options\] <lab>/);
  });
});
