/**
 * A long session in one Node process, as the CLI and the benchmarks have it: 300 simulations in a row on one
 * engine, every lab in turn, a variant and parameters drawn anew each time, whole runs and the animation's
 * frames (open runs with their checkpoints) mixed. The JavaScript heap (after a full collection) and the WASM
 * heap (jc_heap_top, and the memory's byte length, which never shrinks) are read every ten simulations; the
 * last third may not stand higher than the first by more than the slack below.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { newEngine } from '../../web/src/core/node';
import { createStepper } from '../../web/src/core/stepper';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const RUNS = 300;
const SAMPLE_EVERY = 10;
/*
 * The slack, from what was measured: the JS heap settles at about 8 MB after its first lab of each kind (zod
 * schemas, cached parameter tables), and moves by well under 1 MB between samples after that; a leak of one
 * run's outputs (tens to hundreds of KB each) kept per run would add more than 4 MB over the last 200 runs.
 * The WASM heap top is set by the largest configuration run so far: every configuration here is drawn from
 * the same ranges, so the first third has already met sizes like the last's.
 */
const JS_SLACK = 4 << 20;
const WASM_SLACK = 4 << 20;

/** small configurations of every lab, a few seconds in all: each parameter from [min, max] */
const RANGES: Record<string, Record<string, [number, number]>> = {
  'fast-commit': { ways: [1, 8], dirs: [1, 4], files: [4, 32], loops: [1, 1] },
  'inode-hash': { fs: [0, 1], threads: [1, 8], dirs: [1, 4], files: [8, 32], passes: [1, 2] },
  'extent-status': { case: [0, 2], runtime_ms: [100, 300], mem_mb: [32, 32], jobs: [1, 4], small_files: [1024, 4096] },
  'btrfs-fsync': { clients: [2, 16], cpus: [2, 4], runtime_ms: [200, 300] },
  'ext4-writeback': { jobs: [1, 4], sync: [0, 1], runtime_ms: [500, 800] },
};

/** mulberry32: the same configurations at every run of the test */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Sample {
  run: number;
  js: number;
  /** ArrayBuffers outside the JS heap: the animation's checkpoints are these */
  buffers: number;
  heapTop: number;
  memory: number;
}

const peak = (xs: Sample[], key: 'js' | 'buffers' | 'heapTop' | 'memory') => Math.max(...xs.map((s) => s[key]));
const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

it(`${RUNS} simulations in one process keep the JS and the WASM heap bounded`, async () => {
  let mod: { HEAPU8?: Uint8Array; ccall(...a: unknown[]): unknown } | undefined;
  const engine = await newEngine(undefined, (m) => (mod = m as typeof mod));
  const stepper = createStepper(engine);
  const rand = random(15);
  const pick = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const labs = engine.labs();
  assert.deepEqual(labs.map((l) => l.id).sort(), Object.keys(RANGES).sort(), 'a range for every lab');
  const samples: Sample[] = [];
  const t0 = Date.now();
  for (let i = 0; i < RUNS; i++) {
    const lab = labs[i % labs.length]!;
    const variant = lab.variants[pick(0, lab.variants.length - 1)]!;
    const params: Record<string, number> = {};
    for (const [name, [lo, hi]] of Object.entries(RANGES[lab.id]!)) params[name] = pick(lo, hi);
    const seed = pick(1, 1000);
    if (i % 2 === 0) {
      const out = engine.run({ lab: lab.id, variant, params, seed, options: { traceMax: 0, heatBuckets: 120, marks: [lab.steps[0]!.kind] } });
      assert.ok(out.result.sim.steps > 0, `${lab.id} ${variant} ran`);
    } else {
      // the animation's way: an open run, a frame further on, then one back (a checkpoint restored)
      const req = { lab: lab.id, variant, params, seed };
      const far = await stepper.frame(req, 5000, 64);
      const back = await stepper.frame(req, Math.max(1, Math.floor(far.step / 2)), 64);
      assert.ok(back.step <= far.step);
    }
    if ((i + 1) % SAMPLE_EVERY === 0) {
      gc();
      samples.push({
        run: i + 1,
        js: process.memoryUsage().heapUsed,
        buffers: process.memoryUsage().arrayBuffers,
        heapTop: (mod!.ccall('jc_heap_top', 'number', [], []) as number) >>> 0,
        memory: mod!.HEAPU8!.length,
      });
    }
  }
  const third = Math.floor(samples.length / 3);
  const first = samples.slice(0, third);
  const last = samples.slice(-third);
  const said = `${RUNS} runs in ${((Date.now() - t0) / 1000).toFixed(1)} s; JS heap ${mb(peak(first, 'js'))} -> ${mb(peak(last, 'js'))}, WASM heap top ${mb(peak(first, 'heapTop'))} -> ${mb(peak(last, 'heapTop'))}, memory ${mb(peak(first, 'memory'))} -> ${mb(peak(last, 'memory'))}; ArrayBuffers at most ${mb(peak(samples, 'buffers'))}, checkpoints ${mb(stepper.stats().bytes)} of ${mb(stepper.stats().budget)}`;
  console.log(said);
  assert.ok(peak(last, 'js') <= peak(first, 'js') + JS_SLACK, `the JS heap grew: ${said}`);
  assert.ok(peak(last, 'heapTop') <= peak(first, 'heapTop') + WASM_SLACK, `the WASM heap grew: ${said}`);
  assert.ok(peak(last, 'memory') <= peak(first, 'memory') + WASM_SLACK, `the WASM memory grew: ${said}`);
  // the checkpoints are the one store that grows with the session, up to their budget and no further
  assert.ok(stepper.stats().bytes <= stepper.stats().budget);
  assert.ok(peak(samples, 'buffers') <= stepper.stats().budget + WASM_SLACK + peak(first, 'memory'), `ArrayBuffers past the checkpoints' budget: ${said}`);
});
