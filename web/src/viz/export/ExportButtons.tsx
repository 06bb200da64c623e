import { useState, type RefObject } from 'react';
import { downloadBlob, downloadSvgText, serializeSvg, svgToPng } from './exportChart';

export interface Exporter {
  svg(): string | null;
  png(): Promise<Blob | null>;
}

/**
 * The usual exporter: the SVG behind a ref, serialized and rasterized; with
 * a caption (a pane's variant and step) on a line atop.
 */
export function svgRefExporter(ref: RefObject<SVGSVGElement | null>, caption?: string): Exporter {
  return {
    svg: () => (ref.current ? serializeSvg(ref.current, undefined, undefined, caption) : null),
    png: async () => (ref.current ? svgToPng(ref.current, 2, caption) : null),
  };
}

/** "SVG" and "PNG" buttons for one chart; files are named <name>.svg / <name>.png. */
export function ExportButtons({ name, exporter }: { name: string; exporter: Exporter }) {
  const [error, setError] = useState<string | null>(null);
  const onSvg = () => {
    setError(null);
    const text = exporter.svg();
    if (text) downloadSvgText(text, `${name}.svg`);
  };
  const onPng = async () => {
    setError(null);
    try {
      const blob = await exporter.png();
      if (blob) downloadBlob(blob, `${name}.png`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <span className="export-buttons" aria-label={`export ${name}`}>
      <button type="button" className="small" data-testid={`export-svg-${name}`} onClick={onSvg} title="Download as SVG">
        SVG
      </button>
      <button type="button" className="small" data-testid={`export-png-${name}`} onClick={onPng} title="Download as PNG">
        PNG
      </button>
      {error && <span className="inline-error">{error}</span>}
    </span>
  );
}
