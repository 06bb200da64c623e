import { describe, expect, it } from 'vitest';
import { failureOf, replyOf, unwrap } from './protocol';
import { SimError } from './types';

describe('worker replies', () => {
  it('carry a value through', () => {
    expect(unwrap(replyOf({ a: 1 }))).toEqual({ a: 1 });
  });

  it('carry a SimError through with its status', () => {
    const reply = structuredClone(failureOf(new SimError('files=0 is out of range 1..1024', 'invalid')));
    try {
      unwrap(reply);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SimError);
      expect((e as SimError).status).toBe('invalid');
      expect((e as SimError).message).toBe('files=0 is out of range 1..1024');
    }
  });

  it('carry any other error through as a plain Error', () => {
    const reply = structuredClone(failureOf(new TypeError('fetch failed')));
    expect(() => unwrap(reply)).toThrow(new Error('fetch failed'));
    expect(() => unwrap(failureOf('odd'))).toThrow('odd');
  });
});

describe('a crash of the simulator', () => {
  it('is marked on the failure, through structured cloning, and only there', () => {
    const crashed = structuredClone(failureOf(new SimError('the simulator crashed in jc_run: Aborted()', 'internal'), true));
    expect(crashed).toEqual({ ok: false, message: 'the simulator crashed in jc_run: Aborted()', status: 'internal', crashed: true });
    expect(failureOf(new Error('x'))).not.toHaveProperty('crashed');
    expect(() => unwrap(crashed)).toThrow('Aborted()');
  });
});
