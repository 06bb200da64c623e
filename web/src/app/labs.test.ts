import { describe, expect, it } from 'vitest';
import { MAIL_LAB_IDS } from '../../../lib/mails';
import { LAB_IDS } from '../labs/registry.gen';
import { findLab, LABS } from './labs';

describe('the lab registry', () => {
  it('has every lab of the generated registry, in its order, each with its mail', () => {
    expect(LABS.map((l) => l.id)).toEqual([...LAB_IDS]);
    expect(LABS.map((l) => l.id)).toEqual([...MAIL_LAB_IDS]);
  });

  it('gives every card its words, its headline, its mail line and its page', () => {
    for (const lab of LABS) {
      for (const text of [lab.title, lab.change, lab.headline]) expect(text.length, lab.id).toBeGreaterThan(5);
      expect(lab.mail, lab.id).toMatch(/^.+, [a-z0-9-]+, \d{4}$/);
      expect(typeof lab.page).toBe('function');
      expect(findLab(lab.id)).toBe(lab);
    }
    expect(findLab('no-such-lab')).toBeUndefined();
  });
});
