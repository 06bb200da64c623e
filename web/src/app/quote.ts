/**
 * How a message on the page quotes what a user typed (a URL's value or
 * path): whole when short, else its first characters and an ellipsis, so a
 * huge input never fills the page. Kept apart from urlState so that the
 * home page's chunk does not pull in the URL parser to quote a path.
 */

/** The longest text a message quotes whole; a longer one is cut to its first QUOTE_PREFIX characters. */
export const QUOTE_MAX = 64;
export const QUOTE_PREFIX = 32;

/** @text as a message quotes it. */
export function quote(text: string): string {
  return text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_PREFIX)}…` : text;
}
