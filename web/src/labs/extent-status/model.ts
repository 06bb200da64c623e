/**
 * The animation's pure half: where each run of the focus inode's tree
 * falls along the file, what the inode list's head shows for the variant,
 * how the page cache splits, and what each shrinker is doing. Drawing lives
 * in ExtentTreeView.tsx.
 */
import { formatNumber } from '../../../../lib/format';
import type { EsFocus, EsListEntry, EsPages, EsRun, EsShrinker, EsState, EsVariant } from './schema';

/** baseline and es-cache keep the 3.18 LRU list: hits stamp the inode, the shrinker skips the new ones and sorts. */
export function isLruVariant(v: EsVariant): boolean {
  return v === 'baseline' || v === 'es-cache';
}

/** es-ilist and es-gc keep per-inode lists of reclaimable extents (es-gc two of them). */
export function hasReclaimLists(v: EsVariant): boolean {
  return v === 'es-ilist' || v === 'es-gc';
}

/** How each variant reclaims, in a line. */
export const VARIANT_WORDS: Readonly<Record<EsVariant, string>> = {
  baseline: '3.18: LRU list, skip new inodes, sort; walk each tree from its first extent',
  'es-cache': '+ holes cached on the delalloc path (the EOF hole is reclaimable)',
  'es-slist': '+ round robin over the inodes, s_es_lock dropped per inode',
  'es-ilist': '+ a per-inode list of reclaimable extents (never merged)',
  'es-gc': '+ inactive and active lists with an ACCESSED flag (never merged)',
  upstream: '6.12: round robin, 128 scanned per call, resume position, REFERENCED bit',
};

/** One run placed along the file: x and width in pixels from the bar's left. */
export interface PlacedRun {
  run: EsRun;
  x: number;
  w: number;
  /** the run lies past the file's end (the EOF hole): drawn in the tail box */
  tail: boolean;
}

export interface TreeLayout {
  runs: PlacedRun[];
  /** the blocks the bar spans: [0, end) */
  end: number;
  /** pixels of the bar for blocks [0, end) */
  barW: number;
  /** pixels of the tail box past the bar (beyond end), 0 when nothing lies there */
  tailW: number;
  /** pixel of a block, on the bar (blocks >= end sit at the tail box's start) */
  xOf(lblk: number): number;
  /** blocks in [0, end) that no run covers: not cached (never looked up, or reclaimed) */
  uncached: number;
}

/** The tail box's width: where the EOF hole and anything else past the file's end are drawn. */
export const TAIL_W = 64;
/** A run at least this long reaches the end of the block space: an EOF hole, not a file's content. */
export const OPEN_ENDED = 2 ** 30;
/** The narrowest a run is drawn, so that a one-block run among thousands still shows. */
export const MIN_RUN_W = 1.5;

/**
 * The focus inode's runs along a bar `width` pixels wide: blocks 0 to the
 * file's size (or the last run that starts inside it) linearly, and a tail
 * box for what lies past the end, such as the hole from EOF to the last
 * possible block that es-cache and later cache on every append.
 */
export function treeLayout(focus: EsFocus, width: number): TreeLayout {
  const finiteEnd = focus.runs.filter((r) => r.len < OPEN_ENDED).reduce((m, r) => Math.max(m, r.lblk + r.len), 0);
  const end = Math.max(1, focus.size > 0 ? focus.size : finiteEnd);
  const hasTail = focus.runs.some((r) => r.lblk + r.len > end);
  const tailW = hasTail ? TAIL_W : 0;
  const barW = Math.max(20, width - tailW - (hasTail ? 6 : 0));
  const k = barW / end;
  const xOf = (lblk: number) => (lblk >= end ? barW + (hasTail ? 6 : 0) : lblk * k);
  let covered = 0;
  const runs: PlacedRun[] = [];
  for (const run of focus.runs) {
    if (run.lblk >= end) {
      runs.push({ run, x: barW + 6, w: tailW, tail: true });
      continue;
    }
    const stop = Math.min(run.lblk + run.len, end);
    covered += stop - run.lblk;
    runs.push({ run, x: run.lblk * k, w: Math.max(MIN_RUN_W, (stop - run.lblk) * k), tail: false });
    if (run.lblk + run.len > end) runs.push({ run, x: barW + 6, w: tailW, tail: true });
  }
  return { runs, end, barW, tailW, xOf, uncached: Math.max(0, end - covered) };
}

/**
 * What the bar aggregates, in one line: the whole tree at its scale, and
 * which runs are drawn when the snapshot listed only some of them.
 */
export function treeCaption(focus: EsFocus, layout: Pick<TreeLayout, 'end' | 'barW'>): string {
  const per = layout.end / Math.max(1, layout.barW);
  const scale = per < 1 ? '1 px < 1 block' : `1 px ≈ ${formatNumber(per >= 10 ? Math.round(per) : Number(per.toFixed(1)))} blocks`;
  const whole = `block ${formatNumber(layout.end)} · bar = all ${formatNumber(focus.nr_extents)} extents in ${formatNumber(focus.runs_of)} runs, ${scale}`;
  if (!focus.runs_truncated) return whole;
  const last = focus.runs_from + focus.runs.length - 1;
  return `${whole}; drawn: runs #${formatNumber(focus.runs_from)}–#${formatNumber(last)}${focus.cursor >= 0 ? ', around the shrinker' : ''}`;
}

/** The focus inode's extents by status, from its runs. */
export function extentCounts(focus: EsFocus): Record<EsRun['status'], number> & { referenced: number } {
  const out = { written: 0, unwritten: 0, delayed: 0, hole: 0, referenced: 0 };
  for (const r of focus.runs) {
    out[r.status] += r.extents;
    out.referenced += r.referenced;
  }
  return out;
}

/** How an entry of the inode list's head is drawn. */
export interface ListCell {
  entry: EsListEntry;
  /** baseline, es-cache: hit since the last sort, so the next scan skips it */
  skipped: boolean;
  /** a shrinker is reclaiming from it now */
  scanned: boolean;
  /** the inode the animation's tree shows */
  focus: boolean;
  /** nothing reclaimable: the shrinker frees nothing here (3.18 kept such inodes on the list) */
  empty: boolean;
}

/** The list's head as the variant's shrinker sees it. */
export function listCells(es: EsState): ListCell[] {
  const lru = isLruVariant(es.variant);
  const scanning = new Set(es.shrinkers.filter((s) => s.ino >= 0).map((s) => s.ino));
  return es.list.head.map((entry) => ({
    entry,
    skipped: lru && entry.new,
    scanned: scanning.has(entry.ino),
    focus: es.focus?.ino === entry.ino,
    empty: entry.shk === 0,
  }));
}

/** What the list's caption says of the variant's order. */
export function listWords(es: EsState): string {
  const n = es.list.nr;
  if (isLruVariant(es.variant)) {
    const skipped = es.list.head.filter((e) => e.new).length;
    return `${n} inodes in LRU order; ${skipped} of the first ${es.list.head.length} were hit since the last sort and are skipped · sorted ${es.list.sorts}×`;
  }
  return `${n} inodes, round robin: the shrinker takes the head and moves it to the tail`;
}

/** A share of the page cache, in drawing order. */
export interface PageSegment {
  key: 'free' | 'clean' | 'dirty' | 'writeback' | 'other';
  pages: number;
}

/** Memory split into free, clean, dirty, under writeback and the rest (the kernel's own, anonymous). */
export function pageSegments(p: EsPages): PageSegment[] {
  const other = Math.max(0, p.mem - p.free - p.clean - p.dirty - p.writeback);
  return [
    { key: 'free', pages: p.free },
    { key: 'clean', pages: p.clean },
    { key: 'dirty', pages: p.dirty },
    { key: 'writeback', pages: p.writeback },
    { key: 'other', pages: other },
  ];
}

export const PHASE_WORDS: Readonly<Record<EsShrinker['phase'], string>> = {
  spin: 'spins on s_es_lock',
  walk: 'walks the inode list',
  sort: 'sorts the inode list under s_es_lock',
  reclaim: 'reclaims extents',
};

/** One line per shrinker: who, where and how far its budget went. */
export function shrinkerText(s: EsShrinker): string {
  const at = s.ino >= 0 ? ` · inode ${s.ino}${s.lblk >= 0 ? ` block ${s.lblk}` : ''}` : '';
  return `T${s.task} cpu ${s.cpu} ${PHASE_WORDS[s.phase]}${at} · freed ${s.freed} · budget left ${s.nr_to_scan}`;
}

/** Why the tree shown is this inode's. */
export function focusWords(focus: EsFocus): string {
  switch (focus.why) {
    case 'shrinker':
      return 'a shrinker stands in it';
    case 'last':
      return 'the last inode reclaimed from';
    case 'first':
      return 'the first inode on the list';
  }
}

/** The legend's items for a variant: only es-gc and upstream mark used extents and spare them. */
export function legendItems(variant: EsVariant): [cls: string, text: string][] {
  const aging = variant === 'es-gc' || variant === 'upstream';
  return [
    ['es-run written', 'written'],
    ['es-run delayed', 'delayed'],
    ['es-run hole', 'hole'],
    ...(aging ? ([['es-run written referenced', 'recently used']] as [string, string][]) : []),
    ['es-uncached', 'not cached'],
    ['es-trail free', 'freed'],
    ['es-trail keep', 'walked past'],
    ...(aging ? ([['es-trail age', 'spared']] as [string, string][]) : []),
  ];
}
