import { describe, expect, it } from 'vitest';
import { isHelpKey, presenterAction } from './keys';
import { labViews, stepView } from './views';

const body = { tagName: 'BODY' };
const field = { tagName: 'INPUT', type: 'text' };

describe('presenterAction', () => {
  it('changes the view with PageDown and PageUp on every view, the animation too', () => {
    for (const v of ['mail', 'animation', 'kernel'] as const) {
      expect(presenterAction('PageDown', v, body)).toBe('next');
      expect(presenterAction('PageUp', v, body)).toBe('previous');
    }
  });
  it('leaves the arrows to the player on the animation, and takes them elsewhere', () => {
    expect(presenterAction('ArrowRight', 'animation', body)).toBeNull();
    expect(presenterAction('ArrowLeft', 'animation', body)).toBeNull();
    expect(presenterAction('ArrowDown', 'animation', body)).toBe('next');
    expect(presenterAction('ArrowUp', 'animation', body)).toBe('previous');
    expect(presenterAction('ArrowRight', 'heatmap', body)).toBe('next');
    expect(presenterAction('ArrowDown', 'heatmap', body)).toBe('next');
    expect(presenterAction('ArrowUp', 'table', body)).toBe('previous');
  });
  it('leaves with Escape, and leaves text fields and modified keys alone', () => {
    expect(presenterAction('Escape', 'mail', body)).toBe('exit');
    expect(presenterAction('PageDown', 'mail', field)).toBeNull();
    expect(presenterAction('PageDown', 'mail', body, { ctrl: true })).toBeNull();
  });
});

describe('isHelpKey', () => {
  it('is ? outside text fields', () => {
    expect(isHelpKey('?', body)).toBe(true);
    expect(isHelpKey('?', field)).toBe(false);
    expect(isHelpKey('/', body)).toBe(false);
  });
});

describe('the sequence of views', () => {
  it('has the mechanism only for a lab with sections of its own', () => {
    expect(labViews(true)).toEqual(['mail', 'mechanism', 'animation', 'table', 'heatmap', 'kernel']);
    expect(labViews(false)).toEqual(['mail', 'animation', 'table', 'heatmap', 'kernel']);
  });
  it('steps within the sequence and holds at its ends', () => {
    const v = labViews(false);
    expect(stepView(v, 'mail', 1)).toBe('animation');
    expect(stepView(v, 'animation', -1)).toBe('mail');
    expect(stepView(v, 'mail', -1)).toBe('mail');
    expect(stepView(v, 'kernel', 1)).toBe('kernel');
  });
});
