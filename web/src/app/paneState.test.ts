import { describe, expect, it } from 'vitest';
import { paneState, paneTitle } from './paneState';

describe('paneState', () => {
  it('is current when the frame shows the step', () => {
    expect(paneState(40, 40, 100)).toBe('current');
    expect(paneState(40, 40, undefined)).toBe('current');
    expect(paneState(100, 100, 100)).toBe('current');
  });

  it('is pending while the frame lags the step, not ended', () => {
    /* playback moved the step on; the worker has not answered yet */
    expect(paneState(38, 40, 100)).toBe('pending');
    expect(paneState(38, 40, undefined)).toBe('pending');
    /* past this run's end, but the frame has not reached it yet */
    expect(paneState(90, 120, 100)).toBe('pending');
  });

  it('is ended only when the step is past the known total and the frame shows the last step', () => {
    expect(paneState(100, 101, 100)).toBe('ended');
    expect(paneState(100, 150, 100)).toBe('ended');
    /* an unknown total never ends a run */
    expect(paneState(100, 150, undefined)).toBe('pending');
  });
});

describe('paneTitle', () => {
  it('says which state the pane is in', () => {
    expect(paneTitle('before', 40, 40, 100)).toBe('before · step 40');
    expect(paneTitle('before', 38, 40, 100)).toBe('before · step 38 (catching up to step 40…)');
    expect(paneTitle('after', 90, 120, 100)).toBe('after · step 90 (catching up to step 100…)');
    expect(paneTitle('after', 100, 120, 100)).toBe('after · step 100 (run ended at step 100)');
  });
});
