/**
 * One variant at one step: the extent status tree of one inode drawn in
 * block order (written, delayed and hole runs, the EOF hole past the end,
 * what reclaim left uncached), the shrinker's cursor and its recent trail,
 * upstream's resume position; the per-inode reclaim lists of es-ilist and
 * es-gc; the head of the inode list as the variant's shrinker walks it;
 * every shrinker's phase; s_es_lock; the page cache; and every task.
 */
import { memo, useMemo } from 'react';
import { formatNumber } from '../../../../lib/format';
import type { PaneProps } from '../../app/LabPage';
import { CHIP_H, chipLayout, LOCK_H, LockRow, TaskChipGrid } from '../../viz/tasks/TaskChips';
import { CHAR_W, FitText } from '../../viz/text/FitText';
import { useViewFrame, ViewFrame, ViewHead } from '../../viz/frame/ViewFrame';
import {
  extentCounts,
  focusWords,
  hasReclaimLists,
  isLruVariant,
  legendItems,
  listCells,
  listWords,
  pageSegments,
  shrinkerText,
  treeCaption,
  treeLayout,
  VARIANT_WORDS,
  type ListCell,
} from './model';
import type { EsFocus, EsShrinker, EsSnapshot, EsState } from './schema';
import { cursorTrail, describeEsStep } from './steps';

const PAD = 10;
const HEAD_H = 40;
const LABEL_H = 18;
const TRAIL_H = 10;
const BAR_H = 26;
const AXIS_H = 16;
const CHIP_LIST_H = 18;
const LIST_BOX_W = 46;
const LIST_BOX_H = 30;
const LIST_GAP = 4;
const SHRINKER_H = 20;
const PAGES_H = 16;
const STATS_H = 18;
/** lblk chips drawn per reclaim list */
const RECLAIM_CHIPS = 32;

export type ExtentTreeViewProps = PaneProps<EsSnapshot>;

export const ExtentTreeView = memo(function ExtentTreeView({ snap, variant, steps, name, title }: ExtentTreeViewProps) {
  const box = useViewFrame();
  const { width } = box;
  const es = snap.es;
  const innerW = Math.max(240, width - 2 * PAD);
  const lists = hasReclaimLists(es.variant);
  const cells = useMemo(() => listCells(es), [es]);
  const perRow = Math.max(1, Math.floor((innerW + LIST_GAP) / (LIST_BOX_W + LIST_GAP)));
  const listRows = Math.max(1, Math.ceil(cells.length / perRow));
  const locks = snap.locks.filter((l) => l.name === 's_es_lock' || l.holder >= 0 || l.waiters.length > 0).slice(0, 3);
  const chips = chipLayout(snap.tasks.length, innerW);
  const shrinkerRows = Math.max(1, es.shrinkers.length);

  const yTreeLabel = HEAD_H;
  const yTrail = yTreeLabel + 2 * LABEL_H;
  const yBar = yTrail + TRAIL_H;
  const yLists = yBar + BAR_H + AXIS_H + 6;
  const listsH = lists ? LABEL_H + (es.variant === 'es-gc' ? 2 : 1) * CHIP_LIST_H + 6 : 0;
  const yList = yLists + listsH;
  const yListBoxes = yList + LABEL_H;
  const yShrinkers = yListBoxes + listRows * (LIST_BOX_H + LIST_GAP) + 8;
  const yLocks = yShrinkers + LABEL_H + shrinkerRows * SHRINKER_H + 6;
  const yPages = yLocks + locks.length * LOCK_H + 4;
  const yStats = yPages + LABEL_H + PAGES_H + 8;
  const yTasks = yStats + 2 * STATS_H + 6;
  const height = yTasks + chips.rows * (CHIP_H + 6) + PAD;

  const last = steps.length ? steps[steps.length - 1] : null;
  const st = es.stats;

  return (
    <ViewFrame
      box={box}
      figureClass="es-figure"
      boxClass="es-view"
      title={title}
      caption={
        <>
            case {es.case} · {formatNumber(es.extents)} extents ({formatNumber(es.delayed)} delayed) · {formatNumber(es.list.nr)} inodes on the list
        </>
      }
      name={name}
      height={height}
      label={`extent status tree and shrinker, ${variant}`}
      testId="es-view"
      variant={es.variant}
    >
      <ViewHead
        x={PAD}
        width={innerW}
        now={snap.now_ns}
        words={VARIANT_WORDS[es.variant]}
        last={last}
        describe={(step) => describeEsStep(step, snap.locks)}
        testId="es-step"
      />

      <g transform={`translate(${PAD},0)`}>
        {es.focus ? (
          <Tree variant={es.variant} focus={es.focus} steps={steps} shrinkers={es.shrinkers} width={innerW} y={yTreeLabel} yTrail={yTrail} yBar={yBar} upstream={es.variant === 'upstream'} />
        ) : (
          <text x={0} y={yTreeLabel + 12} className="q-empty">
            no inode has cached extents yet
          </text>
        )}
        {lists && es.focus && <ReclaimLists focus={es.focus} gc={es.variant === 'es-gc'} y={yLists} width={innerW} />}

        <FitText x={0} y={yList + 12} width={innerW} className="q-label" testId="es-list-words">
          {listWords(es)}
        </FitText>
        <g data-testid="es-list" transform={`translate(0,${yListBoxes})`}>
          {cells.length === 0 && (
            <text x={0} y={16} className="q-empty">
              the list is empty: no inode holds a reclaimable extent
            </text>
          )}
          {cells.map((c, i) => (
            <ListBox key={c.entry.ino} cell={c} x={(i % perRow) * (LIST_BOX_W + LIST_GAP)} y={Math.floor(i / perRow) * (LIST_BOX_H + LIST_GAP)} next={i === 0 && !isLruVariant(es.variant)} />
          ))}
        </g>

        <FitText x={0} y={yShrinkers + 12} width={innerW} className="q-label">
          {`shrinkers: ${es.shrinkers.length ? `${es.shrinkers.length} in __es_shrink()` : 'none running'}`}
        </FitText>
        <g transform={`translate(0,${yShrinkers + LABEL_H})`}>
          {es.shrinkers.map((s, i) => (
            <ShrinkerRow key={s.task} s={s} y={i * SHRINKER_H} width={innerW} />
          ))}
        </g>

        {locks.map((lock, i) => (
          <g key={`${lock.name}-${i}`} data-testid={`lock-${lock.name}`} transform={`translate(0,${yLocks + i * LOCK_H})`}>
            <LockRow lock={lock} tasks={snap.tasks} width={innerW} boxW={110} />
          </g>
        ))}

        <PageBar es={es} y={yPages} width={innerW} />

        <FitText x={0} y={yStats + 13} width={innerW} className="q-sub" testId="es-stats">
          {`shrinker calls ${formatNumber(st.calls)} · scan time EWMA ${formatNumber(st.scan_ewma_us, { digits: 3 })} µs, max ${formatNumber(st.max_scan_us, { digits: 3 })} µs · list sorts ${formatNumber(st.sorts)}`}
        </FitText>
        <FitText x={0} y={yStats + STATS_H + 13} width={innerW} className="q-sub">
          {`lookups: ${formatNumber(st.hits)} hits, ${formatNumber(st.misses)} misses · freed ${formatNumber(st.freed)} · visited ${formatNumber(st.visited)}, of them delayed ${formatNumber(st.delayed_skipped)}`}
        </FitText>

        <g data-testid="tasks" transform={`translate(0,${yTasks})`}>
          <TaskChipGrid tasks={snap.tasks} layout={chips} activeTask={last?.task} />
        </g>
      </g>
    </ViewFrame>
  );
});

const STATUS_WORDS: Record<string, string> = {
  written: 'written: maps blocks on disk, reclaimable',
  unwritten: 'unwritten: preallocated, reclaimable',
  delayed: 'delayed: dirty, not yet allocated, must stay',
  hole: 'hole: known to map nothing, reclaimable',
};

interface TreeProps {
  variant: EsState['variant'];
  focus: EsFocus;
  steps: PaneProps<EsSnapshot>['steps'];
  shrinkers: readonly EsShrinker[];
  width: number;
  y: number;
  yTrail: number;
  yBar: number;
  upstream: boolean;
}

/** The focus inode's tree along the file, with the shrinker's cursor, its trail and upstream's resume position. */
function Tree({ variant, focus, steps, shrinkers, width, y, yTrail, yBar, upstream }: TreeProps) {
  const layout = useMemo(() => treeLayout(focus, width), [focus, width]);
  const counts = useMemo(() => extentCounts(focus), [focus]);
  const trail = useMemo(() => cursorTrail(steps, focus.ino), [steps, focus.ino]);
  const walker = shrinkers.find((s) => s.ino === focus.ino);
  const cx = (lblk: number) => layout.xOf(lblk) + Math.min(3, layout.barW / layout.end / 2);
  return (
    <g data-testid="es-tree" data-ino={focus.ino} data-extents={focus.nr_extents}>
      <FitText x={0} y={y + 12} width={width} className="q-label">
        {`inode ${focus.ino} (${focusWords(focus)}) · ${formatNumber(focus.size)} blocks · ${formatNumber(focus.nr_extents)} extents: ${formatNumber(counts.written + counts.unwritten)} written, ${formatNumber(counts.delayed)} delayed, ${formatNumber(counts.hole)} holes` +
          (counts.referenced ? ` · ${formatNumber(counts.referenced)} recently used` : '') +
          (focus.on_list ? '' : ' · not on the list')}
      </FitText>
      <Legend y={y + LABEL_H} variant={variant} width={width} />
      {trail.map((t, i) => (
        <rect
          key={i}
          x={cx(t.lblk) - 2}
          y={yTrail}
          width={4}
          height={TRAIL_H - 2}
          className={`es-trail ${t.mark}`}
          opacity={0.35 + (0.65 * (i + 1)) / trail.length}
        >
          <title>{`block ${t.lblk}: ${t.mark === 'free' ? 'freed' : t.mark === 'keep' ? 'delayed, walked past' : 'recently used, spared'}`}</title>
        </rect>
      ))}
      <rect x={0} y={yBar} width={layout.barW} height={BAR_H} className="es-uncached">
        <title>{`blocks not cached: never looked up, or reclaimed (${formatNumber(layout.uncached)} of ${formatNumber(layout.end)})`}</title>
      </rect>
      {layout.runs.map((p, i) => (
        <rect
          key={`${p.run.lblk}-${p.tail ? 't' : 'b'}-${i}`}
          x={p.x}
          y={yBar}
          width={p.w}
          height={BAR_H}
          className={`es-run ${p.run.status}${p.run.referenced ? ' referenced' : ''}`}
          data-testid="es-run"
          data-status={p.run.status}
          data-lblk={p.run.lblk}
        >
          <title>
            {`blocks ${p.run.lblk}–${p.run.lblk + p.run.len - 1}: ${formatNumber(p.run.extents)} ${STATUS_WORDS[p.run.status]}` +
              (p.run.referenced ? `; ${formatNumber(p.run.referenced)} recently used (REFERENCED/ACCESSED)` : '')}
          </title>
        </rect>
      ))}
      {layout.tailW > 0 && (
        <text x={layout.barW + 6 + layout.tailW / 2} y={yBar + BAR_H + 12} className="q-sub" textAnchor="middle">
          past EOF
        </text>
      )}
      <text x={0} y={yBar + BAR_H + 12} className="q-sub">
        0
      </text>
      <text x={layout.barW} y={yBar + BAR_H + 12} className="q-sub" textAnchor="end" data-testid="es-tree-caption">
        {treeCaption(focus, layout)}
      </text>
      {upstream && focus.shrink_lblk > 0 && (
        <g data-testid="es-resume">
          <line x1={cx(focus.shrink_lblk)} x2={cx(focus.shrink_lblk)} y1={yBar - 4} y2={yBar + BAR_H + 4} className="es-resume" />
          <text x={cx(focus.shrink_lblk) + 3} y={yBar + BAR_H + 12} className="q-sub es-resume-text">
            resume
          </text>
          <title>{`i_es_shrink_lblk = ${focus.shrink_lblk}: the next scan of this inode starts here`}</title>
        </g>
      )}
      {focus.cursor >= 0 && (
        <g data-testid="es-cursor" data-lblk={focus.cursor}>
          <line x1={cx(focus.cursor)} x2={cx(focus.cursor)} y1={yBar - 2} y2={yBar + BAR_H + 2} className="es-cursor" />
          <path d={`M${cx(focus.cursor) - 5},${yTrail - 2} L${cx(focus.cursor) + 5},${yTrail - 2} L${cx(focus.cursor)},${yTrail + 5} z`} className="es-cursor-head" />
          <title>{`${walker ? `T${walker.task}` : 'the shrinker'} stands on block ${focus.cursor}`}</title>
        </g>
      )}
    </g>
  );
}

function Legend({ y, variant, width }: { y: number; variant: EsState['variant']; width: number }) {
  let x = 0;
  return (
    <g className="es-legend">
      {legendItems(variant).map(([cls, text]) => {
        const at = x;
        x += 18 + text.length * CHAR_W + 10;
        if (x > width) return null;
        return (
          <g key={text}>
            <rect x={at} y={y + 2} width={14} height={11} rx={2} className={cls} />
            <text x={at + 18} y={y + 12} className="q-sub">
              {text}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** es-ilist's list of reclaimable extents (es-gc: inactive and active), head first. */
function ReclaimLists({ focus, gc, y, width }: { focus: EsFocus; gc: boolean; y: number; width: number }) {
  const rows: [string, readonly number[]][] = gc
    ? [
        ['inactive', focus.inactive],
        ['active', focus.active],
      ]
    : [['reclaim list', focus.inactive]];
  const chipW = 38;
  const x0 = 80;
  const fit = Math.max(1, Math.min(RECLAIM_CHIPS, Math.floor((width - x0 - 40) / (chipW + 3))));
  return (
    <g data-testid="es-reclaim-lists">
      <FitText x={0} y={y + 12} width={width} className="q-label">
        {gc
          ? `inode ${focus.ino}'s reclaim lists, head first: the shrinker frees from inactive; a used extent moves to active, freed only when a round frees nothing`
          : `inode ${focus.ino}'s list of reclaimable extents, head first: the shrinker pops from the head, never meeting a delayed one`}
      </FitText>
      {rows.map(([label, blocks], r) => (
        <g key={label} transform={`translate(0,${y + LABEL_H + r * CHIP_LIST_H})`} data-testid={`es-list-${label.replace(' ', '-')}`} data-count={blocks.length}>
          <text x={0} y={11} className="q-sub">
            {label}
          </text>
          {blocks.length === 0 && (
            <text x={x0} y={11} className="q-empty">
              empty
            </text>
          )}
          {blocks.slice(0, fit).map((lblk, i) => (
            <g key={i}>
              <rect x={x0 + i * (chipW + 3)} y={0} width={chipW} height={14} rx={3} className={`es-lchip ${label === 'active' ? 'active' : 'inactive'}${lblk === focus.cursor ? ' cursor' : ''}`} />
              <text x={x0 + i * (chipW + 3) + chipW / 2} y={7} className="es-lchip-text" textAnchor="middle" dominantBaseline="central">
                {lblk}
              </text>
            </g>
          ))}
          {blocks.length > fit && (
            <text x={x0 + fit * (chipW + 3) + 2} y={11} className="q-sub">
              …
            </text>
          )}
        </g>
      ))}
    </g>
  );
}

/** An inode on the list: its number, its reclaimable (green) and delayed (amber) extents. */
const ListBox = memo(function ListBox({ cell, x, y, next }: { cell: ListCell; x: number; y: number; next: boolean }) {
  const { entry } = cell;
  const total = entry.shk + entry.delayed;
  const shkW = total ? ((LIST_BOX_W - 6) * entry.shk) / total : 0;
  const cls = ['es-inode', cell.skipped ? 'skipped' : '', cell.scanned ? 'scanned' : '', cell.focus ? 'focus' : '', cell.empty ? 'empty' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <g data-testid="es-list-entry" data-ino={entry.ino} data-skipped={cell.skipped} data-scanned={cell.scanned}>
      <rect x={x} y={y} width={LIST_BOX_W} height={LIST_BOX_H} rx={4} className={cls} />
      <text x={x + LIST_BOX_W / 2} y={y + 10} className="es-inode-text" textAnchor="middle" dominantBaseline="central">
        {entry.ino}
      </text>
      {total > 0 && (
        <>
          <rect x={x + 3} y={y + LIST_BOX_H - 10} width={shkW} height={6} className="es-mini shk" />
          <rect x={x + 3 + shkW} y={y + LIST_BOX_H - 10} width={LIST_BOX_W - 6 - shkW} height={6} className="es-mini delayed" />
        </>
      )}
      {next && (
        <text x={x + LIST_BOX_W - 3} y={y + 8} className="es-next" textAnchor="end">
          ▶
        </text>
      )}
      <title>
        {`inode ${entry.ino}: ${entry.shk} reclaimable, ${entry.delayed} delayed extents` +
          (cell.skipped ? '; hit since the last sort: the LRU shrinker skips it' : entry.new ? '; hit since the last sort (this variant does not look)' : '') +
          (cell.scanned ? '; a shrinker reclaims from it now' : '') +
          (next ? '; the head: the next inode the round robin takes' : '')}
      </title>
    </g>
  );
});

const ShrinkerRow = memo(function ShrinkerRow({ s, y, width }: { s: EsShrinker; y: number; width: number }) {
  const barW = 80;
  const budget = Math.max(1, s.freed + Math.max(0, s.nr_to_scan));
  return (
    <g data-testid="es-shrinker" data-phase={s.phase} data-task={s.task}>
      <rect x={0} y={y} width={56} height={15} rx={7} className={`es-phase ${s.phase}`} />
      <text x={28} y={y + 7.5} className="es-phase-text" textAnchor="middle" dominantBaseline="central">
        {s.phase}
      </text>
      <rect x={62} y={y + 3} width={barW} height={9} className="es-budget" />
      <rect x={62} y={y + 3} width={(barW * s.freed) / budget} height={9} className="es-budget used" />
      <text x={62 + barW + 8} y={y + 11} className="q-sub">
        {shrinkerText(s).slice(0, Math.max(20, Math.floor((width - barW - 70) / 6)))}
      </text>
    </g>
  );
});

/** Memory: free, clean, dirty and under writeback, with the writeback thresholds and kswapd's low watermark. */
function PageBar({ es, y, width }: { es: EsState; y: number; width: number }) {
  const p = es.pages;
  const k = width / Math.max(1, p.mem);
  let x = 0;
  const marks: [number, string][] = [
    [p.dirty_bg, 'background writeback'],
    [p.dirty_limit, 'dirty limit'],
  ];
  return (
    <g data-testid="es-pages">
      <FitText x={0} y={y + 12} width={width} className="q-label">
        {`memory ${formatNumber(p.mem)} pages: free ${formatNumber(p.free)} · clean ${formatNumber(p.clean)} · dirty ${formatNumber(p.dirty)} · writeback ${formatNumber(p.writeback)} · kswapd wakes below ${formatNumber(p.wm_low)} free, direct reclaim below ${formatNumber(p.wm_min)}`}
      </FitText>
      {pageSegments(p).map((s) => {
        const at = x;
        x += s.pages * k;
        return <rect key={s.key} x={at} y={y + LABEL_H} width={s.pages * k} height={PAGES_H} className={`es-page ${s.key}`} />;
      })}
      {marks.map(([pages, what]) => (
        <line key={what} x1={(p.free + p.clean + pages) * k} x2={(p.free + p.clean + pages) * k} y1={y + LABEL_H - 2} y2={y + LABEL_H + PAGES_H + 2} className="es-threshold">
          <title>{`${what}: ${formatNumber(pages)} dirty pages`}</title>
        </line>
      ))}
    </g>
  );
}
