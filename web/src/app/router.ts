/**
 * A tiny hash router: "#/" is the home page, "#/lab/<id>?k=v&..." a lab page,
 * "#/embed/<id>/<view>?k=v&..." one view of a lab page without the page
 * around it, for an iframe in slides, "#/exercise/<id>" the lab's exercise.
 * The query lives inside the hash so that a static file server (or a slide)
 * can hold any view of the app in one link.
 */
import { useEffect, useState } from 'react';

export type Route =
  | { name: 'home' }
  | { name: 'lab'; id: string }
  | { name: 'embed'; id: string; view: string }
  | { name: 'exercise'; id: string }
  | { name: 'not-found'; path: string };

export interface HashLocation {
  path: string;
  query: URLSearchParams;
}

/**
 * A path as typed: the browser percent-encodes some characters of a hash
 * (a space, quotes, angle brackets); a path that does not decode stays as
 * it is.
 */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Splits "#/lab/x?a=1" into its path and query; an empty hash is "/". */
export function parseHash(hash: string): HashLocation {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  const q = raw.indexOf('?');
  const pathPart = decodePath(q < 0 ? raw : raw.slice(0, q));
  const queryPart = q < 0 ? '' : raw.slice(q + 1);
  let path = pathPart === '' ? '/' : pathPart;
  if (!path.startsWith('/')) path = `/${path}`;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return { path, query: new URLSearchParams(queryPart) };
}

export function matchRoute(path: string): Route {
  if (path === '/') return { name: 'home' };
  const m = /^\/lab\/([a-z0-9-]+)$/.exec(path);
  if (m) return { name: 'lab', id: m[1] };
  const e = /^\/embed\/([a-z0-9-]+)\/([a-z0-9-]+)$/.exec(path);
  if (e) return { name: 'embed', id: e[1], view: e[2] };
  const x = /^\/exercise\/([a-z0-9-]+)$/.exec(path);
  if (x) return { name: 'exercise', id: x[1] };
  return { name: 'not-found', path };
}

/** Builds the hash for a path and ordered query pairs. */
export function buildHash(path: string, query?: Iterable<[string, string]>): string {
  const qs = query ? new URLSearchParams([...query]).toString() : '';
  return `#${path}${qs ? `?${qs}` : ''}`;
}

/**
 * Replaces the current hash without adding a history entry and without
 * firing hashchange (the caller already holds the state it encodes).
 */
export function replaceHash(hash: string): void {
  if (window.location.hash === hash) return;
  const url = `${window.location.pathname}${window.location.search}${hash}`;
  window.history.replaceState(window.history.state, '', url);
}

/**
 * Moves to a new hash with a history entry of its own (Back returns to the
 * one before), without firing hashchange (the caller already holds the
 * state it encodes).
 */
export function pushHash(hash: string): void {
  if (window.location.hash === hash) return;
  const url = `${window.location.pathname}${window.location.search}${hash}`;
  window.history.pushState(null, '', url);
}

/**
 * The current hash location, updated on hashchange (links, back, typing).
 * `changes` counts hashchange events, so that a page can tell a navigation
 * to the same text as before from no navigation at all.
 */
export function useHashLocation(): HashLocation & { hash: string; changes: number } {
  const [state, setState] = useState(() => ({ hash: window.location.hash, changes: 0 }));
  useEffect(() => {
    const onChange = () => setState((s) => ({ hash: window.location.hash, changes: s.changes + 1 }));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return { ...state, ...parseHash(state.hash) };
}
