/** The part of gifenc (which ships no types) that animationExport.ts uses. */
declare module 'gifenc' {
  export type Palette = number[][];
  export interface GifFrameOptions {
    palette?: Palette;
    /** milliseconds this frame stays; the file holds hundredths of a second */
    delay?: number;
    /** -1: play once, 0: forever, n: n more times */
    repeat?: number;
  }
  export interface GifEncoder {
    writeFrame(index: Uint8Array, width: number, height: number, options?: GifFrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
  }
  export function GIFEncoder(options?: { auto?: boolean }): GifEncoder;
  export function quantize(rgba: Uint8Array | Uint8ClampedArray, maxColors: number, options?: { format?: string }): Palette;
  export function applyPalette(rgba: Uint8Array | Uint8ClampedArray, palette: Palette, format?: string): Uint8Array;
}
