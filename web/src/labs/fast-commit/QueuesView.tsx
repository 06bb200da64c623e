/**
 * The two fast-commit queues as rows of boxes, the commit's walk over them,
 * the s_fc_lock with its holder and FIFO waiters, and every task's state.
 *
 * before: the dentry record being committed is outlined, the inode entry it
 *         is compared with is filled, and the last comparisons leave a trail.
 * after:  the record points straight at its inode (an arrow, no scan).
 *
 * A queue longer than its window (128 entries) is drawn whole as a bar (the
 * visited part, the window, the cursor) above the window's entries, box by box.
 *
 * A small configuration draws each box as SVG, a memoized component of
 * plain values with its tooltip: from one step to the next only the few that
 * change are rendered again. With many tasks or many boxes (boxesOnCanvas;
 * the mail's 64 ways draw up to 256) the boxes and the task chips go on two
 * canvases under the SVG (queueCanvas.ts), redrawn whole at every step in
 * about a millisecond; each canvas shows the pointed box's or task's words
 * as its tooltip, the SVG's text alternative says where the queues and the
 * commit stand and how many tasks are in each state, and the exports draw
 * the boxes and chips as SVG.
 */
import { memo, useLayoutEffect, useRef, type PointerEvent, type ReactElement } from 'react';
import type { PaneProps } from '../../app/LabPage';
import { boxAt, gridLayout, type GridLayout } from '../../viz/grid/grid';
import type { FcSnapshot } from './schema';
import { ExportButtons, svgRefExporter } from '../../viz/export/ExportButtons';
import { setExportLayer } from '../../viz/export/exportChart';
import { formatDuration as formatNs } from '../../../../lib/format';
import { CHIP_H, chipLayout, LOCK_H, LockRow, TASK_COLORS, TaskChipGrid } from '../../viz/tasks/TaskChips';
import { useElementWidth } from '../../viz/useElementWidth';
import { FitText } from '../../viz/text/FitText';
import { Overview, OVERVIEW_H } from '../../viz/overview/Overview';
import { isWindowed } from '../../viz/overview/overview';
import {
  BOX_TONES,
  boxesOnCanvas,
  boxFontSize,
  dentryBoxes,
  describeStep,
  inodeBoxes,
  journalLines,
  queuesSummary,
  TAB_FILL,
  tasksSummary,
  TRAIL_FILL,
  visitedCounts,
  walkTarget,
  windowIndex,
  type QueueBox,
} from './queues';
import { appendChipsSvg, appendQueueSvg, boxAtPoint, chipAtPoint, chipTitle, drawChips, drawQueues, tabRect, type PlacedQueue } from './queueCanvas';

export { TASK_COLORS };

const PAD = 10;
const QUEUE_H = 96;
const HEAD_H = 74;
const LABEL_H = 18;
const MID_GAP = 34;
/* the canvas reaches this far past the grids, for the thick outlines and the tabs */
const LAYER_MARGIN = 4;

/** The page's monospace family, as the SVG's numbers are set in (read once: the canvas draws at every step). */
let monoFamily: string | null = null;
function mono(el: Element): string {
  monoFamily ??= getComputedStyle(el).getPropertyValue('--mono').trim() || 'monospace';
  return monoFamily;
}

/** The page's sans family, as the task chips' words are set in. */
let sansFamily: string | null = null;
function sans(el: Element): string {
  sansFamily ??= getComputedStyle(el).getPropertyValue('--sans').trim() || 'sans-serif';
  return sansFamily;
}

/**
 * A canvas' backing store at the device's pixels for w x h CSS pixels, scaled, and cleared unless `keep`
 * (a canvas whose size changed is blank all the same); null without a 2D context. `blank` says whether it is.
 */
function canvas2d(canvas: HTMLCanvasElement, w: number, h: number, keep = false): { ctx: CanvasRenderingContext2D; blank: boolean } | null {
  const dpr = window.devicePixelRatio || 1;
  const bw = Math.round(w * dpr);
  const bh = Math.round(h * dpr);
  let blank = !keep;
  if (canvas.width !== bw || canvas.height !== bh) {
    canvas.width = bw;
    canvas.height = bh;
    blank = true;
  }
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  if (!keep) ctx.clearRect(0, 0, w, h);
  return { ctx, blank };
}

/** A pane of the lab page (variant 'before' walks the queue, 'after' follows the link). */
export type QueuesViewProps = PaneProps<FcSnapshot>;

export const QueuesView = memo(function QueuesView({ snap, variant, steps, name, title }: QueuesViewProps) {
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(640);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const fc = snap.fc;
  const innerW = Math.max(120, width - 2 * PAD);
  const dg = gridLayout(fc.dentry_q.length, innerW, QUEUE_H);
  const ig = gridLayout(fc.inode_q.length, innerW, QUEUE_H);
  const chips = chipLayout(snap.tasks.length, innerW);

  const dBar = isWindowed(fc.dentry_win);
  const iBar = isWindowed(fc.inode_win);
  const yDentryLabel = HEAD_H;
  const yDentryBar = yDentryLabel + LABEL_H;
  const yDentry = yDentryBar + (dBar ? OVERVIEW_H : 0);
  const yInodeLabel = yDentry + QUEUE_H + MID_GAP;
  const yInodeBar = yInodeLabel + LABEL_H;
  const yInode = yInodeBar + (iBar ? OVERVIEW_H : 0);
  const yLock = yInode + QUEUE_H + 16;
  const yTasks = yLock + LOCK_H + 8;
  const height = yTasks + chips.rows * (CHIP_H + 6) + PAD;

  const walk = fc.walk;
  const target = walkTarget(fc, variant);
  const last = steps.length ? steps[steps.length - 1] : null;
  const matched = last?.kind === 'match' && walk && last.a === walk.dentry_idx;
  const dIdx = walk ? walk.dentry_idx : -1;
  const visited = visitedCounts(fc, variant);
  const placed: PlacedQueue[] = [
    { name: 'dentry', boxes: dentryBoxes(fc, dg), grid: dg, x: PAD, y: yDentry, fontSize: boxFontSize(dg) },
    { name: 'inode', boxes: inodeBoxes(fc, variant, steps, ig), grid: ig, x: PAD, y: yInode, fontSize: boxFontSize(ig) },
  ];
  const [dentries, inodes] = placed as [PlacedQueue, PlacedQueue];
  const onCanvas = boxesOnCanvas(snap.tasks.length, dentries.boxes.length + inodes.boxes.length);
  const layerTop = yDentry - LAYER_MARGIN;
  const layerH = yInode + QUEUE_H + LAYER_MARGIN - layerTop;

  const chipsH = chips.rows * (CHIP_H + 6);
  const activeTask = last?.task;

  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const chipsRef = useRef<HTMLCanvasElement | null>(null);
  /* the chips on the chips' canvas: the canvas, their grid and each place's key (chipKey) */
  const chipsDrawn = useRef<{ canvas: HTMLCanvasElement; grid: string; keys: string[] } | null>(null);
  const placedRef = useRef(placed);
  placedRef.current = placed;
  const tasksRef = useRef({ tasks: snap.tasks, chips, activeTask });
  tasksRef.current = { tasks: snap.tasks, chips, activeTask };
  /* drawn before the browser paints the SVG of the same step */
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const chipCanvas = chipsRef.current;
    if (!onCanvas || !canvas || !chipCanvas) return;
    const q = canvas2d(canvas, width, layerH);
    if (q) drawQueues(q.ctx, placedRef.current, layerTop, mono(canvas));
    const t = tasksRef.current;
    /* the chips whose look changed since the last step are drawn again, on the canvas as it stands */
    const grid = `${t.chips.cols} ${t.chips.chipW} ${window.devicePixelRatio || 1}`;
    const last = chipsDrawn.current?.canvas === chipCanvas && chipsDrawn.current.grid === grid ? chipsDrawn.current : null;
    const c = canvas2d(chipCanvas, innerW, chipsH, last !== null);
    if (!c) return;
    const keys = drawChips(c.ctx, t.tasks, t.chips, t.activeTask, sans(chipCanvas), c.blank || !last ? null : last.keys);
    chipsDrawn.current = { canvas: chipCanvas, grid, keys };
  });
  /* the exports draw the canvases' boxes and chips into their groups, as SVG */
  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (!svg || !onCanvas) return;
    setExportLayer(svg, (clone) => {
      for (const q of placedRef.current) {
        const g = clone.querySelector(`[data-queue="${q.name}"]`);
        if (g) appendQueueSvg(g, q, mono(svg));
      }
      const g = clone.querySelector('[data-chips]');
      const t = tasksRef.current;
      if (g) appendChipsSvg(g, t.tasks, t.chips, t.activeTask, sans(svg));
    });
    return () => setExportLayer(svg, null);
  }, [onCanvas]);
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const b = boxAtPoint(placedRef.current, e.clientX - r.left, e.clientY - r.top + layerTop);
    e.currentTarget.title = b ? b.title : '';
  };
  const onChipsPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const t = tasksRef.current;
    const task = chipAtPoint(t.tasks, t.chips, e.clientX - r.left, e.clientY - r.top);
    e.currentTarget.title = task ? chipTitle(task) : '';
  };

  const center = (i: number, g: GridLayout, y0: number, edge: 'top' | 'bottom') => {
    const p = boxAt(i, g);
    return { x: PAD + p.x + g.boxW / 2, y: y0 + p.y + (edge === 'top' ? 0 : g.boxH) };
  };

  let link: ReactElement | null = null;
  const dLocal = windowIndex(fc.dentry_win, dIdx);
  const tLocal = windowIndex(fc.inode_win, target);
  if (dLocal >= 0 && dLocal < fc.dentry_q.length && tLocal >= 0 && tLocal < fc.inode_q.length) {
    const a = center(dLocal, dg, yDentry, 'bottom');
    const b = center(tLocal, ig, yInode, 'top');
    const midY = (a.y + b.y) / 2;
    const d = `M${a.x},${a.y} C${a.x},${midY} ${b.x},${midY} ${b.x},${b.y - 3}`;
    link =
      variant === 'after' ? (
        <path d={d} fill="none" stroke="#2e9d5b" strokeWidth={2.2} markerEnd="url(#q-arrow-after)" data-testid="walk-arrow" />
      ) : (
        <path
          d={d}
          fill="none"
          stroke={matched ? '#2e9d5b' : '#e08a1e'}
          strokeWidth={1.8}
          strokeDasharray={matched ? undefined : '5 3'}
          markerEnd={matched ? 'url(#q-arrow-after)' : 'url(#q-arrow-before)'}
          data-testid="walk-compare"
        />
      );
  }

  const lock = snap.locks.find((l) => l.name === 's_fc_lock') ?? snap.locks[0];

  return (
    <figure className="chart queues-figure">
      <figcaption>
        <span className="chart-title">{title}</span>
        <span className="muted">
          commits: {fc.commits}
          {fc.commit_running ? ' · commit running' : ''}
        </span>
        <ExportButtons name={name} exporter={svgRefExporter(svgRef, title)} />
      </figcaption>
      <div ref={wrapRef} className={`queues${onCanvas ? ' q-on-canvas' : ''}`} style={{ height }}>
        {onCanvas && (
          <>
            <canvas
              ref={canvasRef}
              className="q-layer"
              data-testid="queue-canvas"
              aria-hidden="true"
              style={{ top: layerTop, width, height: layerH }}
              onPointerMove={onPointerMove}
            />
            <canvas
              ref={chipsRef}
              className="q-layer"
              data-testid="chips-canvas"
              aria-hidden="true"
              style={{ top: yTasks, left: PAD, width: innerW, height: chipsH }}
              onPointerMove={onChipsPointerMove}
            />
          </>
        )}
        <svg ref={svgRef} width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={onCanvas ? `${queuesSummary(fc, variant)}; ${tasksSummary(snap.tasks)}` : queuesSummary(fc, variant)}>
          <defs>
            <marker id="q-arrow-after" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" fill="#2e9d5b" />
            </marker>
            <marker id="q-arrow-before" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" fill="#e08a1e" />
            </marker>
          </defs>

          <FitText x={PAD} y={16} width={innerW} className="q-head">
            {`t = ${formatNs(snap.now_ns)}${walk ? ` · commit by T${walk.task}` : ''}`}
          </FitText>
          <FitText x={PAD} y={32} width={innerW} className="q-sub">
            {last ? `step ${last.i}: T${last.task} on cpu ${last.cpu} ${describeStep(last)}` : ' '}
          </FitText>
          <g data-testid="journal" data-locked={fc.journal.updates_locked}>
            {journalLines(snap).map((line, i) => (
              <FitText key={i} x={PAD} y={50 + 16 * i} width={innerW} className={`q-sub${i === 1 && fc.journal.updates_locked ? ' q-locked' : ''}`}>
                {line}
              </FitText>
            ))}
          </g>

          <FitText x={PAD} y={yDentryLabel + 12} width={innerW} className="q-label">
            {`dentry queue s_fc_dentry_q · ${fc.dentry_q_len} create records`}
          </FitText>
          {dBar && (
            <g transform={`translate(${PAD},${yDentryBar})`}>
              <Overview
                win={fc.dentry_win}
                width={innerW}
                visited={visited.dentry}
                words={{ one: 'record', many: 'records', where: 'on the dentry queue', around: 'the record committed' }}
                testId="bar-dentry"
              />
            </g>
          )}
          <g data-testid="queue-dentry" data-queue="dentry" data-len={fc.dentry_q_len} data-from={fc.dentry_win.from} transform={`translate(${PAD},${yDentry})`}>
            {!onCanvas && dentries.boxes.map((b) => <DentryBox key={b.i} b={b} fontSize={dentries.fontSize} />)}
            {fc.dentry_q.length === 0 && (
              <text x={0} y={16} className="q-empty">
                empty
              </text>
            )}
          </g>

          <FitText x={PAD} y={yInodeLabel + 12} width={innerW} className="q-label">
            {`inode queue s_fc_q · ${fc.inode_q_len} inodes`}
          </FitText>
          {iBar && (
            <g transform={`translate(${PAD},${yInodeBar})`}>
              <Overview
                win={fc.inode_win}
                width={innerW}
                visited={visited.inode}
                words={{ one: 'inode', many: 'inodes', where: 'on the queue', around: variant === 'before' ? 'the compared entry' : "the record's inode" }}
                testId="bar-inode"
              />
            </g>
          )}
          <g data-testid="queue-inode" data-queue="inode" data-len={fc.inode_q_len} data-from={fc.inode_win.from} transform={`translate(${PAD},${yInode})`}>
            {!onCanvas && inodes.boxes.map((b) => <InodeBox key={b.i} b={b} fontSize={inodes.fontSize} />)}
            {fc.inode_q.length === 0 && (
              <text x={0} y={16} className="q-empty">
                empty
              </text>
            )}
          </g>
          {link}

          {lock && (
            <g data-testid="lock" transform={`translate(${PAD},${yLock})`}>
              <LockRow lock={lock} tasks={snap.tasks} width={innerW} />
            </g>
          )}

          <g data-testid="tasks" data-chips="" transform={`translate(${PAD},${yTasks})`}>
            {!onCanvas && <TaskChipGrid tasks={snap.tasks} layout={chips} activeTask={activeTask} />}
          </g>
        </svg>
      </div>
    </figure>
  );
});

/** A box's rect in its tone's colours. */
function BoxRect({ b }: { b: QueueBox }) {
  const tone = BOX_TONES[b.tone];
  return (
    <rect x={b.x} y={b.y} width={b.w} height={b.h} rx={b.rx} className={b.cls} fill={tone.fill} stroke={tone.stroke} strokeWidth={tone.strokeWidth}>
      <title>{b.title}</title>
    </rect>
  );
}

/**
 * A dentry record; fontSize 0 draws no number (the box is too small for it).
 * Boxes are drawn without a group of their own: fewer elements to update.
 * A box's values are new objects at every step: equal values draw nothing again.
 */
const DentryBox = memo(
  function DentryBox({ b, fontSize }: { b: QueueBox; fontSize: number }) {
    return (
      <>
        <BoxRect b={b} />
        <BoxLabel b={b} fontSize={fontSize} />
      </>
    );
  },
  (a, z) => a.fontSize === z.fontSize && sameBox(a.b, z.b),
);

function sameBox(a: QueueBox, z: QueueBox): boolean {
  return (
    a.i === z.i &&
    a.x === z.x &&
    a.y === z.y &&
    a.w === z.w &&
    a.h === z.h &&
    a.tone === z.tone &&
    a.ino === z.ino &&
    a.trail === z.trail &&
    a.title === z.title
  );
}

/** The inode number centred in a queue box; none when the boxes are too small to read. */
function BoxLabel({ b, fontSize }: { b: QueueBox; fontSize: number }) {
  if (fontSize <= 0) return null;
  return (
    <text x={b.x + b.w / 2} y={b.y + b.h / 2} className="q-text" fontSize={fontSize} textAnchor="middle" dominantBaseline="central">
      {b.ino}
    </text>
  );
}

/** An inode entry, with its trail shade when the walk passed it lately. */
const InodeBox = memo(
  function InodeBox({ b, fontSize }: { b: QueueBox; fontSize: number }) {
    const tab = tabRect(b);
    return (
      <>
        <BoxRect b={b} />
        {b.trail !== null && <rect x={b.x} y={b.y} width={b.w} height={b.h} rx={3} className="q-trail" fill={TRAIL_FILL} opacity={b.trail} />}
        {b.tab && (
          <rect x={tab.x} y={tab.y} width={tab.w} height={tab.h} className="q-tab" fill={TAB_FILL}>
            <title>{b.title}</title>
          </rect>
        )}
        <BoxLabel b={b} fontSize={fontSize} />
      </>
    );
  },
  (a, z) => a.fontSize === z.fontSize && sameBox(a.b, z.b),
);
