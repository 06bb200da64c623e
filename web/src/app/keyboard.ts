/**
 * Presenter keys: space plays or pauses, ArrowRight / ArrowLeft step, Home
 * and End go to the first and the last step, ] and [ to the next and the
 * previous event (a marker on the scrubber), d to the first divergence of
 * the runs side by side. They work wherever focus is,
 * the player's own controls included (a focused speed select or scrubber
 * does not take the arrows or space for itself), except in a field one
 * types into: text and number inputs, textareas, contenteditable. Enter
 * keeps pressing a focused button, and so does space outside the player
 * (a button, link, checkbox or radio is pressed by space, as keyboard users
 * expect); on the player's own buttons space plays or pauses.
 */
import { useEffect, useRef } from 'react';

export interface PlayerKeys {
  toggle(): void;
  forward(): void;
  back(): void;
  first(): void;
  last(): void;
  nextEvent(): void;
  prevEvent(): void;
  divergence(): void;
}

/** The keys of playback itself (usePlayback's). */
export type KeyAction = 'toggle' | 'forward' | 'back' | 'first' | 'last' | null;
/** The keys that go from event to event (the markers on the scrubber), and to where two runs first differ. */
export type EventKeyAction = 'nextEvent' | 'prevEvent' | 'divergence';

export interface KeyTarget {
  tagName?: string;
  /** an input's type */
  type?: string;
  isContentEditable?: boolean;
  closest?: (selector: string) => unknown;
}

/** Controls that space presses or ticks by itself. */
const SPACE_PRESSES = new Set(['BUTTON', 'A', 'SUMMARY']);
const SPACE_TICKS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

/** Whether space belongs to the focused control: a button, link or box outside the player. */
function spaceIsTheControls(target: KeyTarget | null): boolean {
  if (!target || target.closest?.('[data-player-keys]')) return false;
  const tag = target.tagName?.toUpperCase() ?? '';
  if (SPACE_PRESSES.has(tag)) return true;
  return tag === 'INPUT' && SPACE_TICKS.has((target.type ?? '').toLowerCase());
}

/** Input types that are not typed into: the player's keys pass over them. */
const NOT_TYPED = new Set(['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file', 'image']);

/** Whether focus is in a field one types into, where every key stays with the field. */
export function isTextField(target: KeyTarget | null): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toUpperCase() ?? '';
  if (tag === 'TEXTAREA') return true;
  if (tag !== 'INPUT') return false;
  return !NOT_TYPED.has((target.type ?? 'text').toLowerCase());
}

/** Which player action a key press asks for, given where focus is. */
export function keyAction(
  key: string,
  target: KeyTarget | null,
  mods: { alt?: boolean; ctrl?: boolean; meta?: boolean; shift?: boolean } = {},
): KeyAction | EventKeyAction {
  if (mods.alt || mods.ctrl || mods.meta) return null;
  if (isTextField(target)) return null;
  if (key === ' ' || key === 'Spacebar') return spaceIsTheControls(target) ? null : 'toggle';
  if (mods.shift) return null;
  /* a widget that moves its own cursor with the arrows (a heatmap's cell cursor) keeps them, and Home and End */
  if (target?.closest?.('[data-own-arrows]')) return null;
  if (key === 'ArrowRight') return 'forward';
  if (key === 'ArrowLeft') return 'back';
  if (key === 'Home') return 'first';
  if (key === 'End') return 'last';
  if (key === ']') return 'nextEvent';
  if (key === '[') return 'prevEvent';
  if (key === 'd') return 'divergence';
  return null;
}

/**
 * Listen for the player's keys; a page may listen for some of them in one
 * place and the rest in another (each key is taken by the one that has it).
 */
export function usePlayerKeys(keys: Partial<PlayerKeys>, enabled = true): void {
  const ref = useRef(keys);
  ref.current = keys;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const action = keyAction(e.key, e.target as (HTMLElement & { type?: string }) | null, {
        alt: e.altKey,
        ctrl: e.ctrlKey,
        meta: e.metaKey,
        shift: e.shiftKey,
      });
      const handler = action ? ref.current[action] : undefined;
      if (!handler) return;
      /* before the focused control's own handling: a select or a range input must not move with the key */
      e.preventDefault();
      e.stopPropagation();
      handler();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [enabled]);
}
