import { describe, expect, it } from 'vitest';
import { keyAction } from './keyboard';

const el = (tagName: string, inPlayer = false) => ({
  tagName,
  isContentEditable: false,
  closest: (sel: string) => (inPlayer && sel === '[data-player-keys]' ? {} : null),
});

describe('keyAction', () => {
  it('maps space and arrows on the page body', () => {
    expect(keyAction(' ', el('BODY'))).toBe('toggle');
    expect(keyAction('ArrowRight', el('BODY'))).toBe('forward');
    expect(keyAction('ArrowLeft', el('DIV'))).toBe('back');
    expect(keyAction('a', el('BODY'))).toBeNull();
  });
  it('leaves form fields alone', () => {
    expect(keyAction(' ', el('INPUT'))).toBeNull();
    expect(keyAction('ArrowRight', el('INPUT'))).toBeNull();
    expect(keyAction('ArrowLeft', el('SELECT'))).toBeNull();
  });
  it('lets space press ordinary buttons but not the player\'s', () => {
    expect(keyAction(' ', el('BUTTON'))).toBeNull();
    expect(keyAction(' ', el('BUTTON', true))).toBe('toggle');
    expect(keyAction('ArrowRight', el('BUTTON'))).toBe('forward');
  });
  it('ignores shortcuts with modifiers', () => {
    expect(keyAction('ArrowLeft', el('BODY'), { alt: true })).toBeNull();
  });
});
