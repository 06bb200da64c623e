/**
 * One variant at one step: the last ~200 ms of the run. On top, the
 * journal's transactions, each a bar from its start (running, green) through
 * T_LOCKED (committing, orange) to its commit block, labelled with the
 * handles that joined it. Below, a lane per fio job: waiting for i_rwsem
 * (grey), writing (blue), in fsync outside writepages (light teal), in
 * ext4_writepages (purple), waiting for the commit (amber). Jobs in lockstep
 * leave their commit waits together; drifting jobs leave them one by one.
 * Then the page cache, one cell a page, and every task.
 */
import { memo, useMemo } from 'react';
import { formatDuration, formatNumber } from '../../../../lib/format';
import type { PaneProps } from '../../app/LabPage';
import { CHIP_H, chipLayout, TaskChipGrid } from '../../viz/tasks/TaskChips';
import { FitText } from '../../viz/text/FitText';
import { legendLayout, SwatchLegend, TimeAxis } from '../../viz/timeline/TimeAxis';
import { useViewFrame, ViewFrame, ViewHead } from '../../viz/frame/ViewFrame';
import { LANE_VIEW, laneLayout } from '../../viz/timeline/laneLayout';
import { buildLanes, LANE_KINDS, type Lane, type LaneKind, type TxnBar } from './lanes';
import type { EwbSnapshot, EwbState } from './schema';
import { describeEwbStep } from './steps';

const { pad: PAD, headH: HEAD_H, legendH: LEGEND_H, lineH: LINE_H } = LANE_VIEW;
const LABEL_W = 56;
const TXN_H = 18;
const LANE_H = 12;
const PAGE_CELL = 7;

export const LANE_COLORS: Record<LaneKind, string> = {
  i_rwsem: '#9aa0aa',
  write: '#2a7fbf',
  fsync: '#9fd3cf',
  writepages: '#7b5ea7',
  commit: '#e39b2d',
};

const LANE_WORDS: Record<LaneKind, string> = {
  i_rwsem: 'waits for i_rwsem',
  write: 'writes',
  fsync: 'fsync: waits for writeback, flush',
  writepages: 'in ext4_writepages',
  commit: 'waits for the commit',
};

const PAGE_COLORS: Record<string, string> = { '.': '#eef0f4', d: '#f3c77a', t: '#e08e45', w: '#7b5ea7', W: '#c0392b' };

export const VARIANT_WORDS: Record<EwbState['variant'], string> = {
  before: 'before (6b8ed62008a4 reverted): every fsync takes a handle and scans again',
  after: 'after (v5.8 on): an overwrite starts no handle in ext4_writepages',
};

export type LanesViewProps = PaneProps<EwbSnapshot>;

export const LanesView = memo(function LanesView({ snap, variant, steps, name, title }: LanesViewProps) {
  const box = useViewFrame();
  const { width } = box;
  const e = snap.ext4;
  const tl = useMemo(() => buildLanes(snap), [snap]);
  const { innerW, x, yTxn, yLanes, yAxis, yLegend } = laneLayout(width, tl, { labelW: LABEL_W, txnH: TXN_H, laneH: LANE_H });
  const chips = chipLayout(snap.tasks.length, innerW);
  const perRow = Math.max(1, Math.floor((innerW - LABEL_W) / PAGE_CELL));
  const pageRows = Math.ceil(e.pages.length / perRow);

  const legendRows = legendLayout(LEGEND.map(([label]) => label), innerW - LABEL_W, LEGEND_H).rows;
  const yPages = yLegend + legendRows * LEGEND_H + 8;
  const yJournal = yPages + pageRows * PAGE_CELL + LINE_H;
  const yTasks = yJournal + LINE_H * 2 + 6;
  const height = yTasks + chips.rows * (CHIP_H + 6) + PAD;
  const last = steps.length ? steps[steps.length - 1] : null;
  const j = e.journal;

  return (
    <ViewFrame
      box={box}
      figureClass="ewb-figure"
      boxClass="ewb-view"
      title={title}
      caption={
        <>
            {e.kernel} · {e.sync} · running transaction {j.running_tid || 'none'} ({j.running_state}, {j.t_handle_count} handles) · committed{' '}
            {j.commit_sequence}
        </>
      }
      name={name}
      height={height}
      label={`fio jobs and jbd2 transactions over time, ${variant}`}
      testId="ewb-view"
      variant={e.variant}
    >
      <ViewHead
        x={PAD}
        width={innerW}
        now={snap.now_ns}
        words={VARIANT_WORDS[e.variant]}
        last={last}
        describe={(step) => describeEwbStep(step, snap.locks)}
        testId="ewb-step"
      />
      <g transform={`translate(${PAD},0)`}>
        <FitText x={0} y={HEAD_H + 10} width={innerW} className="q-label" testId="ewb-window">
          {`the last ${formatDuration(tl.to - tl.from)}: ${tl.txns.length} transactions${tl.handlesPerTxn === null ? '' : `, ${formatNumber(tl.handlesPerTxn, { digits: 3 })} handles each`} · ${tl.releases.commits} commits released ${formatNumber(tl.releases.jobsPerCommit, { digits: 3 })} waiting jobs each${tl.full ? ' · older records lost' : ''}`}
        </FitText>
        <text x={0} y={yTxn + 13} className="q-sub">
          jbd2
        </text>
        <g data-testid="ewb-txns">
          {tl.txns.map((t) => (
            <TxnView key={t.tid} t={t} x={x} y={yTxn + t.row * (TXN_H + 2)} />
          ))}
        </g>
        <g data-testid="ewb-lanes">
          {tl.lanes.map((lane, i) => (
            <LaneView key={lane.job} lane={lane} x={x} y={yLanes + i * LANE_H} right={innerW} />
          ))}
        </g>
        <TimeAxis x={x} y={yAxis} from={tl.from} ticks={Math.max(2, Math.floor((innerW - LABEL_W) / 80))} />
        <SwatchLegend entries={LEGEND} x={LABEL_W} y={yLegend} width={innerW - LABEL_W} rowH={LEGEND_H} className="ewb-legend" />
        <text x={0} y={yPages + 7} className="q-sub">
          pages
        </text>
        <g data-testid="ewb-pages" transform={`translate(${LABEL_W},${yPages})`}>
          {[...e.pages].map((c, i) => (
            <rect
              key={i}
              x={(i % perRow) * PAGE_CELL}
              y={Math.floor(i / perRow) * PAGE_CELL}
              width={PAGE_CELL - 1}
              height={PAGE_CELL - 1}
              fill={PAGE_COLORS[c] ?? '#ccc'}
            />
          ))}
        </g>
        <FitText x={0} y={yJournal + 4} width={innerW} className="q-sub" testId="ewb-cache">
          {`page cache: ${e.nr_dirty} dirty (${e.nr_towrite} tagged TOWRITE), ${e.nr_writeback} under writeback · i_sync_tid ${e.i_sync_tid} · device: ${formatNumber(e.device.requests)} requests, ${formatNumber(e.device.merges)} merges, ${formatNumber(e.device.flushes)} flushes, ${formatDuration(e.device.queued_ns)} queued`}
        </FitText>
        <FitText x={0} y={yJournal + 4 + LINE_H} width={innerW} className="q-sub" testId="ewb-journal">
          {`jbd2: ${formatNumber(j.transactions)} transactions, ${formatNumber(j.handles)} handles (${formatNumber(j.transactions ? j.handles / j.transactions : 0, { digits: 3 })} each) · average commit ${formatDuration(j.average_commit_time_us * 1e3)} · ${e.jobs.filter((jb) => jb.handle).length} jobs hold a handle`}
        </FitText>
        <g data-testid="tasks" transform={`translate(0,${yTasks})`}>
          <TaskChipGrid tasks={snap.tasks} layout={chips} activeTask={last?.task} />
        </g>
      </g>
    </ViewFrame>
  );
});

type Scale = (ns: number) => number;

function TxnView({ t, x, y }: { t: TxnBar; x: Scale; y: number }) {
  const x0 = Math.max(LABEL_W, x(t.start));
  const xl = t.locked === null ? null : Math.max(LABEL_W, x(t.locked));
  const x1 = Math.max(x0 + 0.5, x(t.end));
  return (
    <g data-testid="ewb-txn" data-tid={t.tid} data-handles={t.handles} data-open={t.open}>
      <title>{`transaction ${t.tid}: ${t.handles} handles · running ${formatDuration((t.locked ?? t.end) - t.start)}${t.locked === null ? ' so far' : ` · committing ${formatDuration(t.end - t.locked)}${t.open ? ' so far' : ''}`}${t.approx ? ' (end seen late)' : ''}`}</title>
      <rect x={x0} y={y} width={Math.max(0.5, (xl ?? x1) - x0)} height={TXN_H} fill="#cfe3c8" className="ewb-seg" />
      {xl !== null && <rect x={xl} y={y} width={Math.max(0.5, x1 - xl)} height={TXN_H} fill="#e08e45" className="ewb-seg" />}
      {x1 - x0 > 22 && (
        <text x={x0 + 2} y={y + 12} className="ewb-txn-label">
          {t.handles}
        </text>
      )}
    </g>
  );
}

function LaneView({ lane, x, y, right }: { lane: Lane; x: Scale; y: number; right: number }) {
  return (
    <g data-testid="ewb-lane" data-job={lane.job} data-items={lane.items.length}>
      <text x={0} y={y + 9} className="ewb-lane-label">
        {`fio/${lane.job}`}
      </text>
      <line x1={LABEL_W} x2={right} y1={y + LANE_H / 2} y2={y + LANE_H / 2} className="ewb-lane-line" />
      {lane.items.map((it, i) => {
        const x0 = Math.max(LABEL_W, x(it.from));
        return (
          <rect key={i} x={x0} y={y + 1} width={Math.max(0.5, x(it.to) - x0)} height={LANE_H - 2} fill={LANE_COLORS[it.kind]} data-kind={it.kind}>
            <title>{`fio/${lane.job}: ${it.phase}, ${formatDuration(it.to - it.from)}${it.open ? ' so far' : ''}`}</title>
          </rect>
        );
      })}
    </g>
  );
}

const LEGEND: [string, string][] = [
  ...LANE_KINDS.map((k): [string, string] => [LANE_WORDS[k], LANE_COLORS[k]]),
  ['transaction running', '#cfe3c8'],
  ['committing (handles: its label)', '#e08e45'],
];
