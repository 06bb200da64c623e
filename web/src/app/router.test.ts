import { describe, expect, it } from 'vitest';
import { buildHash, matchRoute, parseHash } from './router';
import { LAB_IDS } from '../labs/registry.gen';

const [LAB, OTHER] = LAB_IDS;

describe('parseHash', () => {
  it('reads the path and query inside the hash', () => {
    const h = parseHash(`#/lab/${LAB}?variant=after&ways=4`);
    expect(h.path).toBe(`/lab/${LAB}`);
    expect(h.query.get('ways')).toBe('4');
  });
  it('treats an empty hash as home', () => {
    expect(parseHash('').path).toBe('/');
    expect(parseHash('#').path).toBe('/');
    expect(parseHash('#/lab/x/').path).toBe('/lab/x');
  });

  it('reads a path as typed, where the browser percent-encoded it', () => {
    expect(parseHash('#/lab/%3Cimg%20src=x%3E?ways=4').path).toBe('/lab/<img src=x>');
    expect(parseHash('#/lab/%E0%A4%A').path).toBe('/lab/%E0%A4%A');
  });
});

describe('matchRoute', () => {
  it('matches home, labs and the rest', () => {
    expect(matchRoute('/')).toEqual({ name: 'home' });
    expect(matchRoute(`/lab/${LAB}`)).toEqual({ name: 'lab', id: LAB });
    expect(matchRoute('/nope')).toEqual({ name: 'not-found', path: '/nope' });
  });
  it('matches an embedded view of a lab', () => {
    expect(matchRoute(`/embed/${LAB}/heatmap`)).toEqual({ name: 'embed', id: LAB, view: 'heatmap' });
    expect(matchRoute(`/embed/${LAB}`)).toEqual({ name: 'not-found', path: `/embed/${LAB}` });
  });
  it("matches a lab's exercise page", () => {
    expect(matchRoute(`/exercise/${OTHER}`)).toEqual({ name: 'exercise', id: OTHER });
    expect(matchRoute('/exercise/')).toEqual({ name: 'not-found', path: '/exercise/' });
    expect(matchRoute('/exercise/a/b')).toEqual({ name: 'not-found', path: '/exercise/a/b' });
  });
  it('builds hashes back', () => {
    expect(buildHash('/lab/a', [['seed', '1']])).toBe('#/lab/a?seed=1');
    expect(buildHash('/')).toBe('#/');
  });
});
