/**
 * How a lab page is drawn: whole, or (an embed, #/embed/<lab>/<view>) one
 * of its views alone, without the app's header, for an iframe in slides.
 */
import { createContext, useContext } from 'react';

export interface PageMode {
  /** the view an embed shows, as the route names it (checked by the lab page against its views) */
  embed: string | null;
}

export const PageModeContext = createContext<PageMode>({ embed: null });

export function usePageMode(): PageMode {
  return useContext(PageModeContext);
}

/** The address of a lab view's embed, with the page's query (the presenter view left out). */
export function embedUrl(base: string, lab: string, view: string, query: Iterable<[string, string]>): string {
  const q = new URLSearchParams([...query].filter(([k]) => k !== 'present')).toString();
  return `${base}#/embed/${lab}/${view}${q ? `?${q}` : ''}`;
}

/** The HTML that puts an embed on a slide or a page. */
export function embedSnippet(url: string, title: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${escape(url)}" title="${escape(title)}" width="1024" height="640" style="border:0" loading="lazy"></iframe>`;
}
