/**
 * The labs' list in README.md (scripts/registry/readme.mjs): written between
 * its markers from mails/<id>.json, the rest of README.md untouched.
 */
import { describe, expect, it } from 'vitest';
import { labOf, labs } from '../../scripts/registry.mjs';
import { BEGIN, END, generate, labLine, mailEntry, replaceBetween } from '../../scripts/registry/readme.mjs';

describe("README.md's list of labs", () => {
  it('replaces only what is between the markers', () => {
    const text = `# t\n\nabove\n${BEGIN}\nold 1\nold 2\n${END}\nbelow\n`;
    expect(replaceBetween(text, 'new\n')).toBe(`# t\n\nabove\n${BEGIN}\nnew\n${END}\nbelow\n`);
  });

  it('refuses a README without its two markers once each, in order', () => {
    for (const text of ['no markers', `${BEGIN}\nx\n`, `${END}\n${BEGIN}\n`, `${BEGIN}\n${END}\n${BEGIN}\n${END}\n`])
      expect(() => replaceBetween(text, '')).toThrow(/README\.md must hold the lines <!-- labs:begin --> and <!-- labs:end --> once each/);
  });

  it("links each lab's page, with what its mail data file says of the mail (a made-up lab)", () => {
    const lab = labOf('page-cache', 1);
    expect(labLine(lab, { id: 'page-cache' })).toBe('- [page-cache](docs/labs/page-cache.md)');
    expect(
      labLine(lab, {
        id: 'page-cache',
        title: 'lab_page_cache scalability',
        citation: { author: 'A. Author', list: 'linux-ext4', date: '2022-02-21', url: 'https://lore.kernel.org/x/' },
      }),
    ).toBe('- [page-cache](docs/labs/page-cache.md): lab\\_page\\_cache scalability (A. Author, linux-ext4, 2022-02-21), [the mail](https://lore.kernel.org/x/)');
    expect(
      labLine(lab, {
        id: 'page-cache',
        citation: { author: 'A. Author', list: 'linux-ext4', date: '2022-02-21', subject: '[PATCH 0/1] ext4: faster', url: 'https://lore.kernel.org/x/' },
      }),
    ).toBe('- [page-cache](docs/labs/page-cache.md): "\\[PATCH 0/1\\] ext4: faster" (A. Author, linux-ext4, 2022-02-21), [the mail](https://lore.kernel.org/x/)');
    expect(labLine(lab, { id: 'page-cache', citation: 'A. Author, 2022', url: 'https://example.org/m' })).toBe(
      '- [page-cache](docs/labs/page-cache.md): (A. Author, 2022), [the mail](https://example.org/m)',
    );
  });

  it('is the whole README.md, its list one line a lab in their order', () => {
    const all = labs();
    const [readme] = generate(all);
    expect(readme!.path).toBe('README.md');
    const between = readme!.content.split(BEGIN)[1]!.split(END)[0]!;
    const lines = between.split('\n').filter((l) => l.startsWith('- '));
    expect(lines.map((l) => /^- \[([a-z0-9-]+)\]/.exec(l)?.[1])).toEqual(all.map((l) => l.id));
    for (const lab of all) mailEntry(lab.id);
  });
});
