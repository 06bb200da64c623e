/**
 * The frame of a lab's animation view: a figure whose caption holds the
 * pane's title, a line about the snapshot and the export buttons, over an
 * SVG as wide as its box and as high as the view's layout says. The view
 * lays itself out from the box's width (useViewFrame) and draws the SVG's
 * content, under its head (ViewHead); the frame draws the rest, the same
 * for every view.
 */
import { useRef, type ReactNode, type RefObject } from 'react';
import { formatDuration } from '../../../../lib/format';
import type { Step } from '../../core/types';
import { ExportButtons, svgRefExporter } from '../export/ExportButtons';
import { FitText } from '../text/FitText';
import { useElementWidth } from '../useElementWidth';

/** The box a view is drawn in: its measured width, and the refs the frame sets. */
export interface ViewBox {
  wrapRef: RefObject<HTMLDivElement | null>;
  svgRef: RefObject<SVGSVGElement | null>;
  /** the box's width in px (640 until it is measured) */
  width: number;
}

/** The box of a view, measured once it is on the page. */
export function useViewFrame(): ViewBox {
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(640);
  const svgRef = useRef<SVGSVGElement | null>(null);
  return { wrapRef, svgRef, width };
}

export interface ViewFrameProps {
  box: ViewBox;
  /** the figure's class beside "chart" */
  figureClass: string;
  /** the class of the box around the SVG */
  boxClass: string;
  /** the pane's variant and step: its heading, and the caption its exports carry */
  title: string;
  /** the caption's line about the snapshot */
  caption: ReactNode;
  /** the name of the exported files */
  name: string;
  height: number;
  /** the SVG's text alternative */
  label: string;
  testId: string;
  variant?: string;
  children: ReactNode;
}

export function ViewFrame({ box, figureClass, boxClass, title, caption, name, height, label, testId, variant, children }: ViewFrameProps) {
  const { wrapRef, svgRef, width } = box;
  return (
    <figure className={`chart ${figureClass}`}>
      <figcaption>
        <span className="chart-title">{title}</span>
        <span className="muted">{caption}</span>
        <ExportButtons name={name} exporter={svgRefExporter(svgRef, title)} />
      </figcaption>
      <div ref={wrapRef} className={boxClass} style={{ height }}>
        <svg
          ref={svgRef}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={label}
          data-testid={testId}
          data-variant={variant}
        >
          {children}
        </svg>
      </div>
    </figure>
  );
}

export interface ViewHeadProps {
  x: number;
  width: number;
  /** the snapshot's time, ns */
  now: number;
  /** what the variant does */
  words: string;
  /** the step shown, if any, and what it did in words */
  last: Step | null;
  describe: (step: Step) => string;
  /** the test id of the step's line */
  testId: string;
}

/** The two lines atop a view: the time and the variant's words, then the step shown and what it did. */
export function ViewHead({ x, width, now, words, last, describe, testId }: ViewHeadProps) {
  return (
    <>
      <FitText x={x} y={16} width={width} className="q-head">
        {`t = ${formatDuration(now)} · ${words}`}
      </FitText>
      <FitText x={x} y={32} width={width} className="q-sub" testId={testId}>
        {last ? `step ${last.i}: T${last.task} on cpu ${last.cpu} ${describe(last)}` : ' '}
      </FitText>
    </>
  );
}
