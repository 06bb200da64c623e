import { describe, expect, it } from 'vitest';
import { buildHash, matchRoute, parseHash } from './router';

describe('parseHash', () => {
  it('reads the path and query inside the hash', () => {
    const h = parseHash('#/lab/fast-commit?variant=after&ways=4');
    expect(h.path).toBe('/lab/fast-commit');
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
    expect(matchRoute('/lab/fast-commit')).toEqual({ name: 'lab', id: 'fast-commit' });
    expect(matchRoute('/nope')).toEqual({ name: 'not-found', path: '/nope' });
  });
  it('matches an embedded view of a lab', () => {
    expect(matchRoute('/embed/fast-commit/heatmap')).toEqual({ name: 'embed', id: 'fast-commit', view: 'heatmap' });
    expect(matchRoute('/embed/fast-commit')).toEqual({ name: 'not-found', path: '/embed/fast-commit' });
  });
  it("matches a lab's exercise page", () => {
    expect(matchRoute('/exercise/inode-hash')).toEqual({ name: 'exercise', id: 'inode-hash' });
    expect(matchRoute('/exercise/')).toEqual({ name: 'not-found', path: '/exercise/' });
    expect(matchRoute('/exercise/a/b')).toEqual({ name: 'not-found', path: '/exercise/a/b' });
  });
  it('builds hashes back', () => {
    expect(buildHash('/lab/a', [['seed', '1']])).toBe('#/lab/a?seed=1');
    expect(buildHash('/')).toBe('#/');
  });
});
