/**
 * Motion the reader allows: with prefers-reduced-motion set, scrolling jumps
 * and nothing animates (the stylesheet turns CSS transitions off; script that
 * moves things asks here).
 */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** How to scroll to something: smoothly, unless the reader asked for less motion. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}
