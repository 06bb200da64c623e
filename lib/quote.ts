/**
 * How a message quotes what a user typed (an argument on the command line,
 * a URL's value or path on the page): whole when short, else its first
 * characters and an ellipsis, so that a huge input never fills a terminal
 * or a page. A module of its own, so that the home page's chunk does not
 * pull in the URL parser to quote a path.
 */

/** The longest text a message quotes whole; a longer one is cut to its first QUOTE_PREFIX characters. */
export const QUOTE_MAX = 64;
export const QUOTE_PREFIX = 32;

/** @text as a message quotes it. */
export function quote(text: string): string {
  return text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_PREFIX)}…` : text;
}
