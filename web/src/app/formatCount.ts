/**
 * Whole numbers with thousands separators, as `n.toLocaleString('en-US')`
 * writes them. One formatter for the page: toLocaleString builds a new one
 * on every call, which shows while the animation renders every frame.
 */
const EN_US = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return EN_US.format(n);
}
