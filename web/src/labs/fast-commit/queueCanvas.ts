/**
 * The queues' boxes of a large configuration drawn on one canvas under the
 * view's SVG, and drawn back as SVG elements into the view's exports.
 *
 * At the mail's 64 ways each queue's window is 128 boxes, most with a
 * number: as SVG that is some 800 elements for React to compare and the
 * browser to style, lay out and paint at every step, longer than an
 * animation frame; on a canvas it is one element, redrawn in a millisecond.
 */
import type { GridLayout } from '../../viz/grid/grid';
import { BOX_TEXT, BOX_TONES, boxUnder, TAB_FILL, TRAIL_FILL, type BoxTone, type QueueBox } from './queues';

/** A queue's boxes, their grid, and where the grid starts in the SVG's units. */
export interface PlacedQueue {
  /** which queue: its group in the SVG is data-queue="<name>" */
  name: 'dentry' | 'inode';
  boxes: readonly QueueBox[];
  grid: GridLayout;
  x: number;
  y: number;
  fontSize: number;
}

/** The box of any of `queues` at the SVG's point (x, y), or null. */
export function boxAtPoint(queues: readonly PlacedQueue[], x: number, y: number): QueueBox | null {
  for (const q of queues) {
    const b = boxUnder(q.boxes, q.grid, x - q.x, y - q.y);
    if (b) return b;
  }
  return null;
}

/** A directory's tab: a strip over the box's top left. */
export function tabRect(b: QueueBox): { x: number; y: number; w: number; h: number } {
  return { x: b.x + 1, y: b.y - 2, w: Math.min(10, b.w / 3), h: 3 };
}

/* the tones drawn last are those with a thick outline: nothing is drawn over them */
const TONE_ORDER = (Object.keys(BOX_TONES) as BoxTone[]).sort((a, b) => BOX_TONES[a].strokeWidth - BOX_TONES[b].strokeWidth);

/**
 * Draws the queues onto `ctx`, whose origin is the SVG's (0, `top`), as the
 * SVG draws them: boxes, trail, tabs, numbers. The boxes of a tone are one
 * path, filled and outlined once: a few dozen calls a frame, not a thousand.
 */
export function drawQueues(ctx: CanvasRenderingContext2D, queues: readonly PlacedQueue[], top: number, fontFamily: string): void {
  for (const q of queues) {
    ctx.save();
    ctx.translate(q.x, q.y - top);
    for (const tone of TONE_ORDER) {
      ctx.beginPath();
      let any = false;
      for (const b of q.boxes)
        if (b.tone === tone) {
          ctx.roundRect(b.x, b.y, b.w, b.h, b.rx);
          any = true;
        }
      if (!any) continue;
      const t = BOX_TONES[tone];
      ctx.fillStyle = t.fill;
      ctx.fill();
      ctx.lineWidth = t.strokeWidth;
      ctx.strokeStyle = t.stroke;
      ctx.stroke();
    }
    ctx.fillStyle = TRAIL_FILL;
    for (const b of q.boxes)
      if (b.trail !== null) {
        ctx.globalAlpha = b.trail;
        ctx.beginPath();
        ctx.roundRect(b.x, b.y, b.w, b.h, 3);
        ctx.fill();
      }
    ctx.globalAlpha = 1;
    ctx.fillStyle = TAB_FILL;
    for (const b of q.boxes)
      if (b.tab) {
        const t = tabRect(b);
        ctx.fillRect(t.x, t.y, t.w, t.h);
      }
    if (q.fontSize > 0) {
      ctx.font = `${q.fontSize}px ${fontFamily}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = BOX_TEXT;
      for (const b of q.boxes) ctx.fillText(String(b.ino), b.x + b.w / 2, b.y + b.h / 2);
    }
    ctx.restore();
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';

function svgEl(name: string, attrs: Record<string, string | number>): SVGElement {
  const el = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/**
 * The boxes of one queue as SVG elements with their colours inlined, as the
 * small configurations draw them, for an export: appended to `g`, the
 * queue's group (its origin is the grid's).
 */
export function appendQueueSvg(g: Element, q: PlacedQueue, fontFamily: string): void {
  for (const b of q.boxes) {
    const tone = BOX_TONES[b.tone];
    const rect = svgEl('rect', { x: b.x, y: b.y, width: b.w, height: b.h, rx: b.rx, fill: tone.fill, stroke: tone.stroke, 'stroke-width': tone.strokeWidth });
    rect.appendChild(svgEl('title', {})).textContent = b.title;
    g.appendChild(rect);
    if (b.trail !== null) g.appendChild(svgEl('rect', { x: b.x, y: b.y, width: b.w, height: b.h, rx: 3, fill: TRAIL_FILL, opacity: b.trail }));
    if (b.tab) {
      const t = tabRect(b);
      g.appendChild(svgEl('rect', { x: t.x, y: t.y, width: t.w, height: t.h, fill: TAB_FILL }));
    }
    if (q.fontSize > 0) {
      const text = svgEl('text', {
        x: b.x + b.w / 2,
        y: b.y + b.h / 2,
        fill: BOX_TEXT,
        'font-family': fontFamily,
        'font-size': q.fontSize,
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
      });
      text.textContent = String(b.ino);
      g.appendChild(text);
    }
  }
}
