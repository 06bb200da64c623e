/**
 * A stand-in for the Emscripten module, for tests of the engine's own logic
 * (encoding, status mapping, JSON checking) without a WASM build. It answers
 * jc_* calls from plain data the way jc_api.h describes.
 */
import type { JcModule } from '../engine';

export interface FakeRun {
  status: number;
  error?: string;
}

export interface FakeSpec {
  /** the value of each jc_*_json() call; null stands for a NULL return */
  json: Partial<Record<string, unknown>>;
  /** what jc_run answers; by default 0 */
  run?: (lab: string, variant: string, params: string, seed: number, opts: string) => FakeRun;
  /** throw from this export, as a trapped module does */
  trapIn?: string;
  /** jc_result_json's answer for the last jc_run's arguments, where it depends on them (a seed's own metrics) */
  result?: (lab: string, variant: string, params: string, seed: number) => unknown;
  /** what jc_check_params answers: its status and jc_last_error_json()'s object; by default 0 */
  check?: (lab: string, params: string) => { status: number; error?: { message: string } & Record<string, unknown> };
}

export interface FakeModule extends JcModule {
  /** every jc_run call's arguments, in order */
  runs: [string, string, string, number, string][];
  /** every jc_check_params call's arguments, in order */
  checks: [string, string][];
}

export function fakeModule(spec: FakeSpec): FakeModule {
  const strings: string[] = [];
  let lastError = '';
  let lastErrorJson: unknown = { message: '', param: null, params: [] };
  const ptr = (value: unknown): number => {
    if (value === null || value === undefined) return 0;
    strings.push(typeof value === 'string' ? value : JSON.stringify(value));
    return strings.length;
  };
  const runs: FakeModule['runs'] = [];
  const checks: FakeModule['checks'] = [];
  return {
    runs,
    checks,
    UTF8ToString: (p) => strings[p - 1] ?? '',
    ccall(ident, _ret, _types, args) {
      if (spec.trapIn === ident) throw new Error('RuntimeError: memory access out of bounds');
      switch (ident) {
        case 'jc_last_error':
          return ptr(lastError);
        case 'jc_last_error_json':
          return ptr(lastErrorJson);
        case 'jc_check_params': {
          const [lab, params] = args as [string, string];
          checks.push([lab, params]);
          const r = spec.check?.(lab, params) ?? { status: 0 };
          lastError = r.error?.message ?? '';
          lastErrorJson = r.error ?? { message: '', param: null, params: [] };
          return r.status;
        }
        case 'jc_version':
          return ptr('0.0.0-fake');
        case 'jc_run': {
          const [lab, variant, params, seed, opts] = args as [string, string, string, number, string];
          runs.push([lab, variant, params, seed, opts]);
          const r = spec.run?.(lab, variant, params, seed, opts) ?? { status: 0 };
          lastError = r.error ?? '';
          return r.status;
        }
        default: {
          const last = runs.at(-1);
          if (ident === 'jc_result_json' && spec.result && last) return ptr(spec.result(last[0], last[1], last[2], last[3]));
          const key = args.length > 0 ? `${ident}:${String(args[0])}` : ident;
          const value = key in spec.json ? spec.json[key] : spec.json[ident];
          if (value === null) lastError = `${ident}: no such thing`;
          return ptr(value);
        }
      }
    },
  };
}

/** JSON shaped as jc_api.h describes, for one lab with two parameters. */
export const FAKE = {
  labs: [
    {
      id: 'toy',
      title: 'a toy lab',
      variants: ['before', 'after'],
      source: 'toy.c',
      steps: [
        { kind: 'lock', a: 'lock', b: 'shared' },
        { kind: 'visit', a: 'dentry_idx', b: 'inode_idx' },
      ],
    },
  ],
  params: [
    { name: 'ways', type: 'int', unit: 'threads', min: 1, max: 64, default: 4, help: 'fs_mark threads' },
    { name: 'files', type: 'int', unit: 'files', min: 1, max: 1024, default: 8, help: 'files per thread' },
  ],
  rows: {
    lab: 'toy',
    metric: 'creates_per_s',
    unit: 'K creates/s',
    scale: 1000,
    citation: { author: 'a', list: 'l', date: 'd', subject: 's', url: 'u', commit: 'c' },
    rows: [
      { row: 1, label: '1', params: { ways: 1, files: 1 }, paper: { before: 10, after: 11 }, note: '' },
      { row: 2, label: '2', params: { ways: 64, files: 1024 }, paper: { before: 0.73, after: 126 }, note: 'collapse' },
    ],
    sweep: null,
  },
  result: {
    lab: 'toy',
    variant: 'before',
    seed: 1,
    params: { ways: 4, files: 8 },
    metrics: { creates_per_s: 1234.5 },
    metric_info: [{ name: 'creates_per_s', unit: 'creates/s', help: 'files created per second' }],
    sim: { events: 100, steps: 50, end_ns: 1e6, halted: false, mem_bytes: 4096, hash: '0123456789abcdef' },
    cpus: 4,
  },
  steps: { from: 1, total: 50, steps: [{ i: 1, t: 0, cpu: 0, task: 0, line: 10, kind: 'lock', a: 0, b: 0 }] },
  heatmap: { cpus: 1, buckets: 2, bucket_ns: 500, states: ['idle', 'run', 'spin', 'sleep', 'io'], data: [1, 0, 0, 0, 0, 0, 1, 0, 0, 0] },
  snapshot: { now_ns: 0 },
};

/** The default answers of a healthy fake. */
export function fakeJson(): FakeSpec['json'] {
  return {
    jc_labs_json: FAKE.labs,
    jc_params_json: FAKE.params,
    jc_rows_json: FAKE.rows,
    jc_result_json: FAKE.result,
    jc_steps_json: FAKE.steps,
    jc_heatmap_json: FAKE.heatmap,
    jc_snapshot_json: FAKE.snapshot,
  };
}
