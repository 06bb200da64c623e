/** About how wide a character of the views' SVG labels is, px. */
export const CHAR_W = 6.3;

/** A line of SVG text cut to `width` with an ellipsis; the whole of it in its tooltip. */
export function FitText({ x, y, width, className, testId, children }: { x: number; y: number; width: number; className: string; testId?: string; children: string }) {
  const max = Math.max(8, Math.floor(width / CHAR_W));
  const cut = children.length > max;
  return (
    <text x={x} y={y} className={className} data-testid={testId}>
      {cut ? `${children.slice(0, max - 1)}…` : children}
      {cut && <title>{children}</title>}
    </text>
  );
}
