import { describe, expect, it } from 'vitest';
import { citationText } from './format';
import { MAIL_LAB_IDS, MAILS, mailFigure, mailFigures, mailLinks, mailRowChange, mailValue } from './mails';

/* lib/mails.ts serves every lab alike: the registry's first shows it; each lab's figures are held in web/src/labs/<id>/mail.test.ts */
const FIRST = MAIL_LAB_IDS[0];

describe('MAILS', () => {
  it('has every lab, each under its own id, with a complete citation', () => {
    expect(Object.keys(MAILS).sort()).toEqual([...MAIL_LAB_IDS].sort());
    for (const id of MAIL_LAB_IDS) {
      const { lab, cite, figures } = MAILS[id];
      expect(lab).toBe(id);
      expect(cite.date, id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(cite.date)), id).toBe(false);
      expect(cite.url, id).toMatch(/^https:\/\//);
      expect(cite.author && cite.list && cite.subject, id).toBeTruthy();
      if (cite.commit !== undefined) expect(cite.commit, id).toMatch(/^[0-9a-f]{12}$/);
      expect(figures.length, id).toBeGreaterThan(0);
    }
  });

  it('names every figure once: no two share metric, variant and where', () => {
    for (const id of MAIL_LAB_IDS) {
      const keys = MAILS[id].figures.map((f) => JSON.stringify([f.metric, f.variant, Object.entries(f.where).sort()]));
      expect(new Set(keys).size, id).toBe(keys.length);
      for (const f of MAILS[id].figures) expect(Number.isFinite(f.value), `${id} ${f.metric}`).toBe(true);
    }
  });

  it('cannot be changed by a reader', () => {
    const f = MAILS[FIRST].figures[0];
    expect(() => {
      (f as { value: number }).value = 0;
    }).toThrow();
    expect(Object.isFrozen(MAILS[FIRST].cite)).toBe(true);
  });
});

describe('mailFigures', () => {
  it('filters by metric, and gives every figure unfiltered', () => {
    const first = MAILS[FIRST].figures[0]!;
    expect(mailFigures(FIRST, { metric: first.metric, variant: first.variant, where: first.where })).toEqual([first]);
    expect(mailFigures(FIRST, { metric: 'nope' })).toEqual([]);
    expect(mailFigures(FIRST).length).toBe(MAILS[FIRST].figures.length);
  });

  it('returns copies of the list, not the list', () => {
    const a = mailFigures(FIRST);
    a.pop();
    expect(mailFigures(FIRST).length).toBe(a.length + 1);
  });

  it('mailFigure finds one figure or none', () => {
    const first = MAILS[FIRST].figures[0]!;
    expect(mailFigure(FIRST, { metric: first.metric, variant: first.variant, where: first.where })?.value).toBe(first.value);
    expect(mailFigure(FIRST, { metric: 'nope', variant: first.variant })).toBeUndefined();
  });
});

describe('citations', () => {
  it('read as the pages print them', () => {
    for (const id of MAIL_LAB_IDS) expect(citationText(MAILS[id].cite), id).toContain(MAILS[id].cite.date.slice(0, 4));
  });
});

describe('mailValue', () => {
  it('gives the figures a reader names, and names the file when one is missing', () => {
    const first = MAILS[FIRST].figures[0]!;
    expect(mailValue(FIRST, first.metric, first.variant, first.where)).toBe(first.value);
    expect(() => mailValue(FIRST, 'nope', first.variant)).toThrow(`mails/${FIRST}.json has no figure nope of ${first.variant}`);
  });
});

describe('rows and links', () => {
  it('give the links a page names, and refuse a name the file lacks', () => {
    for (const id of MAIL_LAB_IDS) {
      const names = Object.keys(MAILS[id].links);
      for (const url of Object.values(MAILS[id].links)) expect(url, id).toMatch(/^https:\/\//);
      expect(mailLinks(id, names)).toEqual(MAILS[id].links);
      expect(() => mailLinks(id, ['nope'])).toThrow(`mails/${id}.json has no link "nope"; its links: ${names.join(', ')}`);
    }
  });
});

describe('mailRowChange', () => {
  it('gives no change for a row the mail lacks', () => {
    expect(mailRowChange(FIRST, 99)).toBeUndefined();
  });
});
