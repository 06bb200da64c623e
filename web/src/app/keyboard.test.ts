import { describe, expect, it } from 'vitest';
import { isTextField, keyAction } from './keyboard';

const el = (tagName: string, type?: string, isContentEditable = false) => ({ tagName, type, isContentEditable });

describe('keyAction', () => {
  it('maps space, the arrows, Home and End on the page body', () => {
    expect(keyAction(' ', el('BODY'))).toBe('toggle');
    expect(keyAction('Spacebar', el('BODY'))).toBe('toggle');
    expect(keyAction('ArrowRight', el('BODY'))).toBe('forward');
    expect(keyAction('ArrowLeft', el('DIV'))).toBe('back');
    expect(keyAction('Home', el('BODY'))).toBe('first');
    expect(keyAction('End', el('BODY'))).toBe('last');
    expect(keyAction(']', el('BODY'))).toBe('nextEvent');
    expect(keyAction('[', el('DIV'))).toBe('prevEvent');
    expect(keyAction('d', el('BODY'))).toBe('divergence');
    expect(keyAction('d', el('INPUT', 'text'))).toBeNull();
    expect(keyAction('d', el('BODY'), { ctrl: true })).toBeNull();
    expect(keyAction('D', el('BODY'), { shift: true })).toBeNull();
    expect(keyAction(']', el('INPUT', 'range'))).toBe('nextEvent');
    expect(keyAction('[', el('INPUT', 'text'))).toBeNull();
    expect(keyAction(']', el('BODY'), { ctrl: true })).toBeNull();
    expect(keyAction('a', el('BODY'))).toBeNull();
    expect(keyAction('ArrowUp', el('BODY'))).toBeNull();
    expect(keyAction('Enter', el('BODY'))).toBeNull();
  });

  it('takes the keys from the speed select and the scrubber', () => {
    for (const target of [el('SELECT'), el('INPUT', 'range')]) {
      expect(keyAction(' ', target)).toBe('toggle');
      expect(keyAction('ArrowRight', target)).toBe('forward');
      expect(keyAction('ArrowLeft', target)).toBe('back');
      expect(keyAction('Home', target)).toBe('first');
      expect(keyAction('End', target)).toBe('last');
    }
  });

  it('takes the arrows from buttons, radios and checkboxes, leaving Enter and space to them outside the player', () => {
    expect(keyAction('ArrowRight', el('BUTTON'))).toBe('forward');
    expect(keyAction('Enter', el('BUTTON'))).toBeNull();
    expect(keyAction(' ', el('BUTTON'))).toBeNull();
    expect(keyAction(' ', el('A'))).toBeNull();
    expect(keyAction('ArrowLeft', el('INPUT', 'radio'))).toBe('back');
    expect(keyAction(' ', el('INPUT', 'checkbox'))).toBeNull();
  });

  it("plays or pauses on space from the player's own buttons", () => {
    const inPlayer = { ...el('BUTTON'), closest: (sel: string) => (sel === '[data-player-keys]' ? {} : null) };
    expect(keyAction(' ', inPlayer)).toBe('toggle');
  });

  it('leaves the arrows, Home and End to a widget with a cursor of its own, space still plays', () => {
    const heatmap = { ...el('DIV'), closest: (sel: string) => (sel === '[data-own-arrows]' ? {} : null) };
    for (const key of ['ArrowRight', 'ArrowLeft', 'Home', 'End']) expect(keyAction(key, heatmap)).toBeNull();
    expect(keyAction(' ', heatmap)).toBe('toggle');
  });

  it('leaves fields one types into alone', () => {
    for (const target of [el('INPUT'), el('INPUT', 'text'), el('INPUT', 'number'), el('input', 'search'), el('TEXTAREA'), el('DIV', undefined, true)]) {
      expect(keyAction(' ', target)).toBeNull();
      expect(keyAction('ArrowRight', target)).toBeNull();
      expect(keyAction('ArrowLeft', target)).toBeNull();
      expect(keyAction('Home', target)).toBeNull();
      expect(keyAction('End', target)).toBeNull();
    }
  });

  it('ignores shortcuts with modifiers', () => {
    expect(keyAction('ArrowLeft', el('BODY'), { alt: true })).toBeNull();
    expect(keyAction('ArrowRight', el('BODY'), { ctrl: true })).toBeNull();
    expect(keyAction('Home', el('BODY'), { meta: true })).toBeNull();
    expect(keyAction('End', el('BODY'), { shift: true })).toBeNull();
  });

  it('works with no target', () => {
    expect(keyAction(' ', null)).toBe('toggle');
  });
});

describe('isTextField', () => {
  it('knows the fields one types into', () => {
    expect(isTextField(el('INPUT'))).toBe(true);
    expect(isTextField(el('INPUT', 'number'))).toBe(true);
    expect(isTextField(el('TEXTAREA'))).toBe(true);
    expect(isTextField(el('SPAN', undefined, true))).toBe(true);
    expect(isTextField(el('INPUT', 'range'))).toBe(false);
    expect(isTextField(el('SELECT'))).toBe(false);
    expect(isTextField(el('BUTTON'))).toBe(false);
    expect(isTextField(null)).toBe(false);
  });
});
