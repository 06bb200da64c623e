/**
 * The views a lab is presented as, in the order a talk goes through them:
 * the mail in short, the mechanism (the lab's own sections, where it has
 * them), the animation (the lesson's moments), the run's table beside the
 * mail's, which the moments explain, the heatmaps, and the kernel run. Presenter mode shows one at a time
 * (present=<view> in the URL); an embed shows one chrome-less (#/embed/<lab>/<view>).
 */

export const PRESENT_VIEWS = ['mail', 'mechanism', 'animation', 'table', 'heatmap', 'kernel'] as const;
export type PresentView = (typeof PRESENT_VIEWS)[number];

/** What the presenter bar and the share buttons call each view. */
export const PRESENT_LABELS: Readonly<Record<PresentView, string>> = {
  mail: 'the mail',
  mechanism: 'the mechanism',
  animation: 'the animation',
  heatmap: 'the heatmaps',
  table: 'the table',
  kernel: 'the kernel run',
};

export function isPresentView(v: string): v is PresentView {
  return (PRESENT_VIEWS as readonly string[]).includes(v);
}

/** The views a lab has: all of them, the mechanism only when the lab has sections of its own. */
export function labViews(hasSections: boolean): PresentView[] {
  return PRESENT_VIEWS.filter((v) => v !== 'mechanism' || hasSections);
}

/** The view `delta` places on from `view` in `views`, held at the first and the last. */
export function stepView(views: readonly PresentView[], view: PresentView, delta: number): PresentView {
  const i = Math.max(0, views.indexOf(view));
  return views[Math.max(0, Math.min(views.length - 1, i + delta))]!;
}
