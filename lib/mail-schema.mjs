// @ts-check
/**
 * The shape of a lab's mail data file, mails/<id>.json: the one place the
 * project keeps a mail's citation, its links and its published figures.
 * lib/mails.ts serves them to TypeScript; scripts/registry/mail.mjs writes
 * them into C (wasm-core/labs/<id>/<id>-mail.gen.h) for the lab's paper rows
 * and citation. Both check every file with mailOf() below.
 *
 * A file holds:
 * - id, order: the lab's id (the file's name) and its place in every list;
 * - citation: author, list, date (YYYY-MM-DD), subject, url of the mail
 *   and, where there is one, the upstream commit it is about (12 digits);
 * - links: further addresses the lab cites (other versions of the mail,
 *   upstream commits, kernel sources), by a camelCase name;
 * - notes: the project's own remarks on reading the figures (optional);
 * - figures: every figure the mail publishes, as { metric, unit, where,
 *   variant, value, range? }; see lib/mails.ts for the conventions;
 * - rows: the rows of the mail's table that the simulator restates (its
 *   paper rows), each naming its figures by metric, `where` and the two
 *   variants it sets side by side, and the noise the mail states for its
 *   change, if any. A row's figures are not repeated: they
 *   are looked up in `figures` (rowFigures()). The row's simulator
 *   parameters and its scaling note are the model's, kept beside it in the
 *   lab's C source.
 */
import { z } from 'zod';

/*
 * Zod without its code generator, set before these schemas are built (zod
 * reads it then): the page loads this module in a chunk that can run before
 * its entry's web/src/core/zodConfig.ts, and the page's
 * Content-Security-Policy reports even zod's probe for eval.
 */
z.config({ jitless: true });

const TEXT = z.string().trim().min(1, 'must not be empty');
const HTTPS = z.string().regex(/^https:\/\/\S+$/, 'must be an https:// address');
const NAME = z.string().regex(/^[a-z][A-Za-z0-9]*$/, 'must be a camelCase name, e.g. "commit" or "treeLog"');
const METRIC = z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be a metric name: lower-case words joined by "_", e.g. "avg_scan_us"');
const VARIANT = z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'must be a variant name, e.g. "before" or "es-gc"');
const WHERE = z.record(z.string().regex(/^[a-z][a-z0-9_]*$/, 'a key of "where" is a lower-case name'), z.string());

export const citationSchema = z.strictObject({
  author: TEXT,
  list: TEXT,
  date: z.string().refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d)), 'must be a real date as YYYY-MM-DD'),
  subject: TEXT,
  url: HTTPS,
  commit: z.string().regex(/^[0-9a-f]{12}$/, 'must be the commit abbreviated to 12 hex digits').optional(),
});

export const rangeSchema = z.strictObject({
  n: z.int().min(1, 'is the number of runs, at least 1'),
  min: z.number(),
  max: z.number(),
  median: z.number(),
  avg: z.number(),
  stddev: z.number().min(0, 'must not be negative'),
});

export const figureSchema = z.strictObject({
  metric: METRIC,
  unit: z.string(),
  where: WHERE,
  variant: VARIANT,
  value: z.number(),
  range: rangeSchema.optional(),
});

/*
 * The noise the mail states for a row's change: a run-to-run noise in the
 * row's unit (the upper end where it gives a range), or, where it gives no
 * figure for it, that it reads the row's change as none (within: true).
 */
export const noiseSchema = z
  .strictObject({
    value: z.number().positive('is the noise in the row\'s unit, above 0').optional(),
    within: z.literal(true).optional(),
    note: TEXT,
  })
  .refine((n) => (n.value === undefined) !== (n.within === undefined), 'gives either value (the noise the mail states) or within: true (the mail reads the change as none)');

export const rowSchema = z.strictObject({
  row: z.int().min(1, 'is the row number, from 1'),
  label: TEXT,
  metric: METRIC,
  where: WHERE,
  /* the noise the mail states for the row's change, where it states one (ranges of its figures aside) */
  noise: noiseSchema.optional(),
  /*
   * The variants of the row's two figures. Absent: the mail's "before" and
   * "after", and in C the lab's first and last variant (NULL).
   */
  variants: z.tuple([VARIANT, VARIANT]).optional(),
});

export const mailFileSchema = z.strictObject({
  id: z.string(),
  order: z.int().min(1, "is the lab's place in every list, from 1"),
  citation: citationSchema,
  links: z.record(NAME, HTTPS),
  notes: z.array(TEXT).optional(),
  figures: z.array(figureSchema).min(1, 'must hold at least one figure'),
  rows: z.array(rowSchema),
});

/** @typedef {z.infer<typeof mailFileSchema>} MailFile */
/** @typedef {z.infer<typeof figureSchema>} MailFileFigure */
/** @typedef {z.infer<typeof rowSchema>} MailFileRow */

/** A figure's identity: metric, variant and where, its keys sorted. @param {{metric: string, variant: string, where: Record<string, string>}} f */
export function figureKey(f) {
  const where = Object.keys(f.where)
    .sort()
    .map((k) => `${k}=${f.where[k]}`)
    .join(',');
  return `${f.metric} ${f.variant} {${where}}`;
}

/**
 * The figures a filter names: its metric and variant, and every value of
 * `where` it gives (a figure may name more).
 * @param {readonly MailFileFigure[]} figures
 * @param {string} metric @param {string} variant @param {Record<string, string>} where
 */
function matching(figures, metric, variant, where) {
  return figures.filter((f) => f.metric === metric && f.variant === variant && Object.entries(where).every(([k, v]) => f.where[k] === v));
}

/**
 * A row's figures from the file's `figures`: before and after, or, where
 * the mail states only a change for the row (`<metric>_change_pct` of the
 * after variant), that change with before and after NaN. Throws naming the
 * row when the figures are missing or more than one matches.
 * @param {Pick<MailFile, 'figures'>} mail @param {MailFileRow} row
 * @returns {{ before: number, after: number, change_pct: number | null, variants: [string, string] }}
 */
export function rowFigures(mail, row) {
  const variants = row.variants ?? /** @type {[string, string]} */ (['before', 'after']);
  const [b, a] = variants.map((v) => matching(mail.figures, row.metric, v, row.where));
  const what = `row ${row.row} (${row.metric}, ${variants.join(' -> ')}, where ${JSON.stringify(row.where)})`;
  if (b.length > 1 || a.length > 1) throw new Error(`${what} names more than one figure: give "where" every key that tells them apart`);
  if (b.length === 1 && a.length === 1) return { before: b[0].value, after: a[0].value, change_pct: null, variants };
  if (b.length + a.length === 1)
    throw new Error(`${what} has a figure for ${b.length ? variants[0] : variants[1]} only: a row has both figures, or neither and a stated change`);
  const change = matching(mail.figures, `${row.metric}_change_pct`, variants[1], row.where);
  if (change.length !== 1)
    throw new Error(`${what} names no figure: add both to "figures", or the mail's stated change as ${row.metric}_change_pct of ${variants[1]}`);
  return { before: NaN, after: NaN, change_pct: change[0].value, variants };
}

/**
 * What is wrong, in the schema's words: a bad record key by the rule it
 * breaks (zod says only "Invalid key in record"), a missing member as such.
 * @param {z.core.$ZodIssue} i
 */
function why(i) {
  if (i.code === 'invalid_key') return i.issues.map((n) => n.message).join(', ');
  if (i.code === 'invalid_type' && /received undefined$/.test(i.message)) return `is missing (${i.expected} expected)`;
  return i.message;
}

/**
 * The checked contents of mails/<id>.json: the schema, and what it cannot
 * say: the id is the file's, no figure twice, each row's number once and
 * its figures found. Throws one Error listing every problem, each with its
 * path in the file.
 * @param {string} id the lab id the file's name gives
 * @param {unknown} data the file's parsed JSON
 * @returns {MailFile}
 */
export function mailOf(id, data) {
  const file = `mails/${id}.json`;
  const r = mailFileSchema.safeParse(data);
  if (!r.success) {
    const problems = r.error.issues.map((i) => `  ${i.path.length ? i.path.join('.') : '(top level)'}: ${why(i)}`);
    throw new Error(`${file} is not a mail data file:\n${problems.join('\n')}`);
  }
  const mail = r.data;
  /** @type {string[]} */
  const problems = [];
  if (mail.id !== id) problems.push(`id: is ${JSON.stringify(mail.id)}, the file's name says "${id}"`);
  /** @type {Map<string, number>} */
  const seen = new Map();
  mail.figures.forEach((f, i) => {
    const key = figureKey(f);
    const first = seen.get(key);
    if (first !== undefined) problems.push(`figures.${i}: ${key} is figures.${first} again: a figure is given once`);
    else seen.set(key, i);
    if (f.range && !(f.range.min <= f.range.median && f.range.median <= f.range.max))
      problems.push(`figures.${i}.range: min <= median <= max does not hold`);
  });
  /** @type {Set<number>} */
  const rows = new Set();
  mail.rows.forEach((row, i) => {
    if (rows.has(row.row)) problems.push(`rows.${i}.row: row ${row.row} is given twice`);
    rows.add(row.row);
    try {
      rowFigures(mail, row);
    } catch (e) {
      problems.push(`rows.${i}: ${/** @type {Error} */ (e).message}`);
    }
  });
  if (problems.length) throw new Error(`${file} is not a mail data file:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return mail;
}
