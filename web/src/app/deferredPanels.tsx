/**
 * The lab page's panels below its first screen, fetched once the animation
 * is drawn (viz/deferred.tsx): where the CPUs wait, the questions, the
 * mail's table and the kernel run. Each takes the props of the panel it
 * loads; until it is here a line says it is loading.
 */
import { deferred } from '../viz/deferred';
import type { ContentionSectionProps } from './ContentionSection';
import type { PaperSectionProps } from './PaperSection';
import type { QuestionsPanelProps } from './questions/QuestionsPanel';
import type { ReproducePanelProps } from '../viz/kernel/ReproducePanel';

export const ContentionSection = deferred<ContentionSectionProps>(
  () => import('./ContentionSection').then((m) => m.ContentionSection),
  { what: 'the heatmaps' },
);

export const QuestionsPanel = deferred<QuestionsPanelProps>(() => import('./questions/QuestionsPanel').then((m) => m.QuestionsPanel), {
  what: 'the questions',
});

export const PaperSection = deferred<PaperSectionProps>(() => import('./PaperSection').then((m) => m.PaperSection), {
  what: "the mail's table",
});

export const ReproducePanel = deferred<ReproducePanelProps>(() => import('../viz/kernel/ReproducePanel').then((m) => m.ReproducePanel), {
  what: 'the kernel run',
});
