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
 * Each box and task chip is a memoized component of plain values: from one
 * step to the next only the few that change are rendered again.
 */
import { memo, useRef, type ReactElement } from 'react';
import type { PaneProps } from '../../app/LabPage';
import { boxAt, gridLayout, type GridLayout } from '../../viz/grid/grid';
import type { FcSnapshot } from './schema';
import { ExportButtons, svgRefExporter } from '../../viz/export/ExportButtons';
import { formatDuration as formatNs } from '../../../../lib/format';
import { CHIP_H, chipLayout, LOCK_H, LockRow, TASK_COLORS, TaskChipGrid } from '../../viz/tasks/TaskChips';
import { useElementWidth } from '../../viz/useElementWidth';
import { FitText } from '../../viz/text/FitText';
import { Overview, OVERVIEW_H } from '../../viz/overview/Overview';
import { isWindowed } from '../../viz/overview/overview';
import { describeStep, journalLines, visitedCounts, walkTarget, walkTrail, windowIndex } from './queues';

export { TASK_COLORS };

const PAD = 10;
const QUEUE_H = 96;
const HEAD_H = 74;
const LABEL_H = 18;
const MID_GAP = 34;

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
  const trail = variant === 'before' ? walkTrail(steps, walk) : [];
  const target = walkTarget(fc, variant);
  const last = steps.length ? steps[steps.length - 1] : null;
  const matched = last?.kind === 'match' && walk && last.a === walk.dentry_idx;
  const dIdx = walk ? walk.dentry_idx : -1;
  const visited = visitedCounts(fc, variant);
  const showText = (g: GridLayout) => g.boxH >= 13;
  const fontSize = (g: GridLayout) => Math.min(11, g.boxH * 0.55);

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
        <ExportButtons name={name} exporter={svgRefExporter(svgRef)} />
      </figcaption>
      <div ref={wrapRef} className="queues" style={{ height }}>
        <svg ref={svgRef} width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`fast-commit queues, ${variant} the patch`}>
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
          <g data-testid="queue-dentry" data-len={fc.dentry_q_len} data-from={fc.dentry_win.from} transform={`translate(${PAD},${yDentry})`}>
            {fc.dentry_q.map((d, k) => {
              const i = fc.dentry_win.from + k;
              const p = boxAt(k, dg);
              const cur = i === dIdx;
              const done = walk != null && i < dIdx;
              return (
                <DentryBox
                  key={i}
                  i={i}
                  x={p.x}
                  y={p.y}
                  w={dg.boxW}
                  h={dg.boxH}
                  ino={d.ino}
                  parent={d.parent}
                  cls={`q-box dentry${cur ? ' current' : ''}${done ? ' done' : ''}`}
                  fontSize={showText(dg) ? fontSize(dg) : 0}
                />
              );
            })}
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
          <g data-testid="queue-inode" data-len={fc.inode_q_len} data-from={fc.inode_win.from} transform={`translate(${PAD},${yInode})`}>
            {fc.inode_q.map((e, k) => {
              const i = fc.inode_win.from + k;
              const p = boxAt(k, ig);
              const ti = trail.indexOf(i);
              const isTarget = i === target;
              const cls = `q-box inode${e.dir ? ' dir' : ''}${isTarget ? (matched || variant === 'after' ? ' matched' : ' compared') : ''}`;
              const trailOpacity = ti >= 0 && !isTarget ? 0.25 + (0.55 * (ti + 1)) / trail.length : undefined;
              return (
                <InodeBox
                  key={i}
                  i={i}
                  x={p.x}
                  y={p.y}
                  w={ig.boxW}
                  h={ig.boxH}
                  ino={e.ino}
                  dir={e.dir}
                  cls={cls}
                  trailOpacity={trailOpacity}
                  fontSize={showText(ig) ? fontSize(ig) : 0}
                />
              );
            })}
            {fc.inode_q.length === 0 && (
              <text x={0} y={16} className="q-empty">
                empty
              </text>
            )}
          </g>
          {link}

          {lock && (
            <g data-testid="lock" transform={`translate(${PAD},${yLock})`}>
              <LockRow lock={lock} tasks={snap.tasks} />
            </g>
          )}

          <g data-testid="tasks" transform={`translate(${PAD},${yTasks})`}>
            <TaskChipGrid tasks={snap.tasks} layout={chips} activeTask={last?.task} />
          </g>
        </svg>
      </div>
    </figure>
  );
});

/**
 * A dentry record; fontSize 0 draws no number (the box is too small for it).
 * Boxes are drawn without a group of their own: fewer elements to update.
 */
const DentryBox = memo(function DentryBox(p: {
  i: number;
  x: number;
  y: number;
  w: number;
  h: number;
  ino: number;
  parent: number;
  cls: string;
  fontSize: number;
}) {
  return (
    <>
      <rect x={p.x} y={p.y} width={p.w} height={p.h} rx={3} className={p.cls}>
        <title>{`dentry record #${p.i}: create ino ${p.ino} in dir ${p.parent}`}</title>
      </rect>
      <BoxLabel x={p.x} y={p.y} w={p.w} h={p.h} ino={p.ino} fontSize={p.fontSize} />
    </>
  );
});

/** The inode number centred in a queue box; none when the boxes are too small to read. */
function BoxLabel(p: { x: number; y: number; w: number; h: number; ino: number; fontSize: number }) {
  if (p.fontSize <= 0) return null;
  return (
    <text x={p.x + p.w / 2} y={p.y + p.h / 2} className="q-text" fontSize={p.fontSize} textAnchor="middle" dominantBaseline="central">
      {p.ino}
    </text>
  );
}

/** An inode entry, with its trail shade when the walk passed it lately. */
const InodeBox = memo(function InodeBox(p: {
  i: number;
  x: number;
  y: number;
  w: number;
  h: number;
  ino: number;
  dir: boolean;
  cls: string;
  trailOpacity: number | undefined;
  fontSize: number;
}) {
  const title = `inode entry #${p.i}: ino ${p.ino}${p.dir ? ' (directory)' : ''}`;
  return (
    <>
      <rect x={p.x} y={p.y} width={p.w} height={p.h} rx={p.dir ? 1 : 3} className={p.cls}>
        <title>{title}</title>
      </rect>
      {p.trailOpacity !== undefined && (
        <rect x={p.x} y={p.y} width={p.w} height={p.h} rx={3} className="q-trail" opacity={p.trailOpacity} />
      )}
      {p.dir && (
        <rect x={p.x + 1} y={p.y - 2} width={Math.min(10, p.w / 3)} height={3} className="q-tab">
          <title>{title}</title>
        </rect>
      )}
      <BoxLabel x={p.x} y={p.y} w={p.w} h={p.h} ino={p.ino} fontSize={p.fontSize} />
    </>
  );
});
