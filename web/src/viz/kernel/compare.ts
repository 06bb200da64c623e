/**
 * Imported kernel runs put side by side: one row per metric with the
 * "before" and "after" runs (the median when several, and the verdict on the
 * change over the runs paired in run order against the mail's, as `journalclub kernel compare` gives it), the change in percent and
 * the mail's own change; and the checks that tell whether a comparison is
 * sound (was the switch live, did both variants run alike).
 */
import { changePct } from '../../../../lib/compare';
import { median } from '../../core/stats';
import { pairInRunOrder, tryVerdict, type Verdict } from '../../../../lib/verdict';
import type { KernelLabSpec } from '../../../../lib/kernel-labs';
import { metricUnit, ranInQemu, runWhere, WHERE_TEXT, type KernelResult, type RunWhere } from '../../../../lib/kernel-results';
import { mailStatedPct, verdictMail, type MailChange, type MailChangeLookup } from './mailChanges';
import type { ImportedRun } from './imports';

export interface MetricRow {
  key: string;
  /** the key without its unit suffix, underscores as spaces */
  label: string;
  unit: string;
  before: number[];
  after: number[];
  /** the median of each side's runs (the value itself for one run) */
  beforeMedian?: number;
  afterMedian?: number;
  /** the change of the medians, in percent (lib/compare.ts); undefined without both or when before is 0 and after not */
  changePct?: number;
  /** the change over the runs paired in run order against the mail's (lib/verdict.ts), as `kernel compare` gives it */
  verdict: Verdict;
  mail?: MailChange;
  /** the mail's change computed from its figures */
  mailPct?: number;
  /** the change the mail's text states, when it differs from its figures' by more than half a point */
  mailStatedPct?: number;
}

export function metricLabel(key: string): string {
  const unit = metricUnit(key);
  const base = unit ? key.slice(0, key.length - unit.length - 1) : key;
  return base.replace(/_/g, ' ');
}

/**
 * One row per metric any run reported, in the order the runs report them
 * (before runs first). A metric one variant lacks keeps an empty side.
 */
export function compareMetrics(runs: readonly ImportedRun[], lookup?: MailChangeLookup): MetricRow[] {
  const ordered = [...runs].sort((a, b) => (a.result.variant === b.result.variant ? 0 : a.result.variant === 'before' ? -1 : 1));
  const rows = new Map<string, MetricRow>();
  for (const run of ordered) {
    for (const [key, value] of Object.entries(run.result.metrics)) {
      let row = rows.get(key);
      if (!row) {
        row = { key, label: metricLabel(key), unit: metricUnit(key) ?? '', before: [], after: [], verdict: tryVerdict([], [], null) };
        rows.set(key, row);
      }
      row[run.result.variant].push(value);
    }
  }
  const lab = runs[0]?.result.lab;
  /* the runs' parameters pick the mail's row (after runs first; both variants normally share them) */
  const params = (ordered.find((r) => r.result.variant === 'after') ?? ordered[0])?.result.parameters;
  /* the runs in the order they ran, for the pairs of the verdict */
  const ran = runs.map((r, i) => ({ r, i })).sort((x, y) => x.r.result.started_at.localeCompare(y.r.result.started_at) || x.i - y.i);
  return [...rows.values()].map((row) => {
    const beforeMedian = row.before.length ? median(row.before) : undefined;
    const afterMedian = row.after.length ? median(row.after) : undefined;
    const mail = lab && lookup ? lookup(lab, row.key, params) : undefined;
    return {
      ...row,
      beforeMedian,
      afterMedian,
      changePct: changePct(beforeMedian, afterMedian),
      verdict: verdictOf(ran.map(({ r }) => ({ variant: r.result.variant, value: r.result.metrics[row.key] ?? NaN })), mail),
      mail,
      mailPct: mail ? changePct(mail.before, mail.after) : undefined,
      mailStatedPct: mail ? mailStatedPct(mail) : undefined,
    };
  });
}

function verdictOf(runs: { variant: string; value: number }[], mail: MailChange | undefined): Verdict {
  const p = pairInRunOrder(runs);
  return tryVerdict(p.before, p.after, mail ? verdictMail(mail) : null);
}

export interface RunCheck {
  severity: 'warn';
  message: string;
}

/**
 * What one run's own record says about its soundness: the switches it set
 * against the ones its variant should set, and whether their counters show
 * that the switched code ran.
 */
export function checkRun(r: KernelResult, spec: KernelLabSpec): RunCheck[] {
  const out: RunCheck[] = [];
  for (const s of spec.switches) {
    const want = r.variant === 'before' ? s.before : (s.both ?? 0);
    const got = r.switches[s.name];
    if (got === undefined) out.push({ severity: 'warn', message: `the run did not record the switch ${s.name} (${r.variant} sets it to ${want})` });
    else if (got !== want)
      out.push({ severity: 'warn', message: `${s.name} was ${got}, but the ${r.variant} variant sets it to ${want}: this is not a ${r.variant} run` });
  }
  for (const c of spec.counters) {
    const n = r.counters[c.name];
    if (n === undefined) out.push({ severity: 'warn', message: `the run did not record the counter ${c.name}, so nothing shows the switch was live` });
    else if (r.variant === 'before' && n === 0)
      out.push({ severity: 'warn', message: `${c.name} stayed 0 in a before run: the old code never ran, the switch was not live` });
    else if (r.variant === 'after' && n !== 0)
      out.push({ severity: 'warn', message: `${c.name} rose by ${n} in an after run: the old code ran, the switch was not off` });
  }
  return out;
}

/**
 * The note for runs that QEMU emulated (TCG) instead of running on the host
 * CPU (KVM), naming them; null when none was.
 */
export function tcgNote(runs: readonly ImportedRun[]): string | null {
  const tcg = runs.filter((r) => runWhere(r.result) === 'tcg');
  if (!tcg.length) return null;
  const which = tcg.length === runs.length ? (runs.length === 1 ? 'The run' : 'All runs') : tcg.map((r) => r.file).join(', ');
  return `${which} ran under TCG: QEMU emulated the guest's CPUs instead of running them on the host's (KVM). Absolute figures are far below what hardware gives and locks contend differently; compare before with after, not with the mail's absolute numbers.`;
}

/**
 * The warning for runs that mix places (QEMU under TCG or KVM, a virtual
 * machine, real hardware), naming each place's files; null when all ran
 * in one place. Every difference of place changes the timings; across QEMU
 * and a machine booted into the lab kernel the kernel's own setting differs
 * too (devices, CPUs, memory), so the change is not the switch's.
 */
export function placeMix(runs: readonly ImportedRun[]): string | null {
  const byPlace = new Map<RunWhere, string[]>();
  for (const run of runs) {
    const w = runWhere(run.result);
    byPlace.set(w, [...(byPlace.get(w) ?? []), run.file]);
  }
  if (byPlace.size < 2) return null;
  const places = [...byPlace].map(([w, files]) => `${WHERE_TEXT[w]}: ${files.join(', ')}`).join('; ');
  const qemuOnly = [...byPlace.keys()].every(ranInQemu);
  return qemuOnly
    ? `The runs ran in different places (${places}): timings under TCG and KVM do not compare; import runs of one place.`
    : `The runs ran in different places (${places}): QEMU and a machine booted into the lab kernel differ in CPUs, devices and memory as well as in speed, so the change is not the switch's; import runs of one place.`;
}

/**
 * Fields of the run context that must agree between "before" and "after"
 * for a fair comparison; `show` false for a value too long to print (the
 * files are named instead).
 */
const CONTEXT: ReadonlyArray<{ what: string; get: (r: KernelResult) => string; show: boolean }> = [
  { what: 'profile', get: (r) => r.profile, show: true },
  { what: 'where they ran', get: (r) => runWhere(r), show: true },
  { what: 'smp', get: (r) => String(r.guest.smp), show: true },
  { what: 'guest memory (MiB)', get: (r) => String(r.guest.mem_mib), show: true },
  { what: 'kernel release', get: (r) => r.guest.kernel_release, show: true },
  {
    what: 'benchmark parameters',
    get: (r) => JSON.stringify(Object.entries(r.parameters).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    show: false,
  },
];

/** Differences in the run context among the imported runs, one sentence each. */
export function contextMismatches(runs: readonly ImportedRun[]): string[] {
  const out: string[] = [];
  for (const { what, get, show } of CONTEXT) {
    const byValue = new Map<string, string[]>();
    for (const run of runs) {
      const v = get(run.result);
      byValue.set(v, [...(byValue.get(v) ?? []), run.file]);
    }
    if (byValue.size < 2) continue;
    const groups = [...byValue].map(([v, files]) => (show ? `${v} (${files.join(', ')})` : files.join(', ')));
    out.push(`the runs differ in ${what}: ${groups.join(show ? ', ' : ' vs ')}`);
  }
  return out;
}

/** What is missing for a comparison, or null when both variants are there. */
export function missingVariant(runs: readonly ImportedRun[]): string | null {
  const has = (v: string) => runs.some((r) => r.result.variant === v);
  if (!runs.length) return null;
  if (!has('before')) return 'no before run yet: import one to see the change';
  if (!has('after')) return 'no after run yet: import one to see the change';
  return null;
}
