/** Every keyboard shortcut of the app, as the `?` overlay lists them. */

export interface Shortcut {
  keys: readonly string[];
  does: string;
}

export interface ShortcutGroup {
  title: string;
  /** where the group's keys work */
  where: string;
  shortcuts: readonly Shortcut[];
}

export const SHORTCUTS: readonly ShortcutGroup[] = [
  {
    title: 'Every page',
    where: 'anywhere but a text field',
    shortcuts: [
      { keys: ['?'], does: 'show or hide this list of shortcuts' },
      { keys: ['Esc'], does: 'close this list' },
    ],
  },
  {
    title: 'The animation',
    where: 'on a lab page, wherever focus is but a text field (the speed select and the scrubber included)',
    shortcuts: [
      { keys: ['Space'], does: 'play or pause; at the last step, replay from the first' },
      { keys: ['→'], does: 'one step forward' },
      { keys: ['←'], does: 'one step back' },
      { keys: ['Home'], does: 'the first step' },
      { keys: ['End'], does: 'the last step' },
      { keys: [']'], does: 'the next event marked on the scrubber (a commit, a shrinker call, a grace period…)' },
      { keys: ['['], does: 'the previous event marked on the scrubber' },
      { keys: ['d'], does: 'side by side: the first step where the runs’ events differ' },
    ],
  },
  {
    title: 'Presenter mode',
    where: 'after “present” on a lab page; each view is a link of its own, and Back returns to the one before',
    shortcuts: [
      { keys: ['PageDown'], does: 'the next view (what a presentation clicker sends)' },
      { keys: ['PageUp'], does: 'the previous view' },
      { keys: ['↓'], does: 'the next view' },
      { keys: ['↑'], does: 'the previous view' },
      { keys: ['→'], does: 'the next view; on the animation, one step forward' },
      { keys: ['←'], does: 'the previous view; on the animation, one step back' },
      { keys: ['Space', 'Home', 'End', '[', ']'], does: 'on the animation: play or pause, first and last step, previous and next event' },
      { keys: ['Esc'], does: 'leave presenter mode (back to the whole page)' },
    ],
  },
];
