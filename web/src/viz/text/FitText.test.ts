import { describe, expect, it } from 'vitest';
import { canvasFont, fitPrefix, type FontStyle } from './FitText';

describe('fitPrefix', () => {
  const mono = (w: number) => (k: number) => k * w;

  it('keeps the longest prefix that fits with the ellipsis', () => {
    expect(fitPrefix(40, 100, 5, mono(5))).toBe(19);
    expect(fitPrefix(40, 104, 5, mono(5))).toBe(19);
    expect(fitPrefix(40, 105, 5, mono(5))).toBe(20);
  });

  it('keeps nothing when not even one character and the ellipsis fit', () => {
    expect(fitPrefix(10, 3, 5, mono(5))).toBe(0);
  });

  it('follows the measured widths, not a width per character', () => {
    const widths = [0, 10, 12, 30, 31, 60];
    expect(fitPrefix(5, 35, 4, (k) => widths[k]!)).toBe(4);
    expect(fitPrefix(5, 33, 4, (k) => widths[k]!)).toBe(2);
  });
});

describe('canvasFont', () => {
  const style: FontStyle = {
    fontStyle: 'normal',
    fontVariant: 'normal',
    fontWeight: '600',
    fontStretch: '100%',
    fontSize: '11px',
    fontFamily: 'system-ui, sans-serif',
    fontVariantNumeric: 'normal',
    fontFeatureSettings: 'normal',
    letterSpacing: 'normal',
    wordSpacing: '0px',
  };

  it('says the computed font as the canvas shorthand', () => {
    expect(canvasFont(style)).toBe('600 11px system-ui, sans-serif');
    expect(canvasFont({ ...style, fontStyle: 'italic', fontWeight: '400', fontStretch: 'condensed' })).toBe('italic 400 condensed 11px system-ui, sans-serif');
  });

  it('leaves to the SVG what a canvas would measure otherwise', () => {
    expect(canvasFont({ ...style, fontVariantNumeric: 'tabular-nums' })).toBeNull();
    expect(canvasFont({ ...style, letterSpacing: '0.44px' })).toBeNull();
    expect(canvasFont({ ...style, wordSpacing: '2px' })).toBeNull();
    expect(canvasFont({ ...style, fontFeatureSettings: '"tnum"' })).toBeNull();
    expect(canvasFont({ ...style, fontStretch: '87.5%' })).toBeNull();
    expect(canvasFont({ ...style, fontSize: '' })).toBeNull();
  });
});
