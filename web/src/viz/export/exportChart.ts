/**
 * Chart export shared by every visualization: an on-screen SVG becomes a
 * standalone .svg (computed styles inlined, so it looks the same without the
 * page's CSS) or a .png (the same SVG drawn onto a canvas).
 */

/** The attribute that holds an element's inlined style until the SVG is text. */
const STYLE_CARRIER = 'data-jc-export-style';

/** Presentation properties copied from the computed style onto each element. */
const STYLE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'paint-order',
] as const;

const SVG_NS = 'http://www.w3.org/2000/svg';

export function svgSize(svg: SVGSVGElement): { width: number; height: number } {
  const vb = svg.viewBox?.baseVal;
  if (vb && vb.width > 0 && vb.height > 0) return { width: vb.width, height: vb.height };
  const r = svg.getBoundingClientRect();
  return { width: Math.max(1, Math.round(r.width)), height: Math.max(1, Math.round(r.height)) };
}

/**
 * What a view that draws part of itself on a canvas under its SVG adds to
 * the SVG's exports, so that every export (its buttons, the animation's
 * frames) draws that part as well; set and cleared by the view.
 */
const layers = new WeakMap<SVGSVGElement, (clone: SVGSVGElement) => void>();

export function setExportLayer(svg: SVGSVGElement, decorate: ((clone: SVGSVGElement) => void) | null): void {
  if (decorate) layers.set(svg, decorate);
  else layers.delete(svg);
}

/** How much taller a caption (serializeSvg's `caption`) makes an export, px. */
export const CAPTION_PX = 24;

/** An export's size: the SVG's, and its caption's line atop when it has one. */
export function exportSize(svg: SVGSVGElement, caption?: string): { width: number; height: number } {
  const { width, height } = svgSize(svg);
  return { width, height: height + (caption ? CAPTION_PX : 0) };
}

/**
 * Puts `text` on a line of its own atop a serialized clone (width x height
 * px before it), on white: what a pane of the animation shows (its variant
 * and its step), which its HTML heading says on screen.
 */
function addCaption(clone: SVGSVGElement, text: string, width: number, height: number, background: string): void {
  const vb = clone.viewBox.baseVal;
  const [x, y, w, h] = vb && vb.width > 0 && vb.height > 0 ? [vb.x, vb.y, vb.width, vb.height] : [0, 0, width, height];
  const unit = h / height;
  const band = CAPTION_PX * unit;
  clone.setAttribute('height', String(height + CAPTION_PX));
  clone.setAttribute('viewBox', `${x} ${y - band} ${w} ${h + band}`);
  const ground = document.createElementNS(SVG_NS, 'rect');
  for (const [k, v] of [['x', x], ['y', y - band], ['width', w], ['height', band]] as const) ground.setAttribute(k, String(v));
  ground.setAttribute('fill', background);
  const line = document.createElementNS(SVG_NS, 'text');
  line.setAttribute('x', String(x + 8 * unit));
  line.setAttribute('y', String(y - band / 2));
  line.setAttribute('dominant-baseline', 'central');
  line.setAttribute('font-family', 'system-ui, sans-serif');
  line.setAttribute('font-size', String(14 * unit));
  line.setAttribute('font-weight', '600');
  line.setAttribute('fill', '#1c2233');
  line.setAttribute('data-export-caption', '');
  line.textContent = text;
  clone.append(ground, line);
}

/**
 * Serializes an SVG element with its computed styles inlined and a white
 * background, as a standalone document; the view's export layer
 * (setExportLayer) is drawn into it, then `decorate`, then `caption` on a
 * line of its own atop (CAPTION_PX taller: exportSize()).
 */
export function serializeSvg(
  svg: SVGSVGElement,
  decorate?: (clone: SVGSVGElement) => void,
  background = '#ffffff',
  caption?: string,
): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const src = [svg as Element, ...Array.from(svg.querySelectorAll('*'))];
  const dst = [clone as Element, ...Array.from(clone.querySelectorAll('*'))];
  for (let i = 0; i < src.length && i < dst.length; i++) {
    const cs = window.getComputedStyle(src[i]);
    const style = STYLE_PROPS.map((p) => {
      const v = cs.getPropertyValue(p);
      return v ? `${p}:${v}` : '';
    })
      .filter(Boolean)
      .join(';');
    /* under the page's Content-Security-Policy a style attribute set here would be refused: carry it under another name and rename it in the text */
    dst[i].removeAttribute('style');
    if (style) dst[i].setAttribute(STYLE_CARRIER, style);
    dst[i].removeAttribute('class');
    dst[i].removeAttribute('data-testid');
  }
  const { width, height } = svgSize(svg);
  clone.setAttribute('xmlns', SVG_NS);
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  if (!clone.getAttribute('viewBox')) clone.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const bg = document.createElementNS(SVG_NS, 'rect');
  bg.setAttribute('x', '0');
  bg.setAttribute('y', '0');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', background);
  clone.insertBefore(bg, clone.firstChild);
  layers.get(svg)?.(clone);
  decorate?.(clone);
  if (caption) addCaption(clone, caption, width, height, background);
  const text = new XMLSerializer().serializeToString(clone).replaceAll(` ${STYLE_CARRIER}="`, ' style="');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${text}`;
}

/** A canvas drawn over the rasterized SVG, at (x, y) in SVG units. */
export interface CanvasOverlay {
  canvas: HTMLCanvasElement;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Draws SVG text onto a new canvas at `scale` device pixels per SVG unit,
 * with optional canvases (e.g. a canvas-drawn heatmap) composed on top.
 */
export function svgTextToCanvas(
  svgText: string,
  width: number,
  height: number,
  scale = 2,
  overlays: readonly CanvasOverlay[] = [],
): Promise<HTMLCanvasElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml;charset=utf-8' }));
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      const ctx = canvas.getContext('2d');
      if (!ctx) {
        reject(new Error('no 2d canvas context'));
        return;
      }
      ctx.setTransform(scale, 0, 0, scale, 0, 0);
      ctx.drawImage(img, 0, 0, width, height);
      for (const o of overlays) ctx.drawImage(o.canvas, o.x, o.y, o.width, o.height);
      resolve(canvas);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('the SVG could not be rasterized'));
    };
    img.src = url;
  });
}

/** Rasterizes SVG text to a PNG, as svgTextToCanvas() draws it. */
export async function svgTextToPng(
  svgText: string,
  width: number,
  height: number,
  scale = 2,
  overlays: readonly CanvasOverlay[] = [],
): Promise<Blob> {
  return canvasToPng(await svgTextToCanvas(svgText, width, height, scale, overlays));
}

export function svgToPng(svg: SVGSVGElement, scale = 2, caption?: string): Promise<Blob> {
  const { width, height } = exportSize(svg, caption);
  return svgTextToPng(serializeSvg(svg, undefined, undefined, caption), width, height, scale);
}

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas.toBlob gave nothing'))), 'image/png'),
  );
}

/** Saves a blob under a file name through a temporary link. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadSvgText(svgText: string, filename: string): void {
  downloadBlob(new Blob([svgText], { type: 'image/svg+xml;charset=utf-8' }), filename);
}
