/**
 * The queues' boxes and the task chips of a large configuration drawn on
 * canvases under the view's SVG, and drawn back as SVG elements into the
 * view's exports.
 *
 * At the mail's 64 ways each queue's window is 128 boxes, most with a
 * number: as SVG that is some 800 elements for React to compare and the
 * browser to style, lay out and paint at every step, longer than an
 * animation frame; on a canvas it is one element, redrawn in a millisecond.
 * So with the 64 task chips, of which dozens change state (colour, glyph)
 * in a frame of play at full speed.
 */
import type { TaskSnap } from '../../core/types';
import type { GridLayout } from '../../viz/grid/grid';
import { STATE_ON_FILL } from '../../viz/palette';
import { CHIP_H, chipText, TASK_COLORS } from '../../viz/tasks/TaskChips';
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

/* ---------------------------------------------------------------- tasks */

/** A task chip's place: the grid chipLayout() gives, as TaskChipGrid draws it. */
export interface ChipPlace {
  x: number;
  y: number;
  w: number;
}

export function chipPlace(i: number, layout: { cols: number; chipW: number }): ChipPlace {
  return { x: (i % layout.cols) * (layout.chipW + 6), y: Math.floor(i / layout.cols) * (CHIP_H + 6), w: layout.chipW };
}

/** What a task's chip says on hover, as TaskChip's title. */
export function chipTitle(t: TaskSnap): string {
  return `T${t.id} ${t.name} on cpu ${t.cpu}: ${t.state} in ${t.fn} (line ${t.line})`;
}

/** The chip font (app.css .q-chip-text) in a family. */
export const chipFont = (family: string) => `600 11px ${family}`;

/** What a chip draws: its words, its fill and its outline. A chip whose key is the one drawn is not drawn again. */
export function chipKey(t: TaskSnap, active: number | undefined, compact: boolean): string {
  return `${t.state} ${chipText(t.id, t.cpu, t.state, compact)}${t.id === active ? ' active' : ''}`;
}

/*
 * How far a chip's drawing reaches past its box: half its outline's width and the antialiasing. The chips
 * stand 6 px apart, so clearing this much around one leaves its neighbours whole.
 */
const CHIP_BLEED = 2;

/**
 * Every task's chip, as TaskChipGrid draws them in SVG: the state's fill,
 * its glyph and id in the state's ink, the active task outlined. `ctx`'s
 * origin is the grid's.
 *
 * `drawn`: the keys (chipKey) of the chips on the canvas now, by place; only
 * the chips whose key changed are cleared and drawn again (at full speed a
 * frame changes some of the 64 chips, not all), and places past the last
 * task are cleared. null: the canvas is blank, every chip is drawn. Returns
 * the keys of the chips on the canvas after.
 */
export function drawChips(
  ctx: CanvasRenderingContext2D,
  tasks: readonly TaskSnap[],
  layout: { cols: number; chipW: number; compact: boolean },
  active: number | undefined,
  family: string,
  drawn: readonly string[] | null = null,
): string[] {
  ctx.font = chipFont(family);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  const keys = tasks.map((t) => chipKey(t, active, layout.compact));
  for (let i = tasks.length; drawn && i < drawn.length; i++) {
    const p = chipPlace(i, layout);
    ctx.clearRect(p.x - CHIP_BLEED, p.y - CHIP_BLEED, p.w + 2 * CHIP_BLEED, CHIP_H + 2 * CHIP_BLEED);
  }
  tasks.forEach((t, i) => {
    if (drawn && drawn[i] === keys[i]) return;
    const p = chipPlace(i, layout);
    if (drawn) ctx.clearRect(p.x - CHIP_BLEED, p.y - CHIP_BLEED, p.w + 2 * CHIP_BLEED, CHIP_H + 2 * CHIP_BLEED);
    ctx.beginPath();
    ctx.roundRect(p.x, p.y, p.w, CHIP_H, 5);
    ctx.fillStyle = TASK_COLORS[t.state];
    ctx.fill();
    if (t.id === active) {
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#111';
      ctx.stroke();
    }
    ctx.fillStyle = STATE_ON_FILL[t.state];
    ctx.fillText(chipText(t.id, t.cpu, t.state, layout.compact), p.x + 5, p.y + CHIP_H / 2);
  });
  return keys;
}

/** The chips as SVG elements for an export, appended to `g` (the grid's group). */
export function appendChipsSvg(
  g: Element,
  tasks: readonly TaskSnap[],
  layout: { cols: number; chipW: number; compact: boolean },
  active: number | undefined,
  family: string,
): void {
  tasks.forEach((t, i) => {
    const p = chipPlace(i, layout);
    const chip = svgEl('g', {});
    const rect = svgEl('rect', { x: p.x, y: p.y, width: p.w, height: CHIP_H, rx: 5, fill: TASK_COLORS[t.state] });
    if (t.id === active) {
      rect.setAttribute('stroke', '#111');
      rect.setAttribute('stroke-width', '2');
    }
    chip.appendChild(rect);
    const text = svgEl('text', {
      x: p.x + 5,
      y: p.y + CHIP_H / 2,
      fill: STATE_ON_FILL[t.state],
      'font-family': family,
      'font-size': 11,
      'font-weight': 600,
      'dominant-baseline': 'central',
    });
    text.textContent = chipText(t.id, t.cpu, t.state, layout.compact);
    chip.appendChild(text);
    chip.appendChild(svgEl('title', {})).textContent = chipTitle(t);
    g.appendChild(chip);
  });
}

/** The task under the point (x, y) of the chip grid, or null. */
export function chipAtPoint(tasks: readonly TaskSnap[], layout: { cols: number; chipW: number }, x: number, y: number): TaskSnap | null {
  if (x < 0 || y < 0) return null;
  const col = Math.floor(x / (layout.chipW + 6));
  const row = Math.floor(y / (CHIP_H + 6));
  if (col >= layout.cols || x - col * (layout.chipW + 6) > layout.chipW || y - row * (CHIP_H + 6) > CHIP_H) return null;
  return tasks[row * layout.cols + col] ?? null;
}
