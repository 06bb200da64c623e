import { describe, expect, it } from 'vitest';
import { embedSnippet, embedUrl } from './mode';
import { LAB_IDS } from '../../labs/registry.gen';

const [LAB] = LAB_IDS;

describe('embedUrl', () => {
  it('keeps the view of the page, but not presenter mode', () => {
    const url = embedUrl('http://h/app/', LAB, 'heatmap', [
      ['variant', 'side'],
      ['color', 'spin'],
      ['present', 'table'],
    ]);
    expect(url).toBe(`http://h/app/#/embed/${LAB}/heatmap?variant=side&color=spin`);
    expect(embedUrl('http://h/', 'x', 'mail', [])).toBe('http://h/#/embed/x/mail');
  });
});

describe('embedSnippet', () => {
  it('is an iframe of the address, its attributes escaped', () => {
    const s = embedSnippet('http://h/#/embed/x/mail?a=1&b="2"', 'x: the mail');
    expect(s).toBe(
      '<iframe src="http://h/#/embed/x/mail?a=1&amp;b=&quot;2&quot;" title="x: the mail" width="1024" height="640" style="border:0" loading="lazy"></iframe>',
    );
  });

  it('takes the size of its view where it was measured', () => {
    expect(embedSnippet('http://h/#/embed/x/animation', 'x: the animation', { width: 1264, height: 1151 })).toBe(
      '<iframe src="http://h/#/embed/x/animation" title="x: the animation" width="1264" height="1151" style="border:0" loading="lazy"></iframe>',
    );
  });
});
