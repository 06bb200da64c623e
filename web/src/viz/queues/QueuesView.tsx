/**
 * The two fast-commit queues as rows of boxes, the commit's walk over them,
 * the s_fc_lock with its holder and FIFO waiters, and every task's state.
 *
 * before: the dentry record being committed is outlined, the inode entry it
 *         is compared with is filled, and the last comparisons leave a trail.
 * after:  the record points straight at its inode (an arrow, no scan).
 */
import { useRef, type ReactElement } from 'react';
import type { FcSnapshot, Step, TaskSnap } from '../../core/types';
import { ExportButtons, svgRefExporter } from '../export/ExportButtons';
import { formatNs } from '../heatmap/heatmap';
import { useElementWidth } from '../useElementWidth';
import { boxAt, describeStep, gridLayout, walkTarget, walkTrail, type GridLayout } from './queues';

export const TASK_COLORS: Record<TaskSnap['state'], string> = {
  run: '#2e9d5b',
  spin: '#d8402b',
  sleep: '#8b5fbf',
  io: '#2f6db3',
  ready: '#9aa3b5',
  done: '#d5d9e2',
};

const PAD = 10;
const QUEUE_H = 96;
const HEAD_H = 40;
const LABEL_H = 18;
const MID_GAP = 34;
const LOCK_H = 44;
const CHIP_H = 24;

export interface QueuesViewProps {
  snap: FcSnapshot;
  variant: 'before' | 'after';
  /** recent trace steps, oldest first; the last is the current step */
  steps: readonly Step[];
  name: string;
  title?: string;
}

function chipLayout(n: number, width: number) {
  const compact = n > 16;
  const chipW = compact ? 40 : 132;
  const cols = Math.max(1, Math.floor((width + 6) / (chipW + 6)));
  return { compact, chipW, cols, rows: Math.ceil(n / cols) };
}

export function QueuesView({ snap, variant, steps, name, title }: QueuesViewProps) {
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(640);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const fc = snap.fc;
  const innerW = Math.max(120, width - 2 * PAD);
  const dg = gridLayout(fc.dentry_q.length, innerW, QUEUE_H);
  const ig = gridLayout(fc.inode_q.length, innerW, QUEUE_H);
  const chips = chipLayout(snap.tasks.length, innerW);

  const yDentryLabel = HEAD_H;
  const yDentry = yDentryLabel + LABEL_H;
  const yInodeLabel = yDentry + QUEUE_H + MID_GAP;
  const yInode = yInodeLabel + LABEL_H;
  const yLock = yInode + QUEUE_H + 16;
  const yTasks = yLock + LOCK_H + 8;
  const height = yTasks + chips.rows * (CHIP_H + 6) + PAD;

  const walk = fc.walk;
  const trail = variant === 'before' ? walkTrail(steps, walk) : [];
  const target = walkTarget(fc, variant);
  const last = steps.length ? steps[steps.length - 1] : null;
  const matched = last?.kind === 'match' && walk && last.a === walk.dentry_idx;
  const dIdx = walk ? walk.dentry_idx : -1;
  const showText = (g: GridLayout) => g.boxH >= 13;
  const fontSize = (g: GridLayout) => Math.min(11, g.boxH * 0.55);

  const center = (i: number, g: GridLayout, y0: number, edge: 'top' | 'bottom') => {
    const p = boxAt(i, g);
    return { x: PAD + p.x + g.boxW / 2, y: y0 + p.y + (edge === 'top' ? 0 : g.boxH) };
  };

  let link: ReactElement | null = null;
  if (dIdx >= 0 && dIdx < fc.dentry_q.length && target >= 0 && target < fc.inode_q.length) {
    const a = center(dIdx, dg, yDentry, 'bottom');
    const b = center(target, ig, yInode, 'top');
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

  const holderOf = (id: number) => snap.tasks.find((t) => t.id === id);
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

          <text x={PAD} y={16} className="q-head">
            t = {formatNs(snap.now_ns)}
            {walk ? ` · commit by T${walk.task}` : ''}
          </text>
          <text x={PAD} y={32} className="q-sub">
            {last ? `step ${last.i}: T${last.task} on cpu ${last.cpu} ${describeStep(last)}` : ' '}
          </text>

          <text x={PAD} y={yDentryLabel + 12} className="q-label">
            dentry queue s_fc_dentry_q · {fc.dentry_q_len} create records
            {fc.dentry_q_len > fc.dentry_q.length ? ` (first ${fc.dentry_q.length} shown)` : ''}
          </text>
          <g data-testid="queue-dentry" data-len={fc.dentry_q_len} transform={`translate(${PAD},${yDentry})`}>
            {fc.dentry_q.map((d, i) => {
              const p = boxAt(i, dg);
              const cur = i === dIdx;
              const done = walk != null && i < dIdx;
              return (
                <g key={i} transform={`translate(${p.x},${p.y})`}>
                  <rect
                    width={dg.boxW}
                    height={dg.boxH}
                    rx={3}
                    className={`q-box dentry${cur ? ' current' : ''}${done ? ' done' : ''}`}
                  />
                  {showText(dg) && (
                    <text x={dg.boxW / 2} y={dg.boxH / 2} className="q-text" fontSize={fontSize(dg)} textAnchor="middle" dominantBaseline="central">
                      {d.ino}
                    </text>
                  )}
                  <title>{`dentry record #${i}: create ino ${d.ino} in dir ${d.parent}`}</title>
                </g>
              );
            })}
            {fc.dentry_q.length === 0 && (
              <text x={0} y={16} className="q-empty">
                empty
              </text>
            )}
          </g>

          <text x={PAD} y={yInodeLabel + 12} className="q-label">
            inode queue s_fc_q · {fc.inode_q_len} inodes
            {fc.inode_q_len > fc.inode_q.length ? ` (first ${fc.inode_q.length} shown)` : ''}
          </text>
          <g className="q-legend" transform={`translate(${Math.max(PAD, width - PAD - 150)},${yInodeLabel + 2})`}>
            <rect width={14} height={11} rx={2} className="q-box inode" />
            <text x={18} y={10} className="q-sub">
              file
            </text>
            <rect x={52} width={14} height={11} rx={2} className="q-box inode dir" />
            <text x={70} y={10} className="q-sub">
              directory
            </text>
          </g>
          <g data-testid="queue-inode" data-len={fc.inode_q_len} transform={`translate(${PAD},${yInode})`}>
            {fc.inode_q.map((e, i) => {
              const p = boxAt(i, ig);
              const ti = trail.indexOf(i);
              const isTarget = i === target;
              const cls = `q-box inode${e.dir ? ' dir' : ''}${isTarget ? (matched || variant === 'after' ? ' matched' : ' compared') : ''}`;
              const trailOpacity = ti >= 0 && !isTarget ? 0.25 + (0.55 * (ti + 1)) / trail.length : undefined;
              return (
                <g key={i} transform={`translate(${p.x},${p.y})`}>
                  <rect width={ig.boxW} height={ig.boxH} rx={e.dir ? 1 : 3} className={cls} />
                  {trailOpacity !== undefined && (
                    <rect width={ig.boxW} height={ig.boxH} rx={3} className="q-trail" opacity={trailOpacity} />
                  )}
                  {e.dir && <rect x={1} y={-2} width={Math.min(10, ig.boxW / 3)} height={3} className="q-tab" />}
                  {showText(ig) && (
                    <text x={ig.boxW / 2} y={ig.boxH / 2} className="q-text" fontSize={fontSize(ig)} textAnchor="middle" dominantBaseline="central">
                      {e.ino}
                    </text>
                  )}
                  <title>{`inode entry #${i}: ino ${e.ino}${e.dir ? ' (directory)' : ''}`}</title>
                </g>
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
              <rect width={108} height={30} rx={5} className={`q-lock${lock.holder >= 0 ? ' held' : ''}`} />
              <text x={54} y={15} className="q-lock-text" textAnchor="middle" dominantBaseline="central">
                {lock.name}
              </text>
              <text x={120} y={12} className="q-sub">
                {lock.holder >= 0 ? `held by T${lock.holder}${holderOf(lock.holder) ? ` (${holderOf(lock.holder)!.name})` : ''}` : 'free'}
              </text>
              <text x={120} y={27} className="q-sub">
                {lock.waiters.length ? `FIFO waiters (${lock.waiters.length}):` : 'no waiters'}
              </text>
              {lock.waiters.slice(0, 24).map((w, i) => (
                <g key={`${w}-${i}`} transform={`translate(${238 + i * 34},${16})`}>
                  <rect width={30} height={18} rx={9} fill={TASK_COLORS[holderOf(w)?.state ?? 'spin']} />
                  <text x={15} y={9} className="q-chip-text" textAnchor="middle" dominantBaseline="central">
                    T{w}
                  </text>
                  {i > 0 && <path d="M-4,9 L-1,9" stroke="#6b7385" />}
                </g>
              ))}
              {lock.waiters.length > 24 && (
                <text x={238 + 24 * 34} y={29} className="q-sub">
                  +{lock.waiters.length - 24}
                </text>
              )}
            </g>
          )}

          <g data-testid="tasks" transform={`translate(${PAD},${yTasks})`}>
            {snap.tasks.map((t, i) => {
              const x = (i % chips.cols) * (chips.chipW + 6);
              const y = Math.floor(i / chips.cols) * (CHIP_H + 6);
              const active = last?.task === t.id;
              return (
                <g key={t.id} transform={`translate(${x},${y})`} data-state={t.state}>
                  <rect width={chips.chipW} height={CHIP_H} rx={5} fill={TASK_COLORS[t.state]} className={active ? 'q-chip active' : 'q-chip'} />
                  <text x={6} y={CHIP_H / 2} className="q-chip-text" dominantBaseline="central">
                    {chips.compact ? `T${t.id}` : `T${t.id} · cpu ${t.cpu} · ${t.state}`}
                  </text>
                  <title>{`T${t.id} ${t.name} on cpu ${t.cpu}: ${t.state} in ${t.fn} (line ${t.line})`}</title>
                </g>
              );
            })}
          </g>
        </svg>
      </div>
    </figure>
  );
}
