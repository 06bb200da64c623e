/**
 * Playback of a lab's animation: play and pause, stepping and scrubbing at
 * the speed in steps per second, and the player's keys. The step and the
 * speed belong to the view (useLabUrlState); playback only moves the step, within
 * 1..maxStep, and stops at the end; play at the end replays from step 1.
 *
 * The pure parts (the reducer, the clock, the step arithmetic, which key
 * does what) are functions of their own, tested without React. The handlers
 * the hook returns keep their identity while the animation plays.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { atNextFrame } from './frameLoop';
import { usePlayerKeys, type KeyAction } from './keyboard';

/* ---------------------------------------------------------------- pure */

export interface PlaybackState {
  playing: boolean;
}

export const INITIAL_PLAYBACK: PlaybackState = { playing: false };

export type PlaybackAction = { type: 'play' } | { type: 'pause' };

export function playbackReducer(s: PlaybackState, a: PlaybackAction): PlaybackState {
  switch (a.type) {
    case 'play':
      return s.playing ? s : { ...s, playing: true };
    case 'pause':
      return s.playing ? { ...s, playing: false } : s;
  }
}

/** A step within the run: rounded, and within 1..maxStep. */
export function clampToSteps(step: number, maxStep: number): number {
  return Math.max(1, Math.min(maxStep, Math.round(step)));
}

/**
 * One tick of the playback clock: `acc` is the fraction of a step carried
 * from the last tick; `elapsedMs` since then at `speed` steps a second
 * gives whole steps to advance and a new carry.
 */
export function clockTick(acc: number, elapsedMs: number, speed: number): { steps: number; acc: number } {
  const total = acc + (elapsedMs / 1000) * speed;
  const steps = Math.floor(total);
  return steps > 0 ? { steps, acc: total - steps } : { steps: 0, acc: total };
}

/** Where play starts: from the top when the animation stands at its end. */
export function playFrom(step: number, maxStep: number): number {
  return step >= maxStep ? 1 : step;
}

export type PlayerCommand = 'play' | 'pause' | 'forward' | 'back' | 'first' | 'last';

/**
 * What a player key does: space plays or pauses (play at the end replays
 * from the first step, see playFrom); the arrows step and Home and End go to
 * the first and last step while there is an animation.
 */
export function keyCommand(action: Exclude<KeyAction, null>, s: { playing: boolean; canAnimate: boolean }): PlayerCommand | null {
  if (action === 'toggle') return s.playing ? 'pause' : 'play';
  if (!s.canAnimate) return null;
  return action;
}

/* ---------------------------------------------------------------- hook */

export interface PlaybackOptions {
  step: number;
  /** the run's last step */
  maxStep: number;
  /** the run is in and small enough to animate */
  canAnimate: boolean;
  /** moves the view's step */
  setStep(update: (step: number) => number): void;
  /** steps per second, and how to change it */
  speed: number;
  setSpeed(s: number): void;
  /** the player's keys are on (presenter mode turns them off on views without the animation) */
  keys?: boolean;
}

export interface Playback {
  playing: boolean;
  speed: number;
  setSpeed(s: number): void;
  play(): void;
  onPause(): void;
  stepBy(d: number): void;
  onScrub(s: number): void;
}

export function usePlayback({ step, maxStep, canAnimate, setStep, speed, setSpeed, keys = true }: PlaybackOptions): Playback {
  const [{ playing }, dispatch] = useReducer(playbackReducer, INITIAL_PLAYBACK);
  const maxRef = useRef(maxStep);
  maxRef.current = maxStep;
  const canRef = useRef(canAnimate);
  canRef.current = canAnimate;
  const stepRef = useRef(step);
  stepRef.current = step;

  // The clock advances the wanted step at every animation frame, rendered with the frames that came in
  // since (atNextFrame); the stepper skips frames it cannot keep up with.
  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let acc = 0;
    let cancel = () => {};
    const tick = (now: number) => {
      const t = clockTick(acc, now - last, speed);
      acc = t.acc;
      last = now;
      if (t.steps > 0) setStep((s) => Math.min(maxRef.current, s + t.steps));
      cancel = atNextFrame(tick);
    };
    cancel = atNextFrame(tick);
    return () => cancel();
  }, [playing, speed, setStep]);
  useEffect(() => {
    if (playing && step >= maxStep) dispatch({ type: 'pause' });
  }, [playing, step, maxStep]);

  const seek = useCallback((s: number) => setStep(() => clampToSteps(s, maxRef.current)), [setStep]);
  const onPause = useCallback(() => dispatch({ type: 'pause' }), []);
  const stepBy = useCallback(
    (d: number) => {
      dispatch({ type: 'pause' });
      setStep((s) => clampToSteps(s + d, maxRef.current));
    },
    [setStep],
  );
  const play = useCallback(() => {
    if (!canRef.current) return;
    const from = playFrom(stepRef.current, maxRef.current);
    if (from !== stepRef.current) seek(from);
    dispatch({ type: 'play' });
  }, [seek]);
  const onScrub = useCallback(
    (s: number) => {
      dispatch({ type: 'pause' });
      seek(s);
    },
    [seek],
  );

  const run = (command: PlayerCommand | null) => {
    if (command === 'play') play();
    else if (command === 'pause') onPause();
    else if (command === 'forward') stepBy(1);
    else if (command === 'back') stepBy(-1);
    else if (command === 'first') onScrub(1);
    else if (command === 'last') onScrub(maxRef.current);
  };
  const state = { playing, canAnimate };
  usePlayerKeys({
    toggle: () => run(keyCommand('toggle', state)),
    forward: () => run(keyCommand('forward', state)),
    back: () => run(keyCommand('back', state)),
    first: () => run(keyCommand('first', state)),
    last: () => run(keyCommand('last', state)),
  }, keys);

  return { playing, speed, setSpeed, play, onPause, stepBy, onScrub };
}
