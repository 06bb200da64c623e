import { describe, expect, it } from 'vitest';
import { checkSeed, encodeOptions, encodeParams, parseJson, wrapModule } from './engine';
import { FAKE, fakeJson, fakeModule } from './testing/fakeModule';
import { RunResult, SimError } from './types';

const req = { lab: 'toy', variant: 'before', params: { ways: 4 }, seed: 1 };

function simError(fn: () => unknown): SimError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SimError);
    return e as SimError;
  }
  throw new Error('expected a SimError');
}

describe('encodeParams', () => {
  it('writes name=value pairs in order', () => {
    expect(encodeParams({ ways: 64, files: 1024 })).toBe('ways=64;files=1024');
    expect(encodeParams({})).toBe('');
  });
  it('passes text on for the simulator to judge, trimmed', () => {
    expect(encodeParams({ ways: ' 12 ', files: 'abc' })).toBe('ways=12;files=abc');
  });
  it('refuses what would break the syntax', () => {
    expect(simError(() => encodeParams({ ways: '1;files=2' })).message).toBe('parameter ways: "1;files=2" is not a number or a name');
    expect(simError(() => encodeParams({ 'a=b': 1 })).status).toBe('invalid');
    expect(simError(() => encodeParams({ ways: '' })).message).toContain('ways');
    expect(simError(() => encodeParams({ ways: Number.NaN })).message).toBe('parameter ways: NaN is not a number');
  });
});

describe('encodeOptions', () => {
  it('maps each option to its jc_run name', () => {
    expect(encodeOptions({ stopStep: 5, traceFrom: 1, traceMax: 100, heatBuckets: 64, maxEvents: 1e6, maxMemMb: 64 })).toBe(
      'stop_step=5;trace_from=1;trace_max=100;heat_buckets=64;max_events=1000000;max_mem_mb=64',
    );
    expect(encodeOptions()).toBe('');
  });
  it('refuses negative or fractional values, naming the option', () => {
    expect(simError(() => encodeOptions({ stopStep: -1 })).message).toBe('option stop_step must be a whole number >= 0, got -1');
    expect(simError(() => encodeOptions({ traceMax: 1.5 })).message).toContain('trace_max');
  });
});

describe('checkSeed', () => {
  it('takes any 32-bit unsigned value', () => {
    expect(checkSeed(0)).toBe(0);
    expect(checkSeed(4294967295)).toBe(4294967295);
  });
  it('refuses the rest with the range', () => {
    expect(simError(() => checkSeed(-1)).message).toBe('seed must be a whole number from 0 to 4294967295, got -1');
    expect(simError(() => checkSeed(2 ** 32)).status).toBe('invalid');
    expect(simError(() => checkSeed(0.5)).status).toBe('invalid');
  });
});

describe('parseJson', () => {
  it('returns checked data', () => {
    expect(parseJson(RunResult, JSON.stringify(FAKE.result), 'jc_result_json').sim.hash).toBe('0123456789abcdef');
  });
  it('names the call and the path of a shape mismatch', () => {
    const bad = { ...FAKE.result, metrics: { creates_per_s: 'many' } };
    const e = simError(() => parseJson(RunResult, JSON.stringify(bad), 'jc_result_json'));
    expect(e.status).toBe('internal');
    expect(e.message).toMatch(/^jc_result_json returned unexpected JSON at metrics\.creates_per_s: /);
  });
  it('reports text that is not JSON', () => {
    expect(simError(() => parseJson(RunResult, '{', 'jc_result_json')).message).toMatch(/^jc_result_json returned invalid JSON/);
  });
});

describe('engine over a stand-in module', () => {
  it('lists labs, parameters and rows', () => {
    const engine = wrapModule(fakeModule({ json: fakeJson() }));
    expect(engine.version()).toBe('0.0.0-fake');
    expect(engine.labs().map((l) => l.id)).toEqual(['toy']);
    expect(engine.params('toy').map((p) => p.name)).toEqual(['ways', 'files']);
    expect(engine.rows('toy').rows).toHaveLength(2);
  });

  it('refuses an unknown lab before asking the module', () => {
    const engine = wrapModule(fakeModule({ json: fakeJson() }));
    const e = simError(() => engine.params('nope'));
    expect(e.message).toBe('unknown lab "nope" (labs: toy)');
    expect(e.status).toBe('invalid');
  });

  it('hands jc_run its arguments and returns every part of the run', () => {
    const mod = fakeModule({ json: fakeJson() });
    const out = wrapModule(mod).run({ ...req, options: { stopStep: 3, traceMax: 10 } });
    expect(mod.runs).toEqual([['toy', 'before', 'ways=4', 1, 'stop_step=3;trace_max=10']]);
    expect(out.result.metrics.creates_per_s).toBe(1234.5);
    expect(out.steps.steps[0]?.kind).toBe('lock');
    expect(out.heatmap.data).toHaveLength(10);
    expect(out.snapshot).toEqual({ now_ns: 0 });
  });

  it.each([
    [1, 'invalid'],
    [2, 'budget'],
    [3, 'internal'],
    [9, 'internal'],
  ] as const)('maps jc_run status %i to a %s SimError with the C message', (status, kind) => {
    const mod = fakeModule({ json: fakeJson(), run: () => ({ status, error: 'files=5000 is out of range 1..1024' }) });
    const e = simError(() => wrapModule(mod).result(req));
    expect(e.status).toBe(kind);
    expect(e.message).toBe('files=5000 is out of range 1..1024');
  });

  it('falls back to the status when the module gives no message', () => {
    const mod = fakeModule({ json: fakeJson(), run: () => ({ status: 2 }) });
    expect(simError(() => wrapModule(mod).result(req)).message).toBe('jc_run failed with status 2');
  });

  it('turns a NULL from a JSON call into its jc_last_error message', () => {
    const mod = fakeModule({ json: { ...fakeJson(), jc_steps_json: null } });
    expect(simError(() => wrapModule(mod).run(req)).message).toBe('jc_steps_json: no such thing');
  });

  it('checks parameters with jc_check_params, and reads a refusal from jc_last_error_json', () => {
    const refusal = {
      message: "parameter 'ways' must be an integer from 1 to 64 (got 65)",
      param: 'ways',
      params: ['ways'],
      type: 'int',
      got: '65',
      min: 1,
      max: 64,
    };
    const mod = fakeModule({
      json: fakeJson(),
      check: (_lab, params) => (params.includes('65') ? { status: 1, error: refusal } : { status: 0 }),
    });
    const engine = wrapModule(mod);
    expect(engine.checkParams('toy', { ways: 4, files: ' 8 ' })).toEqual({ ok: true });
    expect(engine.checkParams('toy', { ways: 65 })).toEqual({ ok: false, ...refusal });
    expect(mod.checks).toEqual([
      ['toy', 'ways=4;files=8'],
      ['toy', 'ways=65'],
    ]);
    expect(mod.runs).toEqual([]);
  });

  it('refuses text that cannot be written as name=value without asking the module, naming the parameter', () => {
    const mod = fakeModule({ json: fakeJson() });
    const check = wrapModule(mod).checkParams('toy', { ways: 4, files: '1;ways=2' });
    expect(check).toEqual({
      ok: false,
      message: 'parameter files: "1;ways=2" is not a number or a name',
      param: 'files',
      params: ['files'],
    });
    expect(mod.checks).toEqual([]);
    expect(simError(() => wrapModule(mod).checkParams('nope', {})).message).toContain('unknown lab "nope"');
  });

  it('reports a refusal JSON of the wrong shape as an internal error', () => {
    const mod = fakeModule({ json: fakeJson(), check: () => ({ status: 1, error: { message: 'no', params: 'ways' } }) });
    const e = simError(() => wrapModule(mod).checkParams('toy', { ways: 0 }));
    expect(e.status).toBe('internal');
    expect(e.message).toMatch(/^jc_last_error_json returned unexpected JSON at param/);
  });

  it('stops trusting a module that trapped', () => {
    const engine = wrapModule(fakeModule({ json: fakeJson(), trapIn: 'jc_run' }));
    expect(engine.healthy()).toBe(true);
    const first = simError(() => engine.result(req));
    expect(first.status).toBe('internal');
    expect(first.message).toContain('crashed in jc_run');
    expect(engine.healthy()).toBe(false);
    expect(simError(() => engine.labs()).message).toContain('earlier crash');
  });
});
