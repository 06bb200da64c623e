/**
 * The layout of a lane timeline, a lab view of the last stretch of a run:
 * a head of two lines, the transactions as bars in rows, a lane per task
 * below them, a time axis and a legend. This gives the time scale over the
 * window, from the label column to the right edge, and the top of each band
 * down to the legend; the view places what it draws after the legend.
 */
import { scaleLinear, type ScaleLinear } from 'd3-scale';

/** The sizes every lane timeline shares, in px. */
export const LANE_VIEW = { pad: 10, headH: 40, axisH: 18, legendH: 20, lineH: 16 } as const;

/** The sizes a view chooses: its label column, a transaction bar's height, a lane's. */
export interface LaneSizes {
  labelW: number;
  txnH: number;
  laneH: number;
}

/** The window drawn: its time span in ns, its rows of transactions and its lanes. */
export interface LaneWindow {
  from: number;
  to: number;
  txnRows: number;
  lanes: readonly unknown[];
}

export interface LaneLayout {
  /** the drawing's width inside the padding */
  innerW: number;
  /** ns to x, over the window */
  x: ScaleLinear<number, number>;
  yTxn: number;
  yLanes: number;
  yAxis: number;
  yLegend: number;
}

/** The layout of `w` in a box `width` px wide. */
export function laneLayout(width: number, w: LaneWindow, s: LaneSizes): LaneLayout {
  const { pad, headH, axisH, lineH } = LANE_VIEW;
  const innerW = Math.max(260, width - 2 * pad);
  const x = scaleLinear()
    .domain([w.from, Math.max(w.to, w.from + 1)])
    .range([s.labelW, innerW]);
  const yTxn = headH + lineH;
  const yLanes = yTxn + w.txnRows * (s.txnH + 2) + 6;
  const yAxis = yLanes + Math.max(1, w.lanes.length) * s.laneH + 2;
  return { innerW, x, yTxn, yLanes, yAxis, yLegend: yAxis + axisH };
}
