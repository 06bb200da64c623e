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

/** An iframe's size, CSS px. */
export interface EmbedSize {
  width: number;
  height: number;
}

/** The size a snippet takes when its view could not be measured. */
export const DEFAULT_EMBED_SIZE: EmbedSize = { width: 1024, height: 640 };

/** What an embed's page adds around its view: .embed-main's padding (0.5rem a side), and a few px for rounding. */
const EMBED_CHROME = 24;

/** An element's box with its margins, top and bottom, in the window's coordinates. */
function marginBox(el: Element): { top: number; bottom: number } | null {
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return null;
  const style = getComputedStyle(el);
  return { top: r.top - parseFloat(style.marginTop || '0'), bottom: r.bottom + parseFloat(style.marginBottom || '0') };
}

/**
 * The size of a share bar's view as the page draws it: the panel the bar
 * is in (in its heading) with the sections right before it that are not
 * panels (the lesson strip over the animation), else what follows the bar up to the next bar (or
 * its box's end), margins included; as wide as the box the view stands in.
 * An iframe of that size (with the embed page's margins) lays the view out
 * at the same width, so it shows it whole; null when there is nothing.
 */
export function viewSize(bar: Element): EmbedSize | null {
  const panel = bar.closest('.panel');
  const parts: Element[] = [];
  if (panel) {
    parts.push(panel);
    /* the sections right before the panel that introduce it (the lesson over the animation) are in its embed too */
    for (let el = panel.previousElementSibling; el && el.tagName === 'SECTION' && !el.classList.contains('panel'); el = el.previousElementSibling)
      parts.push(el);
  } else for (let el = bar.nextElementSibling; el && !el.classList.contains('share-bar'); el = el.nextElementSibling) parts.push(el);
  const box = (panel ?? bar).parentElement;
  const boxes = parts.flatMap((el) => marginBox(el) ?? []);
  if (!box || boxes.length === 0) return null;
  const top = Math.min(...boxes.map((b) => b.top));
  const bottom = Math.max(...boxes.map((b) => b.bottom));
  return { width: Math.ceil(box.clientWidth + EMBED_CHROME), height: Math.ceil(bottom - top + EMBED_CHROME) };
}

/** The HTML that puts an embed on a slide or a page, sized to its view (viewSize) where it was measured. */
export function embedSnippet(url: string, title: string, size: EmbedSize = DEFAULT_EMBED_SIZE): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${escape(url)}" title="${escape(title)}" width="${size.width}" height="${size.height}" style="border:0" loading="lazy"></iframe>`;
}
