/**
 * Simulations on worker threads (web/src/core/nodeThreads.ts): a sweep run
 * over threads gives the very numbers a single thread gives, and a refused
 * run keeps the simulator's own error on its way back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Engine } from '../../web/src/core/engine';
import { loadEngine } from '../../web/src/core/node';
import { startSimThreads, sweepOnThreads, type SimThreads } from '../../web/src/core/nodeThreads';
import { sweep } from '../../web/src/core/sweep';
import { SimError } from '../../web/src/core/types';
import { MAIL_LAB_IDS } from '../../lib/mails.gen';

/* any lab does: the registry's last, whose paper rows run in a few seconds of CPU a seed */
const LAB = MAIL_LAB_IDS.at(-1)!;
let engine: Engine;
let threads: SimThreads;

before(async () => {
  engine = await loadEngine();
  threads = startSimThreads(2);
});

after(async () => {
  await threads.close();
});

describe('simulator threads', () => {
  it('run a sweep to the same medians and ranges as one thread, whatever order the runs finish in', async () => {
    const seeds = [1, 2];
    const one = await sweep(engine, LAB, undefined, { seeds });
    const many = await sweep(engine, LAB, undefined, { seeds, lanes: threads.size, run: (req) => threads.result(req) });
    assert.equal(many.rows.length, one.rows.length);
    for (const [i, row] of many.rows.entries()) {
      const single = one.rows[i]!;
      assert.deepEqual(row.runs.before!.ranges, single.runs.before!.ranges, `${row.label} before`);
      assert.deepEqual(row.runs.after!.ranges, single.runs.after!.ranges, `${row.label} after`);
      assert.deepEqual(
        row.runs.after!.runs.map((r) => r.sim.hash),
        single.runs.after!.runs.map((r) => r.sim.hash),
        `${row.label} after: the same runs, byte for byte`,
      );
    }
    const viaHelper = await sweepOnThreads(engine, LAB, undefined, seeds);
    assert.deepEqual(viaHelper.rows.map((r) => r.runs.before!.ranges), one.rows.map((r) => r.runs.before!.ranges));
  });

  it("reject a refused run with the simulator's message and status", async () => {
    const spec = engine.params(LAB)[0]!;
    await assert.rejects(
      threads.result({ lab: LAB, variant: 'before', params: { [spec.name]: spec.max + 1 }, seed: 1 }),
      (e: unknown) => e instanceof SimError && e.status === 'invalid' && e.message.includes(spec.name),
    );
  });

  it('refuse runs once closed', async () => {
    const t = startSimThreads(1);
    await t.close();
    await assert.rejects(t.result({ lab: LAB, variant: 'after', params: {}, seed: 1 }), /closed/);
  });
});
