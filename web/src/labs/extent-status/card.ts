/** The extent-status lab's card on the home page: what the patch changes, and the mail's figure it reproduces. */
import { COUNT_WORDS, mailValue } from '../../app/cardText';
import type { LabCard } from '../face';

export const card: LabCard = {
  title: 'ext4 extent status shrinker',
  change: 'LRU → round robin, reclaim lists, aging, hole caching',
  headline() {
    const a = { case: 'a' };
    const scan = (v: string) => Math.round(mailValue('extent-status', 'avg_scan_us', v, a));
    const orders = Math.floor(Math.log10(mailValue('extent-status', 'hits', 'es-gc', a) / mailValue('extent-status', 'hits', 'baseline', a)));
    return `average scan time ${scan('baseline')} → ${scan('es-ilist')} µs (case a), cache hits up by ${COUNT_WORDS[orders]} orders`;
  },
};
