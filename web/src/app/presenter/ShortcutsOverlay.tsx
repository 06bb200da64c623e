/**
 * The `?` overlay of every page: every keyboard shortcut, grouped by where
 * it works. `?` or the header's button opens it; `?`, Escape, the close
 * button or a click outside the list closes it, and focus returns to where
 * it was.
 */
import { useEffect, useRef } from 'react';
import { isHelpKey } from './keys';
import { SHORTCUTS } from './shortcuts';
import './shortcuts.css';

/** The event a button outside the app's header sends to show or hide the shortcuts. */
const TOGGLE_EVENT = 'journalclub:shortcuts';

export function toggleShortcuts(): void {
  window.dispatchEvent(new Event(TOGGLE_EVENT));
}

/** `?` (and toggleShortcuts) call `toggle`. */
export function useHelpKey(toggle: () => void): void {
  const ref = useRef(toggle);
  ref.current = toggle;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      if (!isHelpKey(e.key, e.target as HTMLElement | null, { alt: e.altKey, ctrl: e.ctrlKey, meta: e.metaKey })) return;
      e.preventDefault();
      ref.current();
    };
    const onToggle = () => ref.current();
    window.addEventListener('keydown', onKey);
    window.addEventListener(TOGGLE_EVENT, onToggle);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(TOGGLE_EVENT, onToggle);
    };
  }, []);
}

export function ShortcutsOverlay({ onClose }: { onClose(): void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    /* Escape closes the list before anything else sees it (presenter mode would leave) */
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopImmediatePropagation();
      onClose();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      before?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="shortcuts-backdrop" onClick={onClose}>
      <div
        className="shortcuts"
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcuts-heading"
        data-testid="shortcuts"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="shortcuts-head">
          <h2 id="shortcuts-heading">Keyboard shortcuts</h2>
          <button type="button" ref={closeRef} className="small" onClick={onClose} aria-label="close the shortcuts">
            close
          </button>
        </div>
        {SHORTCUTS.map((g) => (
          <section key={g.title} className="shortcut-group">
            <h3>{g.title}</h3>
            <p className="muted">{g.where}</p>
            <dl>
              {g.shortcuts.map((s) => (
                <div key={`${g.title}-${s.keys.join('-')}`} className="shortcut" data-testid="shortcut">
                  <dt>
                    {s.keys.map((k, i) => (
                      <span key={k}>
                        {i > 0 && ' '}
                        <kbd>{k}</kbd>
                      </span>
                    ))}
                  </dt>
                  <dd>{s.does}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </div>
  );
}
