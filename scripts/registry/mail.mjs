// @ts-check
/**
 * The mail face: each lab's mail data file, mails/<id>.json, is the one
 * source of its citation, links and figures. This module writes what
 * TypeScript and C take from it:
 *
 *   lib/mails.gen.ts                    every file, imported statically (tsx
 *                                       and Vite alike), for lib/mails.ts
 *   wasm-core/labs/<id>/<id>-mail.gen.h the lab's struct citation and the
 *                                       mail's members of each paper row,
 *                                       as initializers the lab's C tables use
 *
 * The C data is initializer macros, not objects of a .c file: a lab's
 * paper_row and citation tables are static initializers, which may only
 * hold constants. Every file is checked by lib/mail-schema.mjs first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { banner, ROOT } from '../registry.mjs';
import { mailOf, rowFigures } from '../../lib/mail-schema.mjs';

/** @typedef {import('../registry.mjs').Lab} Lab */
/** @typedef {import('../registry.mjs').Generated} Generated */
/** @typedef {import('../../lib/mail-schema.mjs').MailFile} MailFile */

/** The checked mail data file of a lab. @param {Lab} lab @returns {MailFile} */
export function readMail(lab) {
  const path = join(ROOT, 'mails', `${lab.id}.json`);
  let data;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`mails/${lab.id}.json is not JSON: ${/** @type {Error} */ (e).message}`);
  }
  return mailOf(lab.id, data);
}

/** The C header of a lab's mail data, relative to the root. @param {Lab} lab */
export const headerPath = (lab) => `wasm-core/labs/${lab.id}/${lab.id}-mail.gen.h`;

/**
 * A C string literal. Bytes outside printable ASCII are written as
 * three-digit octal escapes, which cannot swallow a following character.
 * @param {string | null | undefined} s
 */
export function cString(s) {
  if (s === null || s === undefined) return 'NULL';
  let out = '"';
  for (const byte of Buffer.from(s, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (byte >= 0x20 && byte < 0x7f) out += ch;
    else out += `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `${out}"`;
}

/** A C double constant: the shortest decimal that reads back as the same double. @param {number} v */
export function cDouble(v) {
  if (Number.isNaN(v)) return 'NAN';
  if (!Number.isFinite(v)) throw new Error(`${v} has no place in a mail's figures`);
  const s = String(v);
  return /[.e]/.test(s) ? s : `${s}.0`;
}

/** @param {Lab} lab @param {MailFile} mail @returns {string} */
function header(lab, mail) {
  const path = headerPath(lab);
  const guard = `JC_MAIL_${lab.macro}_GEN_H`;
  const c = mail.citation;
  const cite = [
    `#define MAIL_${lab.macro}_CITATION { \\`,
    `\t.author = ${cString(c.author)}, \\`,
    `\t.list = ${cString(c.list)}, \\`,
    `\t.date = ${cString(c.date)}, \\`,
    `\t.subject = ${cString(c.subject)}, \\`,
    `\t.url = ${cString(c.url)}, \\`,
    `\t.commit = ${cString(c.commit ?? '')}, \\`,
    '}',
  ];
  const rows = mail.rows.flatMap((row) => {
    const f = rowFigures(mail, row);
    const [before, after] = row.variants ?? [null, null];
    return [
      '',
      `/* row ${row.row}: ${row.metric}, ${f.variants.join(' -> ')}${f.change_pct === null ? '' : ', a stated change only'} */`,
      `#define MAIL_${lab.macro}_ROW_${row.row} \\`,
      `\t.row = ${row.row}, .label = ${cString(row.label)}, \\`,
      `\t.before = ${cDouble(f.before)}, .after = ${cDouble(f.after)}, \\`,
      `\t.before_variant = ${cString(before)}, .after_variant = ${cString(after)}, \\`,
      `\t.metric = ${cString(row.metric)}, .change_pct = ${cDouble(f.change_pct ?? 0)}`,
    ];
  });
  return [
    banner(path).trimEnd(),
    '/*',
    ` * The ${lab.id} mail's citation and the mail's part of each paper row, from`,
    ` * mails/${lab.id}.json: MAIL_${lab.macro}_CITATION initializes a struct`,
    ` * citation, MAIL_${lab.macro}_ROW_<n> the members of a struct paper_row`,
    ' * but its params and note, which are the model\'s (the lab\'s source).',
    ' * A row with no variants leaves them NULL: the lab\'s first and last.',
    ' */',
    `#ifndef ${guard}`,
    `#define ${guard}`,
    '',
    '#include <math.h>',
    '#include <stddef.h>',
    '',
    ...cite,
    ...rows,
    '',
    `#define MAIL_${lab.macro}_NR_ROWS ${mail.rows.length}`,
    '',
    `#endif /* ${guard} */`,
    '',
  ].join('\n');
}

/** lib/mails.gen.ts: every mail data file, imported statically, in the labs' order. @param {Lab[]} labs */
function typescript(labs) {
  const path = 'lib/mails.gen.ts';
  const name = (/** @type {Lab} */ lab) => `mail_${lab.symbol}`;
  return [
    banner(path).trimEnd(),
    '/** The labs\' mail data files (mails/<id>.json), as read; lib/mails.ts checks and serves them. */',
    ...labs.map((lab) => `import ${name(lab)} from '../mails/${lab.id}.json' with { type: 'json' };`),
    '',
    '/** The labs, in their order (each mails/<id>.json\'s "order"). */',
    `export const MAIL_LAB_IDS = [${labs.map((l) => `'${l.id}'`).join(', ')}] as const;`,
    '',
    'export type MailLabId = (typeof MAIL_LAB_IDS)[number];',
    '',
    '/** Each lab\'s file, unchecked. */',
    'export const MAIL_FILES: { readonly [K in MailLabId]: unknown } = {',
    ...labs.map((lab) => `  '${lab.id}': ${name(lab)},`),
    '};',
    '',
  ].join('\n');
}

/** @param {Lab[]} labs @returns {Generated[]} */
export function generate(labs) {
  const mails = labs.map((lab) => ({ lab, mail: readMail(lab) }));
  return [
    { path: 'lib/mails.gen.ts', content: typescript(labs) },
    ...mails.map(({ lab, mail }) => ({ path: headerPath(lab), content: header(lab, mail) })),
  ];
}
