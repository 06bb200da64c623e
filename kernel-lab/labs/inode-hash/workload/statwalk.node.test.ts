/**
 * The guest's parallel stat walker, built and run natively on the host:
 * --create makes one tree per thread, --walk stats every file of it, the
 * JSON it prints counts what it did, and bad arguments exit 2 with a message
 * that names the option.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

/* beside this file, in the lab's workload */
const HERE = dirname(fileURLToPath(import.meta.url));
const SOURCE = join(HERE, 'statwalk.c');
const BUILD = join(HERE, '..', '..', '..', '..', '.cache', 'statwalk');
const BINARY = join(BUILD, 'statwalk');

interface StatwalkJson {
  mode: string;
  threads: number;
  dirs: number;
  files: number;
  stats?: number;
  created?: number;
  elapsed_s: number;
  user_s: number;
  sys_s: number;
  per_thread_s: number[];
}

function statwalk(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const ran = spawnSync(BINARY, args, { encoding: 'utf8', timeout: 60_000 });
  if (ran.error) throw ran.error;
  return { status: ran.status, stdout: ran.stdout, stderr: ran.stderr };
}

function jsonOf(stdout: string): StatwalkJson {
  const lines = stdout.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line of JSON, got:\n${stdout}`);
  return JSON.parse(lines[0] ?? '') as StatwalkJson;
}

function checkTimes(out: StatwalkJson, threads: number): void {
  assert.equal(out.per_thread_s.length, threads);
  for (const key of ['elapsed_s', 'user_s', 'sys_s'] as const) {
    assert.ok(Number.isFinite(out[key]) && out[key] >= 0, `${key} = ${out[key]}`);
  }
  for (const t of out.per_thread_s) {
    assert.ok(t >= 0 && t <= out.elapsed_s + 1e-6, `a thread's time ${t} within elapsed ${out.elapsed_s}`);
  }
}

let root: string;

before(() => {
  mkdirSync(BUILD, { recursive: true });
  /* the same flags as the guest image, but dynamic: a static glibc is not needed to test it */
  execFileSync('gcc', ['-Wall', '-Wextra', '-Werror', '-O2', '-pthread', '-o', BINARY, SOURCE], { stdio: 'inherit' });
  root = mkdtempSync(join(tmpdir(), 'statwalk-'));
});

after(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('statwalk', () => {
  const shape = ['--threads', '3', '--dirs', '4', '--files', '5'];

  it('creates one tree per thread: ROOT/tN/dD/fF', () => {
    const run = statwalk(['--root', root, ...shape, '--create']);
    assert.equal(run.status, 0, run.stderr);
    const out = jsonOf(run.stdout);
    assert.equal(out.mode, 'create');
    assert.deepEqual([out.threads, out.dirs, out.files, out.created], [3, 4, 5, 60]);
    checkTimes(out, 3);
    assert.deepEqual(readdirSync(root).sort(), ['t0', 't1', 't2']);
    for (const t of ['t0', 't1', 't2']) {
      assert.deepEqual(readdirSync(join(root, t)).sort(), ['d0', 'd1', 'd2', 'd3']);
      for (const d of ['d0', 'd1', 'd2', 'd3']) {
        assert.deepEqual(readdirSync(join(root, t, d)).sort(), ['f0', 'f1', 'f2', 'f3', 'f4']);
      }
    }
  });

  it('walks every tree and stats every file once', () => {
    const run = statwalk(['--root', root, ...shape, '--walk']);
    assert.equal(run.status, 0, run.stderr);
    const out = jsonOf(run.stdout);
    assert.equal(out.mode, 'walk');
    assert.deepEqual([out.threads, out.dirs, out.files, out.stats], [3, 4, 5, 60]);
    checkTimes(out, 3);
  });

  it('walks a subset of the threads when asked for fewer', () => {
    const out = jsonOf(statwalk(['--root', root, '--threads', '1', '--dirs', '2', '--files', '5', '--walk']).stdout);
    assert.equal(out.stats, 10);
  });

  it('fails when the tree is not the one asked for', () => {
    writeFileSync(join(root, 't1', 'd2', 'extra'), '');
    const run = statwalk(['--root', root, ...shape, '--walk']);
    assert.equal(run.status, 1);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /t1\/d2 holds 6 entries, not --files 5/);
    rmSync(join(root, 't1', 'd2', 'extra'));
    const missing = statwalk(['--root', root, '--threads', '4', '--dirs', '4', '--files', '5', '--walk']);
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /thread 3: cannot open .*t3\/: No such file or directory/);
  });

  it('refuses a root that is not a directory', () => {
    const run = statwalk(['--root', join(root, 't0', 'd0', 'f0'), ...shape, '--walk']);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /--root .*f0: Not a directory/);
  });

  const refused: [string, string[], RegExp][] = [
    ['no arguments', [], /--root DIR is required/],
    ['no mode', ['--root', '/', ...shape], /give one of --create and --walk/],
    ['both modes', ['--root', '/', ...shape, '--create', '--walk'], /not both/],
    ['zero threads', ['--root', '/', '--threads', '0', '--dirs', '1', '--files', '1', '--walk'], /--threads must be a whole number from 1 to 1024, got '0'/],
    ['a word for a number', ['--root', '/', '--threads', '2', '--dirs', 'many', '--files', '1', '--walk'], /--dirs must be a whole number from 1 to 1000000, got 'many'/],
    ['a trailing unit', ['--root', '/', '--threads', '2', '--dirs', '1', '--files', '10k', '--walk'], /--files must be a whole number .* got '10k'/],
    ['a missing --files', ['--root', '/', '--threads', '2', '--dirs', '1', '--walk'], /--files F is required/],
    ['an unknown option', ['--root', '/', ...shape, '--walk', '--fast'], /unknown option '--fast'/],
    ['an option without its value', ['--threads'], /--threads needs a value/],
    ['a stray argument', ['--root', '/', ...shape, '--walk', 'extra'], /unexpected argument 'extra'/],
    ['--drop-caches with --create', ['--root', '/', ...shape, '--create', '--drop-caches'], /--drop-caches goes with --walk/],
  ];
  for (const [what, args, message] of refused) {
    it(`exits 2 on ${what}`, () => {
      const run = statwalk(args);
      assert.equal(run.status, 2, `${what}: ${run.stderr}`);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, message);
      assert.match(run.stderr, /usage: statwalk --root DIR/);
    });
  }
});
