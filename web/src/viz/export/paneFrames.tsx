/**
 * Frames of an animation drawn away from the screen: a pane is rendered
 * into a hidden host inside the page (so that the page's CSS applies), its
 * largest SVG is serialized with its computed styles (exportChart.ts) and
 * rasterized onto a canvas.
 */
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { exportSize, serializeSvg, svgSize, svgTextToCanvas } from './exportChart';

const nextPaint = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

/**
 * The pane `element` as a canvas: rendered at `width` CSS pixels into a
 * transparent host appended to `parent`, its largest SVG drawn at `scale`,
 * under `caption` (which variant, which step) on a line of its own.
 */
export async function renderPaneCanvas(
  element: ReactElement,
  parent: HTMLElement,
  width: number,
  caption: string,
  scale = 1,
): Promise<HTMLCanvasElement> {
  const host = document.createElement('div');
  /* laid out and styled as the pane on screen, but not seen and not in the way */
  host.style.cssText = `position:absolute;left:0;top:0;width:${width}px;opacity:0;pointer-events:none;z-index:-1`;
  host.setAttribute('aria-hidden', 'true');
  parent.appendChild(host);
  const root = createRoot(host);
  try {
    flushSync(() => root.render(element));
    /* effects that draw (D3 in useEffect) have run by the next paint */
    await nextPaint();
    const svg = largestSvg(host);
    if (!svg) throw new Error('the pane drew no SVG to export');
    const { width: w, height: h } = exportSize(svg, caption);
    return await svgTextToCanvas(serializeSvg(svg, undefined, undefined, caption), w, h, scale);
  } finally {
    root.unmount();
    host.remove();
  }
}

function largestSvg(host: HTMLElement): SVGSVGElement | null {
  let best: SVGSVGElement | null = null;
  let area = -1;
  for (const svg of Array.from(host.querySelectorAll('svg'))) {
    if (svg.parentElement?.closest('svg')) continue;
    const { width, height } = svgSize(svg);
    if (width * height > area) {
      best = svg;
      area = width * height;
    }
  }
  return best;
}

/** Canvases side by side, left to right, tops aligned, on white, `gap` pixels apart. */
export function sideBySide(canvases: readonly HTMLCanvasElement[], gap = 8): HTMLCanvasElement {
  if (canvases.length === 1) return canvases[0]!;
  const out = document.createElement('canvas');
  out.width = canvases.reduce((w, c) => w + c.width, 0) + gap * (canvases.length - 1);
  out.height = Math.max(...canvases.map((c) => c.height));
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas context');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, out.width, out.height);
  let x = 0;
  for (const c of canvases) {
    ctx.drawImage(c, x, 0);
    x += c.width + gap;
  }
  return out;
}
