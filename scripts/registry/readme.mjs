// @ts-check
/**
 * The documentation face of a lab: its page docs/labs/<id>.md, and the list
 * of labs in README.md. The list is the part of README.md between the
 * markers below, rewritten from mails/<id>.json (the id and order, and the
 * mail's title, citation and url where the file has them); the rest of
 * README.md is left as it is written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { banner, ROOT } from '../registry.mjs';

export const README = 'README.md';
export const BEGIN = '<!-- labs:begin -->';
export const END = '<!-- labs:end -->';

/** @type {import('../registry.mjs').Face} */
export const face = {
  name: 'documentation page',
  /* one file per lab rather than a folder: missingFaces() checks that it exists */
  dir: (id) => `docs/labs/${id}.md`,
};

/** What the list reads of a mail data file; the mail data's own schema holds the rest. */
const Citation = z.union([
  z.string().min(1),
  z.looseObject({
    author: z.string().min(1).optional(),
    list: z.string().min(1).optional(),
    date: z.string().min(1).optional(),
    subject: z.string().min(1).optional(),
    url: z.url().optional(),
  }),
]);
const MailEntry = z.looseObject({
  id: z.string(),
  title: z.string().min(1).optional(),
  citation: Citation.optional(),
  url: z.url().optional(),
});

/**
 * A mail data file's fields for the list, checked; an error names the file
 * and the field.
 * @param {string} id
 * @param {string} [root]
 * @returns {z.infer<typeof MailEntry>}
 */
export function mailEntry(id, root = ROOT) {
  const path = `mails/${id}.json`;
  const parsed = MailEntry.safeParse(JSON.parse(readFileSync(join(root, path), 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${path}: "${issue?.path.join('.')}" ${issue?.message ?? 'is not valid'} (title and url are strings, citation a string or {author, list, date, subject, url})`);
  }
  return parsed.data;
}

/** @param {z.infer<typeof Citation>} c */
function citationText(c) {
  if (typeof c === 'string') return c;
  return [c.author, c.list, c.date].filter(Boolean).join(', ');
}

/** Markdown's own characters in a title, escaped so that they print as written. @param {string} s */
const escape = (s) => s.replace(/([\\`*_[\]<>|])/g, '\\$1');

/**
 * One line of the list: the lab's page, then what the mail data file says
 * of the mail (its title, else its subject quoted; who, where and when; a
 * link to it), as much as it says.
 * @param {import('../registry.mjs').Lab} lab
 * @param {z.infer<typeof MailEntry>} mail
 */
export function labLine(lab, mail) {
  const url = mail.url ?? (typeof mail.citation === 'object' ? mail.citation.url : undefined);
  const cite = mail.citation === undefined ? '' : citationText(mail.citation);
  const subject = typeof mail.citation === 'object' ? mail.citation.subject : undefined;
  const name = mail.title ? escape(mail.title) : subject ? `"${escape(subject)}"` : '';
  const about = [name, cite ? `(${escape(cite)})` : ''].filter(Boolean).join(' ');
  const link = url ? `[the mail](${url})` : '';
  const tail = [about, link].filter(Boolean).join(', ');
  return `- [${lab.id}](docs/labs/${lab.id}.md)${tail ? `: ${tail}` : ''}`;
}

/**
 * The text with the part between the markers replaced by `list`; an error
 * when the markers are missing, doubled or out of order.
 * @param {string} text @param {string} list the lines between the markers
 */
export function replaceBetween(text, list) {
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (begin < 0 || end < 0 || end < begin || text.indexOf(BEGIN, begin + 1) >= 0 || text.indexOf(END, end + 1) >= 0)
    throw new Error(`${README} must hold the lines ${BEGIN} and ${END} once each, in that order: the labs' list is written between them`);
  return `${text.slice(0, begin + BEGIN.length)}\n${list}${text.slice(end)}`;
}

/**
 * README.md whole, its list of labs rewritten.
 * @param {import('../registry.mjs').Lab[]} labs
 * @returns {import('../registry.mjs').Generated[]}
 */
export function generate(labs) {
  const text = readFileSync(join(ROOT, README), 'utf8');
  const lines = labs.map((lab) => labLine(lab, mailEntry(lab.id)));
  return [{ path: README, content: replaceBetween(text, `${banner(README)}${lines.join('\n')}\n`) }];
}
