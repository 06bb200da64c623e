/**
 * Presenter mode's keys and the `?` key of every page. A presentation
 * clicker sends PageDown and PageUp: they always change the view, and so
 * do ↓ and ↑. → and ← change it too, except on the animation, where they
 * step the player (its own keys, keyboard.ts). Escape leaves presenter mode. Like the
 * player's keys they work wherever focus is, except in a field one types
 * into; a key the player took (defaultPrevented) is not taken again.
 */
import { useEffect, useRef } from 'react';
import { isTextField, type KeyTarget } from '../keyboard';
import type { PresentView } from './views';

export type PresenterAction = 'next' | 'previous' | 'exit' | null;

/** What a key does in presenter mode, on `view`, with focus on `target`. */
export function presenterAction(
  key: string,
  view: PresentView,
  target: KeyTarget | null,
  mods: { alt?: boolean; ctrl?: boolean; meta?: boolean; shift?: boolean } = {},
): PresenterAction {
  if (mods.alt || mods.ctrl || mods.meta) return null;
  if (isTextField(target)) return null;
  if (key === 'PageDown') return 'next';
  if (key === 'PageUp') return 'previous';
  if (key === 'Escape') return 'exit';
  if (mods.shift) return null;
  if (key === 'ArrowDown') return 'next';
  if (key === 'ArrowUp') return 'previous';
  /* on the animation → and ← step the player */
  if (view === 'animation') return null;
  if (key === 'ArrowRight') return 'next';
  if (key === 'ArrowLeft') return 'previous';
  return null;
}

/** Whether a key press asks for the shortcuts overlay. */
export function isHelpKey(key: string, target: KeyTarget | null, mods: { alt?: boolean; ctrl?: boolean; meta?: boolean } = {}): boolean {
  return key === '?' && !mods.alt && !mods.ctrl && !mods.meta && !isTextField(target);
}

export interface PresenterKeys {
  next(): void;
  previous(): void;
  exit(): void;
}

/** Presenter mode's keys while `view` is presented (null: not presenting, no keys). */
export function usePresenterKeys(view: PresentView | null, keys: PresenterKeys): void {
  const ref = useRef(keys);
  ref.current = keys;
  useEffect(() => {
    if (view === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const action = presenterAction(e.key, view, e.target as KeyTarget | null, {
        alt: e.altKey,
        ctrl: e.ctrlKey,
        meta: e.metaKey,
        shift: e.shiftKey,
      });
      if (!action) return;
      e.preventDefault();
      ref.current[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [view]);
}
