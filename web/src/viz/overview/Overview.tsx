/**
 * The bar of overview.ts: the whole structure as one strip, shaded by its
 * per-segment counts, the visited part, the window drawn below it and the
 * cursor, with the caption that says what the bar aggregates. At most a
 * few dozen elements, whatever the structure's size.
 */
import { memo } from 'react';
import { FitText } from '../text/FitText';
import { overviewCaption, overviewLayout, type SnapWindow } from './overview';

/** height of the caption line and of the bar, px */
export const OVERVIEW_CAPTION_H = 16;
export const OVERVIEW_BAR_H = 14;
export const OVERVIEW_H = OVERVIEW_CAPTION_H + OVERVIEW_BAR_H + 6;

/* the bar's colours: the strip, its segments' shade, the visited part, the window's outline, the cursor */
const C = { all: '#eef1f7', allStroke: '#8c95ab', segment: '#5b6b8c', visited: '#2e9d5b', window: '#e08a1e', cursor: '#c0392b', text: '#333' };

export interface OverviewProps {
  win: SnapWindow;
  width: number;
  /** entries passed from the start (the walk's visited part); 0: none */
  visited?: number;
  /** per-segment counts over equal segments of the whole */
  counts?: readonly number[];
  /** what a segment counts, for its tooltip ("directories") */
  countWords?: string;
  words: { one: string; many: string; where: string; around?: string };
  testId?: string;
}

export const Overview = memo(function Overview({ win, width, visited = 0, counts = [], countWords = '', words, testId }: OverviewProps) {
  const o = overviewLayout(win, width, visited, counts);
  const caption = overviewCaption(win, width, words);
  const y = OVERVIEW_CAPTION_H;
  return (
    <g className="overview" data-testid={testId} data-of={win.of} data-from={win.from} data-to={win.to} data-cursor={win.cursor}>
      <FitText x={0} y={11} width={width} className="overview-caption" testId={testId && `${testId}-caption`}>
        {caption}
      </FitText>
      <rect x={0} y={y} width={width} height={OVERVIEW_BAR_H} className="overview-all" fill={C.all} stroke={C.allStroke}>
        <title>{caption}</title>
      </rect>
      {o.segments.map((s, k) =>
        s.count > 0 ? (
          <rect key={k} x={s.x} y={y} width={s.w} height={OVERVIEW_BAR_H} className="overview-segment" fill={C.segment} opacity={0.15 + 0.6 * s.share}>
            <title>{`#${Math.round((k * win.of) / o.segments.length)}…: ${s.count} ${countWords}`}</title>
          </rect>
        ) : null,
      )}
      {o.visited && (
        <rect x={o.visited.x} y={y + OVERVIEW_BAR_H - 4} width={o.visited.w} height={4} className="overview-visited" fill={C.visited} data-testid={testId && `${testId}-visited`}>
          <title>{`visited: ${visited} of ${win.of}`}</title>
        </rect>
      )}
      <rect x={o.window.x} y={y - 2} width={o.window.w} height={OVERVIEW_BAR_H + 4} className="overview-window" fill="none" stroke={C.window} strokeWidth={1.5} />
      {o.cursor !== null && (
        <rect
          x={o.cursor - 1}
          y={y - 4}
          width={2}
          height={OVERVIEW_BAR_H + 7}
          className="overview-cursor"
          fill={C.cursor}
          data-testid={testId && `${testId}-cursor`}
        >
          <title>{`entry #${win.cursor}`}</title>
        </rect>
      )}
    </g>
  );
});
