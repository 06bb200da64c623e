/**
 * Presenter keys: space plays or pauses, ArrowRight / ArrowLeft step. Keys
 * typed into a form field stay with the field; space on an ordinary button
 * keeps pressing that button, except on the player's own buttons.
 */
import { useEffect, useRef } from 'react';

export interface PlayerKeys {
  toggle(): void;
  forward(): void;
  back(): void;
}

export type KeyAction = 'toggle' | 'forward' | 'back' | null;

/** Which player action a key press asks for, given where focus is. */
export function keyAction(
  key: string,
  target: { tagName?: string; isContentEditable?: boolean; closest?: (sel: string) => unknown } | null,
  mods: { alt?: boolean; ctrl?: boolean; meta?: boolean } = {},
): KeyAction {
  if (mods.alt || mods.ctrl || mods.meta) return null;
  const tag = target?.tagName?.toUpperCase() ?? '';
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target?.isContentEditable) return null;
  const inPlayer = Boolean(target?.closest?.('[data-player-keys]'));
  if (key === ' ' || key === 'Spacebar') {
    if ((tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY') && !inPlayer) return null;
    return 'toggle';
  }
  if (key === 'ArrowRight') return 'forward';
  if (key === 'ArrowLeft') return 'back';
  return null;
}

export function usePlayerKeys(keys: PlayerKeys, enabled = true): void {
  const ref = useRef(keys);
  ref.current = keys;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const action = keyAction(e.key, e.target as HTMLElement | null, {
        alt: e.altKey,
        ctrl: e.ctrlKey,
        meta: e.metaKey,
      });
      if (!action) return;
      e.preventDefault();
      ref.current[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
