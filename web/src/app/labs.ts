/**
 * The labs of journalclub, in their order (web/src/labs/registry.gen.ts,
 * generated from the labs' folders): each lab's home card, from its card.ts,
 * and its page (web/src/labs/<id>), loaded when it is opened (both listed
 * by web/src/labs/pages.gen.ts).
 */
import { MAILS } from '../../../lib/mails';
import { LAB_CARDS, LAB_PAGES, type PageLoader } from '../labs/pages.gen';
import { LAB_IDS, type LabId } from '../labs/registry.gen';

export type { PageLoader };

export interface LabEntry {
  id: LabId;
  title: string;
  /** one line: what the patch changes */
  change: string;
  /** the figure the lab reproduces */
  headline: string;
  /** who wrote the mail, where and the year */
  mail: string;
  /** the lab's simulator page */
  page: PageLoader;
  /**
   * Every lab has its simulator page: always 'live'. tests/e2e/home.spec.ts
   * and kernel-panel.spec.ts still compare it with 'coming', the status of
   * the page-less labs there were, so the type keeps that name until they
   * drop it.
   */
  status: 'live' | 'coming';
}

/** Who wrote the mail, where and the year: "Zheng Liu, linux-ext4, 2014". */
function mailLine(lab: LabId): string {
  const c = MAILS[lab].cite;
  return `${c.author}, ${c.list}, ${c.date.slice(0, 4)}`;
}

export const LABS: readonly LabEntry[] = LAB_IDS.map((id) => {
  const card = LAB_CARDS[id];
  return { id, title: card.title, change: card.change, headline: card.headline(), mail: mailLine(id), page: LAB_PAGES[id], status: 'live' };
});

export function findLab(id: string): LabEntry | undefined {
  return LABS.find((l) => l.id === id);
}
