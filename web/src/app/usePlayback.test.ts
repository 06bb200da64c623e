import { describe, expect, it } from 'vitest';
import { clampToSteps, clockTick, INITIAL_PLAYBACK, keyCommand, playbackReducer, playFrom } from './usePlayback';

describe('playbackReducer', () => {
  it('starts paused', () => {
    expect(INITIAL_PLAYBACK).toEqual({ playing: false });
  });

  it('plays and pauses, keeping the state when nothing changes', () => {
    const playing = playbackReducer(INITIAL_PLAYBACK, { type: 'play' });
    expect(playing).toEqual({ playing: true });
    expect(playbackReducer(playing, { type: 'play' })).toBe(playing);
    expect(playbackReducer(playing, { type: 'pause' })).toEqual({ playing: false });
    expect(playbackReducer(INITIAL_PLAYBACK, { type: 'pause' })).toBe(INITIAL_PLAYBACK);
  });
});

describe('clockTick', () => {
  it('turns elapsed time into whole steps and carries the fraction', () => {
    expect(clockTick(0, 1000, 10)).toEqual({ steps: 10, acc: 0 });
    expect(clockTick(0, 50, 10)).toEqual({ steps: 0, acc: 0.5 });
    const t = clockTick(0.5, 75, 10);
    expect(t.steps).toBe(1);
    expect(t.acc).toBeCloseTo(0.25);
    expect(clockTick(0, 16, 5000).steps).toBe(80);
  });

  it('over many frames advances speed × time, whatever the frame length', () => {
    let acc = 0;
    let steps = 0;
    for (let i = 0; i < 600; i++) {
      const t = clockTick(acc, 1000 / 60, 25);
      acc = t.acc;
      steps += t.steps;
    }
    expect(steps).toBeGreaterThanOrEqual(249);
    expect(steps).toBeLessThanOrEqual(250);
  });
});

describe('the step arithmetic', () => {
  it('keeps a step within 1..maxStep, rounded', () => {
    expect(clampToSteps(0, 50)).toBe(1);
    expect(clampToSteps(-7, 50)).toBe(1);
    expect(clampToSteps(51, 50)).toBe(50);
    expect(clampToSteps(12.6, 50)).toBe(13);
    expect(clampToSteps(3, 1)).toBe(1);
  });

  it('plays from the top when the animation stands at its end', () => {
    expect(playFrom(50, 50)).toBe(1);
    expect(playFrom(60, 50)).toBe(1);
    expect(playFrom(7, 50)).toBe(7);
  });
});

describe('keyCommand', () => {
  it('space plays or pauses', () => {
    expect(keyCommand('toggle', { playing: false, canAnimate: true })).toBe('play');
    expect(keyCommand('toggle', { playing: true, canAnimate: true })).toBe('pause');
    /* play itself refuses when there is nothing to animate */
    expect(keyCommand('toggle', { playing: false, canAnimate: false })).toBe('play');
  });

  it('the arrows step only while there is an animation', () => {
    expect(keyCommand('forward', { playing: true, canAnimate: true })).toBe('forward');
    expect(keyCommand('back', { playing: false, canAnimate: true })).toBe('back');
    expect(keyCommand('forward', { playing: false, canAnimate: false })).toBeNull();
    expect(keyCommand('back', { playing: false, canAnimate: false })).toBeNull();
  });

  it('Home and End go to the first and last step only while there is an animation', () => {
    expect(keyCommand('first', { playing: true, canAnimate: true })).toBe('first');
    expect(keyCommand('last', { playing: false, canAnimate: true })).toBe('last');
    expect(keyCommand('first', { playing: false, canAnimate: false })).toBeNull();
    expect(keyCommand('last', { playing: false, canAnimate: false })).toBeNull();
  });
});
