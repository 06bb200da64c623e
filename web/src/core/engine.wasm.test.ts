/**
 * The engine over the real WASM build (wasm-core/build, or JC_WASM_DIR):
 * every JSON the module returns passes the contract's schemas.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine';
import { loadEngine } from './node';
import { FcSnapshot } from '../labs/fast-commit/schema';
import { CPU_STATES, SimError } from './types';

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

function refusal(fn: () => unknown): SimError {
  try {
    fn();
  } catch (e) {
    if (e instanceof SimError) return e;
    throw e;
  }
  throw new Error('expected a SimError');
}

describe('the WASM engine', () => {
  it('lists labs whose parameter tables and paper rows parse', () => {
    const labs = engine.labs();
    expect(labs.map((l) => l.id)).toContain('fast-commit');
    expect(labs.find((l) => l.id === 'extent-status')?.variants).toEqual([
      'baseline',
      'es-cache',
      'es-slist',
      'es-ilist',
      'es-gc',
      'upstream',
    ]);
    for (const lab of labs) {
      expect(lab.variants.length, lab.id).toBeGreaterThanOrEqual(2);
      expect(new Set(lab.variants).size, `${lab.id}: no variant twice`).toBe(lab.variants.length);
      if (lab.id !== 'extent-status') expect(lab.variants.slice(0, 2)).toEqual(['before', 'after']);
      const specs = engine.params(lab.id);
      expect(specs.length).toBeGreaterThan(0);
      for (const s of specs) expect(s.min <= s.default && s.default <= s.max, `${lab.id} ${s.name}`).toBe(true);
      const rows = engine.rows(lab.id);
      expect(rows.lab).toBe(lab.id);
      expect(rows.rows.length).toBeGreaterThan(0);
      for (const row of rows.rows) {
        for (const name of Object.keys(row.params)) expect(specs.map((s) => s.name)).toContain(name);
      }
    }
    expect(engine.version()).toMatch(/\S/);
  });

  it('runs a lab with its defaults and returns every part', () => {
    const out = engine.run({ lab: 'fast-commit', variant: 'before', params: {}, seed: 1, options: { heatBuckets: 16 } });
    const specs = engine.params('fast-commit');
    expect(out.result.params).toEqual(Object.fromEntries(specs.map((s) => [s.name, s.default])));
    expect(out.result.sim.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(out.result.sim.halted).toBe(false);
    expect(out.result.sim.events).toBeGreaterThan(0);
    for (const m of out.result.metric_info) expect(out.result.metrics).toHaveProperty(m.name);
    /* bucket widths double as the run grows, so a run uses at most the buckets asked for */
    expect(out.heatmap.buckets).toBeGreaterThan(0);
    expect(out.heatmap.buckets).toBeLessThanOrEqual(16);
    expect(out.heatmap.states).toEqual([...CPU_STATES]);
    expect(out.heatmap.data).toHaveLength(out.heatmap.cpus * out.heatmap.buckets * out.heatmap.states.length);
    expect(FcSnapshot.safeParse(out.snapshot).success).toBe(true);
  });

  it('is deterministic: the same request gives the same hash and metrics', () => {
    const req = { lab: 'fast-commit', variant: 'after', params: { ways: 8 }, seed: 99 };
    const a = engine.result(req);
    const b = engine.result(req);
    expect(b.sim.hash).toBe(a.sim.hash);
    expect(b.metrics).toEqual(a.metrics);
  });

  it('halts at a step with the model mid-flight, and records the asked window of steps', () => {
    const out = engine.run({
      lab: 'fast-commit',
      variant: 'before',
      params: {},
      seed: 1,
      options: { stopStep: 50, traceFrom: 41, traceMax: 10 },
    });
    expect(out.result.sim.halted).toBe(true);
    expect(out.steps.steps.map((s) => s.i)).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
    const snap = FcSnapshot.parse(out.snapshot);
    expect(snap.step).toBe(50);
  });

  it('refuses bad input with the parameter and its range', () => {
    const [spec] = engine.params('fast-commit');
    const outOfRange = refusal(() =>
      engine.result({ lab: 'fast-commit', variant: 'before', params: { [spec!.name]: spec!.max + 1 }, seed: 1 }),
    );
    expect(outOfRange.status).toBe('invalid');
    expect(outOfRange.message).toContain(spec!.name);
    expect(outOfRange.message).toContain(String(spec!.max));
    const text = refusal(() => engine.result({ lab: 'fast-commit', variant: 'before', params: { [spec!.name]: 'x' }, seed: 1 }));
    expect(text.status).toBe('invalid');
    expect(refusal(() => engine.result({ lab: 'fast-commit', variant: 'sideways', params: {}, seed: 1 })).message).toContain(
      'sideways',
    );
    expect(refusal(() => engine.result({ lab: 'nope', variant: 'before', params: {}, seed: 1 })).message).toContain('nope');
  });

  it("takes a choice parameter by name or index, and gives the run's value by name", () => {
    const fs = engine.params('inode-hash').find((s) => s.name === 'fs');
    expect(fs).toMatchObject({ type: 'choice', choices: ['ext4', 'btrfs'], default: 0, default_name: 'ext4', min: 0, max: 1 });
    const small = { threads: 2, dirs: 1, files: 8, passes: 1 };
    const byName = engine.result({ lab: 'inode-hash', variant: 'after', params: { ...small, fs: 'btrfs' }, seed: 3 });
    const byIndex = engine.result({ lab: 'inode-hash', variant: 'after', params: { ...small, fs: 1 }, seed: 3 });
    expect(byName.params.fs).toBe('btrfs');
    expect(byIndex.params.fs).toBe('btrfs');
    expect(byName.params.threads).toBe(2);
    expect(byName.sim.hash).toBe(byIndex.sim.hash);
    expect(engine.result({ lab: 'inode-hash', variant: 'after', params: small, seed: 3 }).params.fs).toBe('ext4');
    const bad = refusal(() => engine.result({ lab: 'inode-hash', variant: 'after', params: { fs: 'xfs' }, seed: 3 }));
    expect(bad.message).toBe("parameter 'fs' must be one of ext4, btrfs (got 'xfs')");
  });

  it('checks parameters without a run: a range, a choice and the cross-parameter check, each named', () => {
    const before = engine.result({ lab: 'fast-commit', variant: 'before', params: { ways: 2 }, seed: 5 });
    expect(engine.checkParams('fast-commit', { ways: 8, files: '32' })).toEqual({ ok: true });
    expect(engine.checkParams('inode-hash', { fs: 'btrfs' })).toEqual({ ok: true });
    expect(engine.checkParams('fast-commit', { ways: 0 })).toEqual({
      ok: false,
      message: "parameter 'ways' must be an integer from 1 to 256 (got 0)",
      param: 'ways',
      params: ['ways'],
      type: 'int',
      got: '0',
      min: 1,
      max: 256,
    });
    expect(engine.checkParams('inode-hash', { threads: 4, fs: 'xfs' })).toEqual({
      ok: false,
      message: "parameter 'fs' must be one of ext4, btrfs (got 'xfs')",
      param: 'fs',
      params: ['fs'],
      type: 'choice',
      got: 'xfs',
      allowed: ['ext4', 'btrfs'],
    });
    const cross = engine.checkParams('inode-hash', { threads: 64, dirs: 4096, files: 4096 });
    expect(cross).toMatchObject({ ok: false, param: null, params: ['threads', 'dirs', 'files'] });
    expect(cross.ok ? '' : cross.message).toContain('threads x dirs x files');
    expect(refusal(() => engine.checkParams('nope', {})).message).toContain('nope');
    /* the last run is left as it was */
    expect(engine.result({ lab: 'fast-commit', variant: 'before', params: { ways: 2 }, seed: 5 }).sim.hash).toBe(before.sim.hash);
  });

  it('stops a run over its event budget with a budget error, and keeps working', () => {
    const e = refusal(() => engine.result({ lab: 'fast-commit', variant: 'before', params: {}, seed: 1, options: { maxEvents: 10 } }));
    expect(e.status).toBe('budget');
    expect(e.message).toMatch(/\S/);
    expect(engine.healthy()).toBe(true);
    expect(engine.result({ lab: 'fast-commit', variant: 'before', params: {}, seed: 1 }).sim.halted).toBe(false);
  });
});
