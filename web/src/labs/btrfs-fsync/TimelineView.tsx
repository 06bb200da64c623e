/**
 * One variant at one step: the last ~40 ms of the run as a timeline. On
 * top, the transactions, each a bar split by its state, the stretch from
 * SUPER_COMMITTED to COMPLETED hatched and labelled with the extents its
 * committer unpinned. Below, a lane per task that committed or waited:
 * its commits in grey, its waits coloured by the state they want (amber
 * COMPLETED, teal SUPER_COMMITTED, blue UNBLOCKED), the part of a wait for
 * COMPLETED that outlasted SUPER_COMMITTED outlined in red: time spent
 * waiting for the unpin. Then the transaction list, the clients and every
 * task.
 */
import { memo, useMemo } from 'react';
import { formatDuration, formatNumber } from '../../../../lib/format';
import type { PaneProps } from '../../app/LabPage';
import { CHIP_H, chipLayout, TaskChipGrid } from '../../viz/tasks/TaskChips';
import { FitText } from '../../viz/text/FitText';
import { legendLayout, SwatchLegend, TimeAxis, type LegendEntry } from '../../viz/timeline/TimeAxis';
import { useViewFrame, ViewFrame, ViewHead } from '../../viz/frame/ViewFrame';
import { LANE_VIEW, laneLayout } from '../../viz/timeline/laneLayout';
import type { BfSnapshot, BfState, TransState } from './schema';
import { describeBfStep } from './steps';
import { buildTimeline, waitAfterSuper, type Lane, type LaneItem, type TxnBar } from './timeline';
import { OKABE_ITO } from '../../viz/palette';

const { pad: PAD, headH: HEAD_H, legendH: LEGEND_H, lineH: LINE_H } = LANE_VIEW;
const LABEL_W = 96;
const TXN_H = 22;
const LANE_H = 18;

/** The colour of each state on the transactions' bars. */
export const STATE_COLORS: Record<TransState, string> = {
  RUNNING: '#cfe3c8',
  COMMIT_PREP: '#f3d9a4',
  COMMIT_START: '#eeb96b',
  COMMIT_DOING: '#e08e45',
  UNBLOCKED: '#c9a6e0',
  SUPER_COMMITTED: '#f6e7a8',
  COMPLETED: '#dddddd',
};

/** The colour of a wait by the state it wants. */
const WANT_COLORS: Partial<Record<TransState, string>> = {
  COMPLETED: OKABE_ITO.orange,
  SUPER_COMMITTED: OKABE_ITO.bluishGreen,
  UNBLOCKED: OKABE_ITO.blue,
};

export const VARIANT_WORDS: Record<BfState['variant'], string> = {
  before: 'before (up to 5.11): fsyncs that meet a commit wait for COMPLETED',
  after: 'after (5.12): fsyncs wait for SUPER_COMMITTED only',
  '6.12': '6.12: as after, but a fallback commits through a fresh handle that waits for COMPLETED',
};

export type TimelineViewProps = PaneProps<BfSnapshot>;

export const TimelineView = memo(function TimelineView({ snap, variant, steps, name, title }: TimelineViewProps) {
  const box = useViewFrame();
  const { width } = box;
  const bf = snap.btrfs;
  const tl = useMemo(() => buildTimeline(snap), [snap]);
  const saved = useMemo(() => waitAfterSuper(tl), [tl]);
  const { innerW, x, yTxn, yLanes, yAxis, yLegend } = laneLayout(width, tl, { labelW: LABEL_W, txnH: TXN_H, laneH: LANE_H });
  const chips = chipLayout(snap.tasks.length, innerW);
  const waiting = bf.clients.filter((c) => c.waiting);

  const yList = yLegend + legendLayout(LEGEND_ALL.map(([label]) => label), innerW - LABEL_W, LEGEND_H).rows * LEGEND_H + 8;
  const yClients = yList + LINE_H * (1 + Math.max(1, bf.trans_list.length));
  const yStats = yClients + LINE_H * 2;
  const yTasks = yStats + LINE_H * 2 + 6;
  const height = yTasks + chips.rows * (CHIP_H + 6) + PAD;
  const last = steps.length ? steps[steps.length - 1] : null;
  const st = bf.stats;

  return (
    <ViewFrame
      box={box}
      figureClass="bf-figure"
      boxClass="bf-view"
      title={title}
      caption={
        <>
            {bf.log} · running transaction {bf.running_transid || 'none'} · last committed {bf.last_committed} ·{' '}
            {formatNumber(bf.commit_stats.commits)} commits
        </>
      }
      name={name}
      height={height}
      label={`btrfs transaction timeline, ${variant}`}
      testId="bf-view"
      variant={bf.variant}
    >
      <defs>
        <pattern id={`bf-unpin-${variant}`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" fill={STATE_COLORS.SUPER_COMMITTED} />
          <line x1="0" y1="0" x2="0" y2="6" stroke="#b08a1e" strokeWidth="2" />
        </pattern>
      </defs>
      <ViewHead
        x={PAD}
        width={innerW}
        now={snap.now_ns}
        words={VARIANT_WORDS[bf.variant]}
        last={last}
        describe={(step) => describeBfStep(step, snap.locks)}
        testId="bf-step"
      />
      <g transform={`translate(${PAD},0)`}>
        <FitText x={0} y={HEAD_H + 10} width={innerW} className="q-label" testId="bf-window">
          {`the last ${formatDuration(tl.to - tl.from)}: ${tl.txns.length} transactions, ${tl.lanes.length} tasks that committed or waited${tl.hiddenLanes ? ` (${tl.hiddenLanes} more not drawn)` : ''}${saved.waits ? ` · ${saved.waits} waits sat ${formatDuration(saved.ns)} through unpins` : ''}`}
        </FitText>
        <text x={0} y={yTxn + 15} className="q-sub">
          transactions
        </text>
        <g data-testid="bf-txns">
          {tl.txns.map((t) => (
            <TxnBarView key={t.transid} t={t} x={x} y={yTxn + t.row * (TXN_H + 2)} pattern={`url(#bf-unpin-${variant})`} />
          ))}
        </g>
        <g data-testid="bf-lanes">
          {tl.lanes.length === 0 && (
            <text x={LABEL_W} y={yLanes + 12} className="q-empty">
              no task committed or waited in this window
            </text>
          )}
          {tl.lanes.map((lane, i) => (
            <LaneView key={lane.task} lane={lane} x={x} y={yLanes + i * LANE_H} right={innerW} />
          ))}
        </g>
        <TimeAxis x={x} y={yAxis} from={tl.from} ticks={Math.max(2, Math.floor((innerW - LABEL_W) / 80))} />
        <SwatchLegend entries={LEGEND_ALL} x={LABEL_W} y={yLegend} width={innerW - LABEL_W} rowH={LEGEND_H} className="bf-legend" />

        <text x={0} y={yList + 12} className="q-label">
          fs_info→trans_list
        </text>
        <g data-testid="bf-trans-list">
          {bf.trans_list.length === 0 && (
            <text x={130} y={yList + 12} className="q-empty">
              empty: no transaction is open
            </text>
          )}
          {bf.trans_list.map((t, i) => (
            <g key={t.transid} data-testid="bf-trans" data-state={t.state}>
              <FitText x={130} y={yList + 12 + i * LINE_H} width={innerW - 130} className="q-sub">
              {`${t.transid}: ${t.state} · ${t.num_writers} writers (${t.num_extwriters} external) · ${formatNumber(t.dirty_blocks)} blocks COWed · ${formatNumber(t.pinned)} pinned${t.unpinned ? `, ${formatNumber(t.unpinned)} unpinned` : ''}${t.committer >= 0 ? ` · committer T${t.committer}` : ''}`}
              </FitText>
            </g>
          ))}
        </g>
        <FitText x={0} y={yClients + 12} width={innerW} className="q-sub" testId="bf-clients">
          {`${bf.clients.length} clients · ${waiting.length} waiting on a transaction${waiting.length ? `: ${waiting
            .slice(0, 8)
            .map((c) => `T${c.task} for ${c.waiting!.transid} ${c.waiting!.want} (${c.waiting!.site})`)
            .join(', ')}${waiting.length > 8 ? ', …' : ''}` : ''} · log tree ${bf.log_tree.log_transid}${bf.log_tree.committing ? ' committing' : ''}, ${bf.log_tree.writers} writers${bf.log_full_commit ? ' · the transaction needs a full commit' : ''}`}
        </FitText>
        <FitText x={0} y={yStats + 12} width={innerW} className="q-sub" testId="bf-stats">
          {`fsyncs ${formatNumber(st.fsyncs)} · log syncs ${formatNumber(st.log_syncs)} · fallbacks to a commit ${formatNumber(st.fallbacks)} · commit_stats: last ${formatNumber(bf.commit_stats.last_commit_ms, { digits: 3 })} ms, max ${formatNumber(bf.commit_stats.max_commit_ms, { digits: 3 })} ms`}
        </FitText>
        <FitText x={0} y={yStats + 12 + LINE_H} width={innerW} className="q-sub" testId="bf-waits">
          {`waits: ${formatNumber(st.join_waits)} joined a commit, ${formatNumber(st.prev_waits)} for the previous one, ${formatNumber(st.attach_waits)} through the attach barrier, ${formatNumber(st.start_waits)} starts blocked · ${formatNumber(st.completed_waits)} wanted COMPLETED, ${formatNumber(st.super_waits)} SUPER_COMMITTED · ${formatDuration(st.wait_after_super_ms * 1e6)} after SUPER_COMMITTED`}
        </FitText>
        <g data-testid="tasks" transform={`translate(0,${yTasks})`}>
          <TaskChipGrid tasks={snap.tasks} layout={chips} activeTask={last?.task} />
        </g>
      </g>
    </ViewFrame>
  );
});

type Scale = (ns: number) => number;

function TxnBarView({ t, x, y, pattern }: { t: TxnBar; x: Scale; y: number; pattern: string }) {
  const start = t.segments[0]?.from;
  return (
    <g data-testid="bf-txn" data-transid={t.transid} data-open={t.open} data-fallback={t.fallback}>
      <title>{`transaction ${t.transid}${t.committer >= 0 ? `, committed by T${t.committer}` : ''}${t.fallback ? ' (an fsync fell back)' : ''}: ${t.segments.map((s) => `${s.state} ${formatDuration(s.to - s.from)}`).join(', ')}`}</title>
      {t.segments.map((s) => (
        <rect
          key={s.state}
          x={Math.max(LABEL_W, x(s.from))}
          y={y}
          width={Math.max(0.5, x(s.to) - Math.max(LABEL_W, x(s.from)))}
          height={TXN_H}
          fill={s.state === 'SUPER_COMMITTED' ? pattern : STATE_COLORS[s.state]}
          className="bf-seg"
          data-state={s.state}
        />
      ))}
      {start !== undefined && x(t.segments[t.segments.length - 1]!.to) - Math.max(LABEL_W, x(start)) > 30 && (
        <text x={Math.max(x(start), LABEL_W) + 3} y={y + 9} className="bf-txn-label">
          {t.transid}
        </text>
      )}
      {t.unpin && x(t.unpin.to) - Math.max(LABEL_W, x(t.unpin.from)) > 46 && (
        <text x={Math.max(LABEL_W, x(t.unpin.from)) + 3} y={y + TXN_H - 3} className="bf-unpin-label" data-testid="bf-unpin">
          {`unpin ${formatNumber(t.pinned)}`}
        </text>
      )}
    </g>
  );
}

function LaneView({ lane, x, y, right }: { lane: Lane; x: Scale; y: number; right: number }) {
  return (
    <g data-testid="bf-lane" data-task={lane.task}>
      <text x={0} y={y + 12} className="q-sub">
        {lane.label}
      </text>
      <line x1={LABEL_W} x2={right} y1={y + LANE_H / 2} y2={y + LANE_H / 2} className="bf-lane-line" />
      {lane.items.map((it, i) => (
        <ItemView key={i} it={it} x={x} y={y} />
      ))}
    </g>
  );
}

function itemText(it: LaneItem): string {
  const d = formatDuration(it.to - it.from);
  if (it.what === 'commit') return `commits transaction ${it.transid}: ${d}${it.open ? ' so far' : ''}`;
  const after = it.afterSuper ? `, ${formatDuration(it.afterSuper.to - it.afterSuper.from)} of it after SUPER_COMMITTED` : '';
  return `waits (${it.site}) for transaction ${it.transid} to be ${it.want}: ${d}${it.open ? ' so far' : ''}${after}`;
}

function ItemView({ it, x, y }: { it: LaneItem; x: Scale; y: number }) {
  const x0 = Math.max(LABEL_W, x(it.from));
  const w = Math.max(1, x(it.to) - x0);
  const fill = it.what === 'commit' ? '#8a8f98' : (WANT_COLORS[it.want!] ?? '#999');
  return (
    <g data-testid={it.what === 'commit' ? 'bf-commit' : 'bf-wait'} data-want={it.want ?? ''} data-site={it.site ?? ''} data-transid={it.transid}>
      <title>{itemText(it)}</title>
      <rect x={x0} y={y + 3} width={w} height={LANE_H - 6} fill={fill} rx={2} />
      {it.afterSuper && (
        <rect
          x={Math.max(LABEL_W, x(it.afterSuper.from))}
          y={y + 2}
          width={Math.max(1, x(it.afterSuper.to) - Math.max(LABEL_W, x(it.afterSuper.from)))}
          height={LANE_H - 4}
          className="bf-after-super"
          data-testid="bf-after-super"
        />
      )}
    </g>
  );
}

const LEGEND: [string, string][] = [
  ['wants COMPLETED', WANT_COLORS.COMPLETED!],
  ['wants SUPER_COMMITTED', WANT_COLORS.SUPER_COMMITTED!],
  ['wants UNBLOCKED', WANT_COLORS.UNBLOCKED!],
  ['commits', '#8a8f98'],
];

const LEGEND_ALL: LegendEntry[] = [...LEGEND, ['after SUPER_COMMITTED', <rect width={10} height={10} y={2} className="bf-after-super" />]];
