/**
 * `journalclub kernel compare A.json B.json`: two kernel-lab results side by
 * side, the way lkp's compare prints two commits: one row per metric found
 * in either file, A's value, B's value, the change from A to B in percent,
 * and beside it the mail's own change for that metric when it published one
 * (kernel-lab/mail-changes.ts), turned to run in the same direction as A to B.
 *
 * Pure: the command reads the files and prints; this module only compares.
 */
import { mailChange, mailStatedPct, verdictMail, type MailFigure } from '../../kernel-lab/mail-changes';
import { changePct } from '../../lib/compare';
import { formatChange, formatNumber } from '../../lib/format';
import { metricUnit, parseKernelResult, ranInQemu, runWhere, WHERE_TEXT, type KernelResult, type RunWhere } from '../../lib/kernel-results';
import { spread, type Spread } from '../../web/src/core/stats';
import { changeText, pairInRunOrder, tryVerdict, verdictReason, verdictWords, type Verdict } from '../../lib/verdict';
import { UsageError } from '../errors';

import { table } from '../format';

/** Numbers as a terminal prints them. */
const ASCII = { ascii: true } as const;

/** One side of the comparison, as the table heads it. */
export interface CompareSide {
  /** the path or name it was read from */
  source: string;
  variant: KernelResult['variant'];
  profile: KernelResult['profile'];
  accelerator: KernelResult['accelerator'];
  /** where it ran: tcg, kvm, real or vm (runWhere) */
  where: RunWhere;
  smp: number;
  started_at: string;
}

export interface CompareRow {
  metric: string;
  /** the metric key's unit suffix, e.g. per_s */
  unit: string;
  /** null when that file lacks the metric */
  a: number | null;
  b: number | null;
  /** (b - a) / |a| in percent (lib/compare.ts); null without both values or when a is 0 and b is not */
  change_pct: number | null;
  /** the mail's figure for this metric, when it published one */
  mail: {
    before: number;
    after: number;
    /** the mail's change in the direction A -> B: before -> after when A is the before run, the reverse when A is after; null when both runs are one variant */
    change_pct: number | null;
    /** the change as the mail's text states it (before -> after), when A -> B runs that way and the mail states one */
    stated_pct: number | null;
    where: string;
    citation: string;
  } | null;
}

export interface Comparison {
  lab: KernelResult['lab'];
  a: CompareSide;
  b: CompareSide;
  /** differences in how the two runs ran, which make the comparison weaker but not void */
  warnings: string[];
  rows: CompareRow[];
}

function side(r: KernelResult, source: string): CompareSide {
  return {
    source,
    variant: r.variant,
    profile: r.profile,
    accelerator: r.accelerator,
    where: runWhere(r),
    smp: r.guest.smp,
    started_at: r.started_at,
  };
}

/**
 * The warning for runs in different places, or null: QEMU's two
 * accelerators time differently, and QEMU and a machine booted into the lab
 * kernel differ in CPUs, devices and memory besides.
 */
function placeWarning(places: RunWhere[], names?: string[]): string | null {
  const distinct = [...new Set(places)];
  if (distinct.length < 2) return null;
  const listed = names ? places.map((p, i) => `${names[i]} ${p}`).join(', ') : distinct.join(', ');
  if (distinct.every(ranInQemu)) {
    return names
      ? `the accelerators differ (${listed}): timings under TCG and KVM do not compare`
      : `the runs' accelerators differ (${listed}): timings under TCG and KVM do not compare`;
  }
  return `the runs ran in different places (${listed}): QEMU, a virtual machine and real hardware differ in CPUs, devices and speed, so the change is not the switch's alone`;
}

/** "tcg, 2 vCPUs", or for a host-run "real hardware, 16 CPUs". */
function placeText(s: CompareSide): string {
  if (ranInQemu(s.where)) return `${s.where}, ${s.smp} vCPUs`;
  return `${WHERE_TEXT[s.where]}, ${s.smp} CPUs`;
}

/** The mail's change as it reads from A to B: from its after figure to its before one when A is the after run. */
function mailDirection(f: MailFigure, a: KernelResult, b: KernelResult): number | null {
  if (a.variant === b.variant) return null;
  return (a.variant === 'before' ? changePct(f.before, f.after) : changePct(f.after, f.before)) ?? null;
}

/**
 * Compare two results of one lab. Throws a UsageError when they are of
 * different labs; differences in profile, accelerator or vCPUs become
 * warnings.
 */
export function compareResults(a: KernelResult, b: KernelResult, sources: [string, string] = ['A', 'B']): Comparison {
  if (a.lab !== b.lab) {
    throw new UsageError(
      `${sources[0]} is a ${a.lab} result and ${sources[1]} a ${b.lab} result: compare two runs of one lab`,
    );
  }
  const warnings: string[] = [];
  if (a.profile !== b.profile) warnings.push(`the profiles differ (A ${a.profile}, B ${b.profile}): the benchmarks ran at different sizes`);
  const place = placeWarning([runWhere(a), runWhere(b)], ['A', 'B']);
  if (place) warnings.push(place);
  if (a.guest.smp !== b.guest.smp) warnings.push(`the guests had different vCPUs (A ${a.guest.smp}, B ${b.guest.smp})`);
  if (a.variant === b.variant) {
    warnings.push(`both runs are "${a.variant}": the mail's change (before -> after) is not shown beside a change within one variant`);
  }

  const keys = [...Object.keys(a.metrics), ...Object.keys(b.metrics).filter((k) => !(k in a.metrics))];
  const rows = keys.map((metric): CompareRow => {
    const va = a.metrics[metric] ?? null;
    const vb = b.metrics[metric] ?? null;
    /* the after run's parameters pick the mail's row; both runs normally share them */
    const params = (a.variant === 'after' ? a : b).parameters;
    const f = mailChange(a.lab, metric, params);
    return {
      metric,
      unit: metricUnit(metric) ?? '',
      a: va,
      b: vb,
      change_pct: changePct(va, vb) ?? null,
      mail: f
        ? {
            before: f.before,
            after: f.after,
            change_pct: mailDirection(f, a, b),
            stated_pct: a.variant === 'before' && b.variant === 'after' ? (f.stated_pct ?? null) : null,
            where: f.where,
            citation: f.citation,
          }
        : null,
    };
  });
  return { lab: a.lab, a: side(a, sources[0]), b: side(b, sources[1]), warnings, rows };
}

/** Parse two results files' texts and compare them; a file that is not a result is a UsageError naming it. */
export function compareTexts(textA: string, textB: string, sources: [string, string]): Comparison {
  const read = (text: string, source: string): KernelResult => {
    try {
      return parseKernelResult(text, source);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  };
  return compareResults(read(textA, sources[0]), read(textB, sources[1]), sources);
}

/** The mail's row, and the change its text states when that is not the change of its figures. */
function mailNote(m: NonNullable<CompareRow['mail']>): string {
  const stated = m.stated_pct === null ? undefined : mailStatedPct({ before: m.before, after: m.after, stated_pct: m.stated_pct });
  return stated === undefined ? m.where : `${m.where}; the mail states ${formatChange(stated, ASCII)}`;
}

/** The comparison as text: the table, then the citations of the mails' figures. */
export function formatComparison(c: Comparison): string {
  const head = (s: CompareSide, name: string): string => `${name} (${s.variant})`;
  const rows = c.rows.map((r) => [
    r.metric,
    formatNumber(r.a, ASCII),
    formatNumber(r.b, ASCII),
    formatChange(r.change_pct, ASCII),
    r.mail ? formatChange(r.mail.change_pct, ASCII) : '',
    r.mail ? mailNote(r.mail) : '',
  ]);
  const header = ['metric', head(c.a, 'A'), head(c.b, 'B'), 'change', 'mail', "mail's figure"];
  const text = table(header, rows, header.slice(1, 5));
  const citations = [...new Set(c.rows.flatMap((r) => (r.mail ? [r.mail.citation] : [])))];
  return [
    `${c.lab}: A ${c.a.source} (${c.a.variant}, ${c.a.profile}, ${placeText(c.a)})`,
    `${' '.repeat(c.lab.length)}  B ${c.b.source} (${c.b.variant}, ${c.b.profile}, ${placeText(c.b)})`,
    '',
    text,
    ...(citations.length ? ['', `mail: ${citations.join('; ')}`] : []),
  ].join('\n');
}

export interface SetRow {
  metric: string;
  unit: string;
  before: Spread & { n: number };
  after: Spread & { n: number };
  /** the change of the medians, before -> after, in percent */
  change_pct: number | null;
  /** the change over the runs paired in run order (the i-th before with the i-th after), against the mail's (lib/verdict.ts) */
  verdict: Verdict;
  mail: { before: number; after: number; change_pct: number | null; where: string; citation: string } | null;
}

export interface SetComparison {
  lab: KernelResult['lab'];
  runs: { source: string; variant: KernelResult['variant']; started_at: string; where: RunWhere }[];
  /** the runs' order alternated before and after (ABAB), so that drift of a shared host fell on both */
  alternated: boolean;
  warnings: string[];
  rows: SetRow[];
}

/**
 * compareSets - several runs of one lab, grouped by variant: per metric the min, median and max of each
 * variant's runs, the change of the medians, and the verdict on the change over the runs paired in run
 * order (alternating runs: the i-th before with the i-th after) against the mail's. Both variants must be there.
 */
export function compareSets(results: KernelResult[], sources: string[]): SetComparison {
  const lab = results[0]!.lab;
  const other = results.findIndex((r) => r.lab !== lab);
  if (other >= 0) throw new UsageError(`${sources[0]} is a ${lab} result and ${sources[other]} a ${results[other]!.lab} result: compare runs of one lab`);
  const before = results.filter((r) => r.variant === 'before');
  const after = results.filter((r) => r.variant === 'after');
  if (!before.length || !after.length)
    throw new UsageError(`a comparison of several runs needs runs of both variants (got ${before.length} before and ${after.length} after)`);
  const warnings: string[] = [];
  const distinct = (f: (r: KernelResult) => string | number): string[] => [...new Set(results.map((r) => String(f(r))))];
  if (distinct((r) => r.profile).length > 1) warnings.push(`the runs' profiles differ (${distinct((r) => r.profile).join(', ')}): the benchmarks ran at different sizes`);
  const place = placeWarning(results.map(runWhere));
  if (place) warnings.push(place);
  if (distinct((r) => r.guest.smp).length > 1) warnings.push(`the guests had different vCPUs (${distinct((r) => r.guest.smp).join(', ')})`);
  const order = results.map((r, i) => ({ r, i })).sort((x, y) => x.r.started_at.localeCompare(y.r.started_at) || x.i - y.i);
  const alternated = order.every(({ r }, k) => k === 0 || r.variant !== order[k - 1]!.r.variant);
  if (!alternated && before.length > 1 && after.length > 1)
    warnings.push('the runs did not alternate before and after (ABAB): a drift of the host during the runs falls on one variant more than the other');
  if (before.length !== after.length)
    warnings.push(`${before.length} before and ${after.length} after runs: the verdict pairs them in run order and leaves the last ${Math.abs(before.length - after.length)} out`);
  const keys = [...new Set(results.flatMap((r) => Object.keys(r.metrics)))];
  const rows = keys.map((metric): SetRow => {
    const vb = before.map((r) => r.metrics[metric]).filter((v): v is number => typeof v === 'number');
    const va = after.map((r) => r.metrics[metric]).filter((v): v is number => typeof v === 'number');
    const sb = { ...spread(vb), n: vb.length };
    const sa = { ...spread(va), n: va.length };
    const f = mailChange(lab, metric, after[0]!.parameters);
    const paired = pairInRunOrder(order.map(({ r }) => ({ variant: r.variant, value: r.metrics[metric] ?? NaN })));
    return {
      metric,
      unit: metricUnit(metric) ?? '',
      before: sb,
      after: sa,
      change_pct: vb.length && va.length ? (changePct(sb.median, sa.median) ?? null) : null,
      verdict: tryVerdict(paired.before, paired.after, f ? verdictMail(f) : null),
      mail: f ? { before: f.before, after: f.after, change_pct: changePct(f.before, f.after) ?? null, where: f.where, citation: f.citation } : null,
    };
  });
  return {
    lab,
    runs: order.map(({ r, i }) => ({ source: sources[i]!, variant: r.variant, started_at: r.started_at, where: runWhere(r) })),
    alternated,
    warnings,
    rows,
  };
}

/** Several results files' texts, compared as sets by variant. */
export function compareSetTexts(texts: string[], sources: string[]): SetComparison {
  const results = texts.map((text, i) => {
    try {
      return parseKernelResult(text, sources[i]!);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  });
  return compareSets(results, sources);
}

/** The set comparison as text: per metric each variant's min / median / max, the change of the medians, the paired change and the verdict. */
export function formatSetComparison(c: SetComparison): string {
  const range = (s: Spread & { n: number }): string =>
    s.n === 0 ? '-' : s.n === 1 ? formatNumber(s.median, ASCII) : `${formatNumber(s.min, ASCII)} / ${formatNumber(s.median, ASCII)} / ${formatNumber(s.max, ASCII)}`;
  const nb = c.runs.filter((r) => r.variant === 'before').length;
  const na = c.runs.length - nb;
  const rows = c.rows.map((r) => [
    r.metric,
    range(r.before),
    range(r.after),
    formatChange(r.change_pct, ASCII),
    changeText(r.verdict, ASCII),
    r.mail ? formatChange(r.mail.change_pct, ASCII) : '',
    verdictWords(r.verdict),
  ]);
  const header = ['metric', `before (${nb}) min / median / max`, `after (${na}) min / median / max`, 'change of medians', 'paired change (95%)', 'mail', 'verdict'];
  const reasons = c.rows.filter((r) => r.verdict.kind === 'no verdict' || r.verdict.noise).map((r) => `  ${r.metric}: ${verdictReason(r.verdict, ASCII)}`);
  const citations = [...new Set(c.rows.flatMap((r) => (r.mail ? [r.mail.citation] : [])))];
  return [
    `${c.lab}: ${c.runs.length} runs, ${c.alternated ? 'alternating before and after' : 'not alternating'}: ${c.runs.map((r) => r.variant).join(' ')}`,
    `ran in: ${[...new Set(c.runs.map((r) => r.where))].map((w) => `${WHERE_TEXT[w]} (${c.runs.filter((r) => r.where === w).length})`).join(', ')}`,
    '',
    table(header, rows, header.slice(1, 4)),
    '',
    "paired change: the i-th before run with the i-th after run in run order, each pair's ratio, their geometric mean and its 95% t interval",
    "verdict against the mail's change: as the mail (same direction, interval clear of no change, size within x2), weaker/stronger than the mail (off by more than x2), within the noise (interval includes no change), against the mail (the other way)",
    ...(reasons.length ? ['verdicts:', ...reasons] : []),
    ...(citations.length ? [`mail: ${citations.join('; ')}`] : []),
  ].join('\n');
}
