/**
 * The inode hash table at one step: every bucket in an overview strip, the
 * chains that matter now drawn in full (head first, as hlist links them),
 * the tasks walking them, inode_hash_lock with its holder and FIFO waiters,
 * the grace periods in progress and what they wait for, and every task.
 *
 * Walkers under RCU and walkers holding the lock are told apart on sight:
 * an RCU reader is a dashed green outline (no lock, other readers and
 * writers go on), a locked walker a solid orange one. A grace period that
 * waits for a reader rings that reader in purple; the inodes it will free
 * are hatched on their chain until it ends.
 */
import { scaleSequential } from 'd3-scale';
import { interpolateBlues } from 'd3-scale-chromatic';
import { memo, useMemo } from 'react';
import { formatDuration } from '../../../../lib/format';
import type { PaneProps } from '../../app/LabPage';
import type { IhChain, IhSnapshot, IhWalker } from './schema';
import { boxAt, gridLayout } from '../../viz/grid/grid';
import { CHIP_H, chipLayout, LOCK_H, LockRow, TaskChipGrid } from '../../viz/tasks/TaskChips';
import { useViewFrame, ViewFrame } from '../../viz/frame/ViewFrame';
import { FitText } from '../../viz/text/FitText';
import {
  describeIhStep,
  focusChains,
  freeingBy,
  gpWaits,
  overviewCells,
  chainStart,
  tableCaption,
  type OverviewCell,
  walkersByBucket,
  walkerSlot,
  type FocusReason,
} from './hashtable';

const PAD = 10;
const HEAD_H = 40;
const LABEL_H = 18;
const OVERVIEW_H = 44;
const OVERVIEW_CELLS = 512;
/** chains drawn in full */
export const FOCUS_CHAINS = 8;
const HEAD_W = 78;
const BOX_W = 50;
const BOX_H = 20;
const BOX_GAP = 12;
const PILL_H = 14;
const ROW_H = PILL_H + BOX_H + 12;
const GP_H = 26;
const STATS_H = 20;

/** A pane of the lab page (variant 'before' takes the lock for the first lookup, 'after' walks under RCU). */
export type HashTableViewProps = PaneProps<IhSnapshot>;

const REASON_TEXT: Record<FocusReason, string> = {
  locked: 'walked under the lock',
  rcu: 'walked under RCU',
  changing: 'an inode is being set up or freed',
  long: 'one of the longest chains',
};

export const HashTableView = memo(function HashTableView({ snap, variant, steps, name, title }: HashTableViewProps) {
  const box = useViewFrame();
  const { width } = box;
  const ih = snap.ih;
  const innerW = Math.max(200, width - 2 * PAD);

  const focus = useMemo(() => focusChains(ih, FOCUS_CHAINS), [ih]);
  const cells = useMemo(() => overviewCells(ih, OVERVIEW_CELLS), [ih]);
  const waits = useMemo(() => gpWaits(ih), [ih]);
  const freeing = useMemo(() => freeingBy(ih), [ih]);
  const walkers = useMemo(() => walkersByBucket(ih), [ih]);
  const og = gridLayout(cells.length, innerW, OVERVIEW_H, 12, 1, 1, 3);
  /* shaded by the longest chain, or by non-empty chains when the snapshot did not count inodes */
  const counted = ih.segments.inodes.length > 0;
  const shade = (c: OverviewCell) => (counted ? c.maxLen : c.chains);
  const maxLen = Math.max(1, ...cells.map(shade));
  const lenColor = scaleSequential(interpolateBlues).domain([0, maxLen]);
  const slots = Math.max(1, Math.min(32, Math.floor((innerW - HEAD_W - 40) / (BOX_W + BOX_GAP))));
  const chips = chipLayout(snap.tasks.length, innerW);
  const locks = snap.locks;

  const caption = tableCaption(ih, ih.chains.length, cells.length);
  const yOverviewLabel = HEAD_H;
  const yCaption = yOverviewLabel + LABEL_H;
  const yOverview = yCaption + (caption ? LABEL_H : 0);
  const yChainsLabel = yOverview + og.rows * (og.boxH + og.gap) + 10;
  const yLegend = yChainsLabel + LABEL_H;
  const yChains = yLegend + LABEL_H + 4;
  const chainRows = Math.max(1, focus.length);
  const yLocks = yChains + chainRows * ROW_H + 8;
  const yGpLabel = yLocks + locks.length * LOCK_H + 4;
  const yGp = yGpLabel + LABEL_H;
  const gpRows = Math.max(1, ih.grace_periods.length);
  const yStats = yGp + gpRows * GP_H + 6;
  const yTasks = yStats + STATS_H + 6;
  const height = yTasks + chips.rows * (CHIP_H + 6) + PAD;

  const last = steps.length ? steps[steps.length - 1] : null;
  const st = ih.stats;

  return (
    <ViewFrame
      box={box}
      figureClass="hashtable-figure"
      boxClass="hashtable"
      title={title}
      caption={
        <>
            {ih.fs} · {ih.nr_buckets} buckets · {ih.hashed} inodes hashed
        </>
      }
      name={name}
      height={height}
      label={`inode hash table, ${variant} the patch`}
      testId="hash-table"
    >
      <defs>
        <pattern id={`ih-hatch-${name}`} width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="5" height="5" fill="#eceef3" />
          <line x1="0" y1="0" x2="0" y2="5" stroke="#9aa3b5" strokeWidth="2" />
        </pattern>
        <marker id={`ih-link-${name}`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto">
          <path d="M0,0 L10,5 L0,10 z" fill="#8c95ab" />
        </marker>
      </defs>

      <FitText x={PAD} y={16} width={innerW} className="q-head">
        {`t = ${formatDuration(snap.now_ns)} · ${variant === 'before' ? 'first lookup under inode_hash_lock' : 'first lookup under RCU'}`}
      </FitText>
      <FitText x={PAD} y={32} width={innerW} className="q-sub">
        {last ? `step ${last.i}: T${last.task} on cpu ${last.cpu} ${describeIhStep(last, locks)}` : ' '}
      </FitText>

      <FitText x={PAD} y={yOverviewLabel + 12} width={innerW} className="q-label">
        {`all ${ih.nr_buckets} buckets${cells.length < ih.nr_buckets ? ` (${cells.length} cells of ${Math.ceil(ih.nr_buckets / cells.length)})` : ''}` +
          (counted
            ? ` · darker: longer chain (longest ${maxLen})`
            : ` · darker: more non-empty chains (at most ${maxLen} a cell; too many inodes to count chains each frame)`)}
      </FitText>
      {caption && (
        <FitText x={PAD} y={yCaption + 12} width={innerW} className="q-sub" testId="table-caption">
          {caption}
        </FitText>
      )}
      <g data-testid="bucket-overview" transform={`translate(${PAD},${yOverview})`}>
        {cells.map((c, i) => {
          const p = boxAt(i, og);
          const cls = c.locked ? ' locked' : c.readers ? ' rcu' : '';
          return (
            <rect
              key={i}
              x={p.x}
              y={p.y}
              width={og.boxW}
              height={og.boxH}
              className={`ih-cell${cls}`}
              fill={shade(c) ? lenColor(shade(c)) : '#f7f8fb'}
            >
              <title>
                {`${c.first === c.last ? `bucket ${c.first}` : `buckets ${c.first}–${c.last}`}: ${counted ? `${c.inodes} inodes, longest chain ${c.maxLen}` : `${c.chains} non-empty chains`}` +
                  (c.readers ? `, ${c.readers} RCU reader${c.readers > 1 ? 's' : ''}` : '') +
                  (c.locked ? `, ${c.locked} walker${c.locked > 1 ? 's' : ''} under the lock` : '')}
              </title>
            </rect>
          );
        })}
      </g>

      <FitText x={PAD} y={yChainsLabel + 12} width={innerW} className="q-label">
        chains drawn in full: those walked now, those changing, then the longest
      </FitText>
      <Legend x={PAD} y={yLegend} hatch={`url(#ih-hatch-${name})`} />
      <g data-testid="chains" transform={`translate(${PAD},${yChains})`}>
        {focus.length === 0 && (
          <text x={0} y={16} className="q-empty">
            the table is empty
          </text>
        )}
        {focus.map((f, r) => (
          <ChainRow
            key={f.chain.bucket}
            y={r * ROW_H}
            chain={f.chain}
            reason={f.reason}
            slots={slots}
            rcu={walkers.get(f.chain.bucket)?.rcu ?? NO_WALKERS}
            locked={walkers.get(f.chain.bucket)?.locked ?? NO_WALKERS}
            waits={waits}
            freeing={freeing}
            hatch={`url(#ih-hatch-${name})`}
            marker={`url(#ih-link-${name})`}
          />
        ))}
      </g>

      {locks.map((lock, i) => (
        <g key={lock.name} data-testid={`lock-${lock.name}`} transform={`translate(${PAD},${yLocks + i * LOCK_H})`}>
          <LockRow lock={lock} tasks={snap.tasks} width={innerW} boxW={140} />
        </g>
      ))}

      <text x={PAD} y={yGpLabel + 12} className="q-label">
        RCU grace periods
      </text>
      <g data-testid="grace-periods" transform={`translate(${PAD},${yGp})`}>
        {ih.grace_periods.length === 0 && (
          <text x={0} y={14} className="q-empty">
            none in progress: no inode is waiting to be freed
          </text>
        )}
        {ih.grace_periods.map((gp, i) => (
          <g key={gp.id} data-testid="grace-period" transform={`translate(0,${i * GP_H})`}>
            <rect width={118} height={20} rx={10} className="ih-gp" />
            <text x={59} y={10} className="ih-gp-text" textAnchor="middle" dominantBaseline="central">
              {`GP #${gp.id} · ${formatDuration(Math.max(0, snap.now_ns - gp.started_ns))}`}
            </text>
            <FitText x={128} y={14} width={innerW - 128} className="q-sub">
              {(gp.waiting_for.length
                ? `waits for ${gp.waiting_for.map((t) => `T${t}`).join(' ')} (read sections begun before it)`
                : 'waits for no reader: ends at its minimum length') +
                (gp.freeing.length ? ` · then frees ino ${gp.freeing.slice(0, 8).join(', ')}${gp.freeing.length > 8 ? ` +${gp.freeing.length - 8}` : ''}` : '')}
            </FitText>
          </g>
        ))}
      </g>

      <FitText x={PAD} y={yStats + 14} width={innerW} className="q-sub" testId="ih-stats">
        {`lookups ${st.lookups} (hits ${st.hits}, misses ${st.misses}) · inserts ${st.inserts} · RCU retries ${st.rcu_retries} · inode_hash_lock taken ${st.hash_lock_acquisitions}× · stats ${st.stats}`}
      </FitText>

      <g data-testid="tasks" transform={`translate(${PAD},${yTasks})`}>
        <TaskChipGrid tasks={snap.tasks} layout={chips} activeTask={last?.task} />
      </g>
    </ViewFrame>
  );
});

const NO_WALKERS: readonly IhWalker[] = [];

function Legend({ x, y, hatch }: { x: number; y: number; hatch: string }) {
  return (
    <g className="ih-legend" transform={`translate(${x},${y})`}>
      <rect width={14} height={11} rx={2} className="ih-inode live" />
      <text x={18} y={10} className="q-sub">
        live
      </text>
      <rect x={50} width={14} height={11} rx={2} className="ih-inode new" />
      <text x={68} y={10} className="q-sub">
        I_NEW
      </text>
      <rect x={110} width={14} height={11} rx={2} className="ih-inode freeing" fill={hatch} />
      <text x={128} y={10} className="q-sub">
        freeing
      </text>
      <rect x={178} width={14} height={11} rx={3} className="ih-walker rcu" />
      <text x={196} y={10} className="q-sub">
        RCU reader
      </text>
      <rect x={274} width={14} height={11} rx={3} className="ih-walker locked" />
      <text x={292} y={10} className="q-sub">
        under the lock
      </text>
    </g>
  );
}

interface ChainRowProps {
  y: number;
  chain: IhChain;
  reason: FocusReason;
  slots: number;
  rcu: readonly IhWalker[];
  locked: readonly IhWalker[];
  waits: Map<number, number[]>;
  freeing: Map<number, number>;
  hatch: string;
  marker: string;
}

/** One bucket: its head, the inodes on its chain, and the tasks walking it. */
const ChainRow = memo(function ChainRow({ y, chain, reason, slots, rcu, locked, waits, freeing, hatch, marker }: ChainRowProps) {
  /* the slots start on the listed inode that keeps the first walker in view */
  const start = chainStart(chain, (locked[0] ?? rcu[0])?.pos ?? -1, slots);
  const shown = chain.inodes.slice(start, start + slots);
  const yBox = y + PILL_H + 4;
  const xOf = (slot: number) => HEAD_W + 14 + slot * (BOX_W + BOX_GAP);
  const first = chain.from + start;
  const hidden = chain.len - first - shown.length;

  /* walkers on the same slot stand side by side above it */
  const bySlot = new Map<number, { w: IhWalker; kind: 'rcu' | 'locked'; beyond: boolean }[]>();
  for (const [list, kind] of [
    [locked, 'locked'],
    [rcu, 'rcu'],
  ] as const)
    for (const w of list) {
      const { slot, beyond } = walkerSlot(chain, w.pos, slots, start);
      const l = bySlot.get(slot) ?? [];
      l.push({ w, kind, beyond });
      bySlot.set(slot, l);
    }

  return (
    <g data-testid="ih-chain" data-bucket={chain.bucket} data-len={chain.len} data-first={first}>
      <rect x={0} y={yBox} width={HEAD_W} height={BOX_H} rx={3} className={`ih-head ${reason}`}>
        <title>
          {`bucket ${chain.bucket}: ${chain.len} inodes; drawn because ${REASON_TEXT[reason]}` +
            (first > 0 ? `; the ${shown.length} from index ${first} drawn, around the walker` : '')}
        </title>
      </rect>
      <text x={HEAD_W / 2} y={yBox + BOX_H / 2} className="ih-head-text" textAnchor="middle" dominantBaseline="central">
        {`[${chain.bucket}] · ${chain.len}`}
      </text>
      {shown.length > 0 && (
        <line x1={HEAD_W} x2={xOf(0) - 2} y1={yBox + BOX_H / 2} y2={yBox + BOX_H / 2} stroke="#8c95ab" markerEnd={marker} strokeDasharray={first > 0 ? '2 2' : undefined}>
          {first > 0 && <title>{`${first} inodes before these`}</title>}
        </line>
      )}
      {shown.map((ino, i) => {
        const gp = freeing.get(ino.ino);
        const x = xOf(i);
        return (
          <g key={i}>
            {i > 0 && (
              <line x1={x - BOX_GAP} x2={x - 2} y1={yBox + BOX_H / 2} y2={yBox + BOX_H / 2} stroke="#8c95ab" markerEnd={marker} />
            )}
            <rect
              x={x}
              y={yBox}
              width={BOX_W}
              height={BOX_H}
              rx={3}
              className={`ih-inode ${ino.state}`}
              fill={ino.state === 'freeing' ? hatch : undefined}
              data-state={ino.state}
            >
              <title>
                {`ino ${ino.ino}: ${ino.state === 'new' ? 'I_NEW, being read in: lookups that find it wait' : ino.state === 'live' ? 'cached' : 'I_FREEING, being evicted: lookups that meet it wait until it is unhashed'}` +
                  (gp !== undefined ? `; grace period #${gp} frees it` : '')}
              </title>
            </rect>
            <text x={x + BOX_W / 2} y={yBox + BOX_H / 2} className="q-text" fontSize={10.5} textAnchor="middle" dominantBaseline="central">
              {ino.ino}
            </text>
          </g>
        );
      })}
      {hidden > 0 && (
        <text x={xOf(shown.length) + 2} y={yBox + BOX_H / 2} className="q-sub" dominantBaseline="central">
          {`… +${hidden}`}
        </text>
      )}
      {[...bySlot.entries()].map(([slot, ws]) =>
        ws.map(({ w, kind, beyond }, k) => {
          const x = xOf(slot) + k * 4;
          const gps = waits.get(w.task);
          const label = `T${w.task}`;
          const pillW = 30;
          const px = xOf(slot) + (BOX_W - ws.length * (pillW + 2)) / 2 + k * (pillW + 2);
          return (
            <g key={`${kind}-${w.task}`} data-testid={kind === 'rcu' ? 'rcu-reader' : 'locked-walker'} data-task={w.task}>
              <rect x={x - 3} y={yBox - 3} width={BOX_W + 6 - k * 8} height={BOX_H + 6} rx={5} className={`ih-walker ${kind}`} />
              <rect x={px} y={y} width={pillW} height={PILL_H} rx={7} className={`ih-pill ${kind}${gps ? ' gp-waited' : ''}`} />
              <text x={px + pillW / 2} y={y + PILL_H / 2} className="ih-pill-text" textAnchor="middle" dominantBaseline="central">
                {label}
              </text>
              <title>
                {`T${w.task} ${kind === 'rcu' ? 'walks this chain under RCU, without inode_hash_lock' : 'walks this chain holding inode_hash_lock'}` +
                  ` (at index ${w.pos}${beyond ? ', past the inodes drawn' : w.pos >= chain.len ? ', past the last inode: a miss' : ''})` +
                  (gps ? `; grace period ${gps.map((g) => `#${g}`).join(', ')} waits for it` : '')}
              </title>
            </g>
          );
        }),
      )}
    </g>
  );
});
