import * as Comlink from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CancelledError, wrapWorker, type SimRestart } from './client';
import { failureOf, replyOf } from './protocol';
import { SimError } from './types';
import { LAB_IDS } from '../labs/registry.gen';

const [LAB] = LAB_IDS;

/** A worker over a message channel, answering as worker.ts does, with what the test makes it answer. */
function fakeWorker(api: Record<string, (...args: never[]) => unknown>) {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(api, port2);
  const worker = Object.assign(port1, { terminate: vi.fn(() => port1.close()) });
  return worker;
}

const never = () => new Promise(() => undefined);
const opened: MessagePort[] = [];
afterEach(() => {
  for (const p of opened.splice(0)) p.close();
});

function errorEvent(message: string): Event {
  return Object.assign(new Event('error', { cancelable: true }), { message });
}

describe('the simulator client', () => {
  it('answers with the worker\'s value, or its SimError', async () => {
    const w = fakeWorker({ labs: () => replyOf([]), params: () => failureOf(new SimError('unknown lab "x"', 'invalid')) });
    opened.push(w);
    const sim = wrapWorker(w as unknown as Worker);
    await expect(sim.labs()).resolves.toEqual([]);
    await expect(sim.params('x')).rejects.toThrow(new SimError('unknown lab "x"', 'invalid'));
  });

  it('treats an error of the worker as its death: terminated, every call rejected, the owner told what happened', async () => {
    const w = fakeWorker({ run: never, labs: never });
    opened.push(w);
    const dead = vi.fn();
    const sim = wrapWorker(w as unknown as Worker, dead);
    const pending = sim.run({ lab: LAB, variant: 'before', params: {}, seed: 1 });
    const event = errorEvent('Uncaught RangeError: out of memory');
    w.dispatchEvent(event);
    await expect(pending).rejects.toThrow('the simulator worker stopped: Uncaught RangeError: out of memory');
    await expect(sim.labs()).rejects.toThrow('the simulator worker stopped');
    expect(event.defaultPrevented).toBe(true);
    expect(w.terminate).toHaveBeenCalledTimes(1);
    expect(dead.mock.calls).toEqual([[{ cause: 'worker', message: 'the simulator worker stopped: Uncaught RangeError: out of memory' } satisfies SimRestart]]);
    // a second error of the same worker tells nobody again
    w.dispatchEvent(errorEvent('again'));
    expect(dead).toHaveBeenCalledTimes(1);
  });

  it('reports a worker terminated under the page as a death, and a stop as none', async () => {
    const a = fakeWorker({ run: never });
    const b = fakeWorker({ run: never });
    opened.push(a, b);
    const deadA = vi.fn();
    const deadB = vi.fn();
    const killed = wrapWorker(a as unknown as Worker, deadA);
    const pending = killed.run({ lab: LAB, variant: 'before', params: {}, seed: 1 });
    await killed.crash('terminate');
    await expect(pending).rejects.toThrow('the simulator worker was terminated');
    expect(deadA.mock.calls).toEqual([[{ cause: 'worker', message: 'the simulator worker was terminated' }]]);
    const stopped = wrapWorker(b as unknown as Worker, deadB);
    const cancelled = stopped.run({ lab: LAB, variant: 'before', params: {}, seed: 1 });
    stopped.stop('cancelled by the user');
    await expect(cancelled).rejects.toBeInstanceOf(CancelledError);
    expect(deadB.mock.calls).toEqual([[null]]);
  });

  it('tells of a simulator that crashed inside a call, which the worker starts again', async () => {
    const w = fakeWorker({
      run: () => failureOf(new SimError('the simulator crashed in jc_run: Aborted(OOM)', 'internal'), true),
      labs: () => failureOf(new SimError('unknown lab', 'invalid')),
    });
    opened.push(w);
    const restarts = vi.fn();
    const dead = vi.fn();
    const sim = wrapWorker(w as unknown as Worker, dead, restarts);
    await expect(sim.run({ lab: LAB, variant: 'before', params: {}, seed: 1 })).rejects.toThrow('Aborted(OOM)');
    await expect(sim.labs()).rejects.toThrow('unknown lab');
    expect(restarts.mock.calls).toEqual([[{ cause: 'simulator', message: 'the simulator crashed in jc_run: Aborted(OOM)' }]]);
    // the worker lives on
    expect(dead).not.toHaveBeenCalled();
    expect(w.terminate).not.toHaveBeenCalled();
  });
});
