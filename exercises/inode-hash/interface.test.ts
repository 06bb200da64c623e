/**
 * The inode-hash exercise's interface reproduces the kernel: built into the model's variant `yours`, the
 * solution runs step for step as `after` (Linux 6.12) and the skeleton as `before` (6.10), on a run where
 * lookups meet inodes being freed and one where threads race to insert the same inodes. The run hashes
 * cover every step, so any change of the model that the interface does not follow shows here.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubmission } from '../../cli/exercise/build';
import { solutionPath } from '../../cli/exercise/files';
import { exercise as inodeHashExercise } from '../../web/src/labs/inode-hash/exercise';
import { makeSkeleton } from '../../web/src/exercises/skeleton';

const RUNS = [
  'threads=8;dirs=2;files=16;icache=240;hash_bits=5;passes=4',
  'fs=btrfs;threads=8;dirs=1;files=16;passes=1;shared=1',
];

let dir: string;
const binaries: Record<string, string> = {};

function hash(binary: string, variant: string, params: string, seed: number): string {
  const r = spawnSync(binary, ['hash', 'inode-hash', variant, params, String(seed)], { encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`${variant} ${params} seed ${seed}: ${r.stderr}`);
  return r.stdout.trim();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jc-ih-'));
  const solution = readFileSync(solutionPath('inode-hash'), 'utf8');
  const files = { solution, skeleton: makeSkeleton(solution).text };
  for (const [name, text] of Object.entries(files)) {
    const work = join(dir, name);
    mkdirSync(work);
    writeFileSync(join(work, `${name}.c`), text);
    const built = await buildSubmission(inodeHashExercise, join(work, `${name}.c`), work);
    if (!built.ok) throw new Error(`${name}: ${built.stage}: ${built.message}`);
    binaries[name] = built.binary;
  }
}, 600_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('inode-hash: yours', () => {
  for (const params of RUNS)
    it(`with the solution is after, and with the skeleton before, step for step (${params})`, () => {
      for (const seed of [1, 2]) {
        expect(hash(binaries.solution!, 'yours', params, seed)).toBe(hash(binaries.solution!, 'after', params, seed));
        expect(hash(binaries.skeleton!, 'yours', params, seed)).toBe(hash(binaries.skeleton!, 'before', params, seed));
      }
      // the two kernels differ on this run: the equalities above say something
      expect(hash(binaries.solution!, 'after', params, 1)).not.toBe(hash(binaries.solution!, 'before', params, 1));
    });
});
