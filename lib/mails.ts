/**
 * The labs' mails, as data: each lab's citation, links and published
 * figures, read from its mails/<id>.json (through lib/mails.gen.ts, which
 * scripts/registry.mjs writes) and checked against lib/mail-schema.mjs. The
 * web pages, the kernel lab's comparison (kernel-lab/mail-changes.ts) and
 * lib/kernel-labs.ts read them from here; the C labs take their citation
 * and paper rows' figures from the same files (wasm-core/labs/<id>/<id>-mail.gen.h, also
 * generated), and web/src/core/mails.wasm.test.ts holds the two together.
 *
 * Figures are restated from the mails as shared/mails/figures.md restates
 * them; where a mail prints ministat statistics over its runs, the statistics are kept beside the figure. The mails'
 * sentences are not kept, only their numbers.
 *
 * Conventions:
 * - `metric` is the simulator's metric name where the lab has a simulator
 *   that measures it, else the kernel lab's results key.
 * - `variant` is the lab's variant name. For the two-variant labs "before"
 *   is the kernel without the change and "after" with it, whatever the mail
 *   called them (a file's notes say what they were).
 * - A change the mail's text states in percent is a figure of its own, with
 *   the metric `<metric>_change_pct`, unit '%', the variant "after" and the
 *   row's `where`; it can differ from the change of the two figures (one
 *   mail states -39.6% for 341.833 -> 228.847 ms, which is -33.1%).
 * - `value` is the figure as figures.md gives it, in the mail's unit
 *   (`unit`): a mail's K creates/s stay K creates/s.
 */
import { mailOf, rowFigures } from './mail-schema.mjs';
import { MAIL_FILES, MAIL_LAB_IDS, type MailLabId } from './mails.gen';
import { changeSize, mailRatio, rangesWithinNoise, type MailChange } from './verdict';

export { MAIL_LAB_IDS, type MailLabId };

export interface MailCitation {
  author: string;
  list: string;
  /** YYYY-MM-DD */
  date: string;
  subject: string;
  url: string;
  /** the upstream commit the mail is about (abbreviated to 12 digits) */
  commit?: string;
}

/** ministat's line for one variant: N runs, their min, max, median, mean and standard deviation. */
export interface MailRange {
  n: number;
  min: number;
  max: number;
  median: number;
  avg: number;
  stddev: number;
}

export interface MailFigure {
  /** the simulator's metric name where one exists, else the kernel lab's results key */
  metric: string;
  /** 'us', '', 's', 'K creates/s', '%', ... */
  unit: string;
  /** the row's inputs, e.g. { case: 'a' } */
  where: Record<string, string>;
  /** the lab's variant name */
  variant: string;
  /** the figure the mail reports, as figures.md restates it */
  value: number;
  /** where the mail gives ministat statistics over its runs */
  range?: MailRange;
}

/**
 * A row of the mail's table that the simulator restates (a paper row of the
 * C lab, whose parameters and scaling note are the model's): its figures
 * by metric, where and variants, and their values.
 */
export interface MailRow {
  row: number;
  label: string;
  metric: string;
  where: Record<string, string>;
  /** the variants of `before` and `after` */
  variants: readonly [before: string, after: string];
  /** whether the file names the variants (else the C lab leaves them to its first and last) */
  variantsNamed: boolean;
  /** the two figures; null where the mail states only a change */
  before: number | null;
  after: number | null;
  /** the change the mail states for the row, where it gives no figures */
  change_pct: number | null;
  /**
   * the noise the mail states for the row's change: a run-to-run noise in
   * the row's unit (value), or that it reads the change as none (within)
   */
  noise?: { value?: number; within?: true; note: string };
}

export interface Mail {
  lab: MailLabId;
  cite: MailCitation;
  /** further addresses the lab cites, by name: versions of the mail, commits, kernel sources */
  links: Readonly<Record<string, string>>;
  /** the project's remarks on reading the figures */
  notes: readonly string[];
  figures: readonly MailFigure[];
  rows: readonly MailRow[];
}

/* ------------------------------------------------------------------ */
/* API                                                                 */
/* ------------------------------------------------------------------ */

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

function load(lab: MailLabId): Mail {
  const file = mailOf(lab, MAIL_FILES[lab]);
  const rows = file.rows.map((r): MailRow => {
    const f = rowFigures(file, r);
    return {
      row: r.row,
      label: r.label,
      metric: r.metric,
      where: r.where,
      variants: f.variants,
      variantsNamed: r.variants !== undefined,
      before: Number.isNaN(f.before) ? null : f.before,
      after: Number.isNaN(f.after) ? null : f.after,
      change_pct: f.change_pct,
      ...(r.noise ? { noise: r.noise } : {}),
    };
  });
  /* zod's output is a copy: the imported JSON module stays as it was read */
  return deepFreeze({ lab, cite: file.citation, links: file.links, notes: file.notes ?? [], figures: file.figures, rows });
}

export const MAILS: Readonly<Record<MailLabId, Mail>> = Object.freeze(
  Object.fromEntries(MAIL_LAB_IDS.map((id) => [id, load(id)])) as Record<MailLabId, Mail>,
);

/** What a filter of mailFigures() may name. */
export interface MailFilter {
  metric?: string;
  variant?: string;
  where?: Record<string, string>;
}

/**
 * A mail's figures, in the mail's order, narrowed by metric, variant and
 * the values of `where` that the filter names (a figure may name more).
 */
export function mailFigures(lab: MailLabId, filter: MailFilter = {}): MailFigure[] {
  const { metric, variant, where } = filter;
  return MAILS[lab].figures.filter(
    (f) =>
      (metric === undefined || f.metric === metric) &&
      (variant === undefined || f.variant === variant) &&
      (where === undefined || Object.entries(where).every(([k, v]) => f.where[k] === v)),
  );
}

/** The one figure a filter names, or undefined when it names none or several. */
export function mailFigure(lab: MailLabId, filter: { metric: string; variant: string; where?: Record<string, string> }): MailFigure | undefined {
  const found = mailFigures(lab, filter);
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The value of the one figure a filter names; throws, naming the file and
 * the filter, when it names none or several: for readers that name a
 * figure the mail has.
 */
export function mailValue(lab: MailLabId, metric: string, variant: string, where: Record<string, string> = {}): number {
  const f = mailFigure(lab, { metric, variant, where });
  if (!f) {
    const n = mailFigures(lab, { metric, variant, where }).length;
    throw new Error(`mails/${lab}.json has ${n ? `${n} figures` : 'no figure'} ${metric} of ${variant} where ${JSON.stringify(where)}`);
  }
  return f.value;
}

/**
 * The change in percent the mail's text states for a metric in a row (the
 * figure `<metric>_change_pct` of the variant changed to), if it states one.
 */
export function mailStatedChange(lab: MailLabId, metric: string, where: Record<string, string> = {}, variant = 'after'): number | undefined {
  return mailFigure(lab, { metric: `${metric}_change_pct`, variant, where })?.value;
}

/** A metric's figures of two variants, from and to, in one row. */
export interface MailPair {
  where: Record<string, string>;
  before: number;
  after: number;
  /** the change the mail's text states for the row, where it states one */
  stated_pct?: number;
}

/**
 * The before and after figures of one metric in the row `where` names
 * (variants: "before" and "after" unless given); throws like mailValue()
 * when either is missing.
 */
export function mailPair(lab: MailLabId, metric: string, where: Record<string, string>, variants: readonly [string, string] = ['before', 'after']): MailPair {
  const [b, a] = variants;
  const stated = mailStatedChange(lab, metric, where, a);
  return {
    where,
    before: mailValue(lab, metric, b, where),
    after: mailValue(lab, metric, a, where),
    ...(stated === undefined ? {} : { stated_pct: stated }),
  };
}

/**
 * mailPair() for each row the mail has a figure of the metric's first
 * variant in, in the mail's order; `where` narrows the rows.
 */
export function mailPairs(lab: MailLabId, metric: string, filter: { where?: Record<string, string>; variants?: readonly [string, string] } = {}): MailPair[] {
  const variants = filter.variants ?? ['before', 'after'];
  return mailFigures(lab, { metric, variant: variants[0], where: filter.where }).map((f) => mailPair(lab, metric, f.where, variants));
}

/**
 * A lab's links by the names its file gives them; throws naming the lab and
 * the names it has, when a name is not among them.
 */
export function mailLinks<const K extends string>(lab: MailLabId, names: readonly K[]): Readonly<Record<K, string>> {
  const links = MAILS[lab].links;
  const out = {} as Record<K, string>;
  for (const n of names) {
    const url = links[n];
    if (url === undefined) throw new Error(`mails/${lab}.json has no link "${n}"; its links: ${Object.keys(links).join(', ')}`);
    out[n] = url;
  }
  return Object.freeze(out);
}

const sameWhere = (a: Record<string, string>, b: Record<string, string>): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/**
 * The mail's change of a metric from one variant to another in the row
 * `where` names, for lib/verdict.ts: its ratio from the two figures (else the
 * change its text states), and whether it is within the mail's noise: the
 * noise its row states (a value: the change no larger; within: none), else
 * the ministat statistics of the two figures (rangesWithinNoise). Undefined
 * where the mail has neither the figures nor a stated change, or where a
 * figure is 0 (no ratio).
 */
export function mailChangeOf(
  lab: MailLabId,
  metric: string,
  where: Record<string, string>,
  variants: readonly [string, string] = ['before', 'after'],
): MailChange | undefined {
  const [vb, va] = variants;
  const b = mailFigure(lab, { metric, variant: vb, where });
  const a = mailFigure(lab, { metric, variant: va, where });
  const stated = mailStatedChange(lab, metric, where, va);
  if (!(b && a) && stated === undefined) return undefined;
  /* a figure of 0 (a count the change took to none) gives no ratio, and no change to hold a verdict against */
  if (b && a ? !(b.value > 0 && a.value > 0) : !(stated! > -100)) return undefined;
  const ratio = mailRatio(b && a ? { before: b.value, after: a.value } : { change_pct: stated });
  const row = MAILS[lab].rows.find((r) => r.metric === metric && sameWhere(r.where, where) && r.variants[0] === vb && r.variants[1] === va);
  const noise = row?.noise;
  if (noise?.within) {
    /* the changes the mail reads as none span the largest of its rows' so marked */
    const sizes = MAILS[lab].rows.filter((r) => r.noise?.within).map((r) => rowRatio(lab, r)).filter((x): x is number => x !== undefined).map(changeSize);
    return { ratio, withinNoise: true, noise: noise.note, noiseSize: Math.max(...sizes) };
  }
  if (noise?.value !== undefined && b && a)
    return { ratio, withinNoise: Math.abs(a.value - b.value) <= noise.value, noise: noise.note, noiseSize: noise.value / b.value };
  const within = b?.range && a?.range ? rangesWithinNoise(b.range, a.range) : undefined;
  if (within !== undefined)
    return { ratio, withinNoise: within, noise: `ministat's 95% difference over the mail's ${b!.range!.n} and ${a!.range!.n} runs` };
  return { ratio };
}

/** A row's ratio after / before, from its figures or its stated change; undefined where neither gives one. */
function rowRatio(lab: MailLabId, r: MailRow): number | undefined {
  const b = mailFigure(lab, { metric: r.metric, variant: r.variants[0], where: r.where });
  const a = mailFigure(lab, { metric: r.metric, variant: r.variants[1], where: r.where });
  if (b && a) return b.value > 0 && a.value > 0 ? a.value / b.value : undefined;
  return r.change_pct !== null && r.change_pct > -100 ? 1 + r.change_pct / 100 : undefined;
}

/** mailChangeOf() for a row of the mail's table, by its number; undefined for a row the mail has not. */
export function mailRowChange(lab: MailLabId, row: number): MailChange | undefined {
  const r = MAILS[lab].rows.find((x) => x.row === row);
  return r ? mailChangeOf(lab, r.metric, r.where, r.variants) : undefined;
}
