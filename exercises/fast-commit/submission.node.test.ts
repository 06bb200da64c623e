/**
 * What a submission to fast-commit's exercise meets, on the native simulator: it is built in a sandbox
 * that refuses a submission reaching outside its interface before it runs and stops hostile ones at the
 * student's line; jc's errors as the runner reads them. The command line's grading: grade.node.test.ts.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { checkFile } from '../../cli/exercise/commands';
import { bugs, solutionPath } from '../../cli/exercise/files';
import { buildSubmission } from '../../cli/exercise/build';
import { canSandboxFiles, JC_ERROR_EXITS, spawnLimited } from '../../cli/exercise/sandbox';
import { JcError } from '../../web/src/core/studentRunner';
import { REPO_ROOT } from '../../web/src/core/node';
import { exerciseFor } from '../../web/src/exercises/registry';

const tmp = mkdtempSync(join(tmpdir(), 'jc-exercise-submission-test-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const LIMITS = { timeoutS: 60, memMb: 1024 };

/** @argv run without any sandbox, its stdout */
function spawnLimitedBare(argv: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}

describe('a submission is built in a sandbox', () => {
  const ex = exerciseFor('fast-commit')!;
  const solution = readFileSync(solutionPath('fast-commit'), 'utf8');
  const build = async (source: string, name: string, only?: string[]) => {
    const file = join(tmp, `${name}.c`);
    writeFileSync(file, source);
    return checkFile(ex, file, `${name}.c`, { limits: { timeoutS: 5, memMb: 512 }, only });
  };
  /** the solution with @code before it and @call in yours_dentry_inode, run through the invariants check */
  const hostile = async (code: string, call: string, name: string) => {
    const source = solution.replace('void yours_track_create(', `${code}\nvoid yours_track_create(`).replace('(void)w;', `${call}\n\t(void)w;`);
    const { build: b, report } = await build(source, name, ['invariants']);
    assert.ok(b.ok, `${name} builds: ${b.ok ? '' : b.message}`);
    return report!.checks.find((c) => c.id === 'invariants')!.outcome;
  };

  it('shows a compile error at the line of the student file', async () => {
    const lines = solution.split('\n');
    const at = lines.findIndex((l) => l.includes('list_add_tail(&fcd->fcd_dilist'));
    lines[at] = '\tlist_add_tail(&fcd->fcd_dilist, &ei->no_such_member);';
    const { build: b } = await build(lines.join('\n'), 'typo');
    assert.equal(b.ok, false);
    if (b.ok) return;
    assert.equal(b.stage, 'compile');
    assert.match(b.message, new RegExp(`typo\\.c:${at + 1}:\\d+: error: .*no_such_member`));
    assert.doesNotMatch(b.message, /yours\.c|jc-exercise/);
  });

  for (const [what, code, says] of [
    ['forks', 'extern int fork(void);\nstatic int f(void) { return fork(); }\n', /calls fork/],
    ['opens a file', 'extern int open(const char *, int);\nstatic int f(void) { return open("/etc/passwd", 0); }\n', /calls open/],
    ['calls exit', 'extern void exit(int);\nstatic void f(void) { exit(3); }\n', /calls exit/],
    ['calls abort', 'extern void abort(void);\nstatic void f(void) { abort(); }\n', /calls abort/],
    ['allocates', 'extern void *malloc(unsigned long);\nstatic void *f(void) { return malloc(1UL << 40); }\n', /calls malloc/],
    ['sleeps', 'extern unsigned sleep(unsigned);\nstatic void f(void) { sleep(100); }\n', /calls sleep/],
    ['makes a system call without libc\'s wrappers', 'extern long syscall(long, ...);\nstatic long f(void) { return syscall(57); }\n', /calls syscall/],
    ['reaches the network', 'extern int socket(int, int, int);\nstatic int f(void) { return socket(2, 1, 0); }\n', /calls socket/],
    ['allocates on the stack through alloca', 'extern void *alloca(unsigned long);\nstatic void *f(void) { return alloca(1UL << 40); }\n', /calls alloca/],
  ] as const)
    it(`refuses a submission that ${what}, before it runs`, async () => {
      const source = solution.replace('void yours_track_create(', `${code}void *keep_${what.replace(/\W/g, '_')} = (void *)f;\nvoid yours_track_create(`);
      const { build: b, report } = await build(source, `hostile-${what.replace(/\W/g, '-')}`);
      assert.equal(report, null);
      assert.equal(b.ok, false);
      if (!b.ok) {
        assert.equal(b.stage, 'symbols');
        assert.match(b.message, says);
      }
    });

  it('refuses inline assembly', async () => {
    const { build: b } = await build(solution.replace('(void)w;', '__asm__ volatile("nop");\n\t(void)w;'), 'asm');
    assert.ok(!b.ok && /inline assembly/.test(b.message));
  });

  it('stops an endless submission at its time limit and says so', async () => {
    const t0 = Date.now();
    const { report } = await build(solution.replace('(void)w;', 'for (;;)\n\t\t;\n\t(void)w;'), 'endless');
    const inv = report!.checks.find((c) => c.id === 'invariants')!;
    assert.equal(inv.outcome.pass, false);
    assert.match(inv.outcome.detail, /time limit of 5 s/);
    // three checks, each stopped at its first run: three time limits, not one per run
    assert.ok(Date.now() - t0 < 60_000, `took ${Date.now() - t0} ms`);
  });

  it('refuses a static array too large to link, and says so', async () => {
    const source = solution
      .replace('void yours_track_create(', 'static char hoard[1UL << 32];\nvoid yours_track_create(')
      .replace('(void)w;', '((volatile char *)hoard)[fcd->fcd_ino] = 1;\n\t(void)w;');
    const { build: b, report } = await build(source, 'too-large');
    assert.equal(report, null);
    assert.ok(!b.ok && b.stage === 'link', `refused at link: ${JSON.stringify(b)}`);
    assert.match(b.message, /^too-large\.c: its static data is too large to link/);
  });

  it('stops a huge static array filled page by page at the memory limit, and says so', async () => {
    const o = await hostile(
      'static char hoard[1UL << 30];\nstatic void fill(void) { for (unsigned long i = 0; i < sizeof hoard; i += 4096) ((volatile char *)hoard)[i] = 1; }',
      'fill();',
      'hoard',
    );
    assert.equal(o.pass, false);
    assert.match(o.detail, /program crashed: the run used more memory than its limit allows/);
  });

  it('stops unbounded recursion at the end of the stack, at the student line', async () => {
    const o = await hostile(
      'static int deep(int n) { volatile char pad[512]; pad[n & 511] = (char)n; return deep(n + 1) + pad[3]; }',
      'if (deep(0) == 1) return NULL;',
      'recursion',
    );
    assert.equal(o.pass, false);
    assert.match(o.detail, /program crashed: AddressSanitizer: stack-overflow at deep .*recursion\.c:\d+/);
  });

  it('stops a variable-length array larger than the stack', async () => {
    const o = await hostile(
      'static char vla(unsigned long n) { volatile char v[n]; v[0] = 1; v[n - 1] = 2; return v[0]; }',
      'if (vla(fcd->fcd_ino + (1UL << 36)) == 3) return NULL;',
      'vla',
    );
    assert.equal(o.pass, false);
    assert.match(o.detail, /program crashed: AddressSanitizer: (stack-overflow|SEGV)/);
  });

  it('reports a trap (__builtin_trap) as the signal that stopped the program', async () => {
    const o = await hostile('', 'if (fcd->fcd_ino > 0) __builtin_trap();', 'trap');
    assert.equal(o.pass, false);
    assert.match(o.detail, /program crashed: the program was killed by SIGILL/);
  });

  it("reports a write through a wild pointer into the program's own code at the student line", async () => {
    const o = await hostile('', '*(volatile unsigned char *)(void *)yours_track_create = 0xc3;', 'wild');
    assert.equal(o.pass, false);
    assert.match(o.detail, /^the program crashed: AddressSanitizer: SEGV \(a write where the program may not write\) at yours_dentry_inode wild\.c:\d+$/);
  });

  it('runs in a sandbox that writes only in its scratch directory and reaches no network', { skip: !canSandboxFiles() && 'unshare cannot make the namespaces here' }, async () => {
    // what a submission could do if it got past the symbol check, tried by a program that can do everything
    const scratch = mkdtempSync(join(tmp, 'scratch-'));
    const outside = join(tmp, 'outside.txt');
    const server = createServer((c) => c.end('hello'));
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const port = (server.address() as AddressInfo).port;
    const probe = `
      const fs = require('fs'), net = require('net');
      const tryWrite = (f) => { try { fs.writeFileSync(f, 'x'); return 'wrote'; } catch (e) { return e.code; } };
      const c = net.connect(${port}, '127.0.0.1');
      const say = (net) => console.log(JSON.stringify({ inside: tryWrite('inside.txt'), outside: tryWrite(${JSON.stringify(outside)}), home: tryWrite(${JSON.stringify(join(homedir(), '.jc-sandbox-probe'))}), net }));
      c.on('data', () => { say('connected'); c.destroy(); });
      c.on('error', (e) => say(e.code));`;
    try {
      const bare = await spawnLimitedBare([process.execPath, '-e', probe], scratch);
      assert.match(bare, /"outside":"wrote".*"net":"connected"/, 'outside the sandbox the probe writes and connects');
      rmSync(outside, { force: true });
      const p = await spawnLimited([process.execPath, '-e', probe], scratch, { timeoutS: 20, memMb: 512 });
      assert.equal(p.code, 0, p.stderr);
      const got = JSON.parse(p.stdout) as Record<string, string>;
      assert.deepEqual([got.inside, got.outside, got.home], ['wrote', 'EROFS', 'EROFS'], p.stdout);
      assert.match(got.net!, /^E(CONNREFUSED|NETUNREACH)$/, p.stdout);
      assert.ok(!existsSync(outside));
    } finally {
      server.close();
    }
  });

  it('reports an out-of-bounds write at the student line, not a stack trace of ours', async () => {
    const lines = solution.split('\n');
    const at = lines.findIndex((l) => l.includes('list_add_tail(&fcd->fcd_dilist'));
    lines.splice(at, 0, '\t((volatile char *)fcd)[1 << 20] = 1;');
    const { report } = await build(lines.join('\n'), 'oob');
    const inv = report!.checks.find((c) => c.id === 'invariants')!;
    assert.equal(inv.outcome.pass, false);
    assert.match(inv.outcome.detail, /program crashed: AddressSanitizer: .*at yours_track_create .*oob\.c:\d+/);
    assert.doesNotMatch(inv.outcome.detail, /#\d+ 0x/);
  });
});

describe("jc's errors, as the runner reads them", () => {
  /** jc @args: its exit status, stdout, and stderr's last line */
  const jc = async (binary: string, args: string[]) => {
    const p = await spawnLimited([binary, ...args], tmp, LIMITS);
    return { code: p.code, stdout: p.stdout, last: p.stderr.trim().split('\n').pop() ?? '' };
  };
  const structured = (line: string): JcError => JcError.parse(JSON.parse(line));
  const JC = join(REPO_ROOT, 'wasm-core', 'build', 'native', 'jc');

  it('exits by the class of the error: the command line, an input refused, a budget; the line or the structured error on stderr', async () => {
    assert.ok(existsSync(JC), `${JC}: run \`bash scripts/make-core.sh native\``);
    const usage = await jc(JC, ['frobnicate']);
    assert.equal(usage.code, 2);
    const help = (await spawnLimited([JC], tmp, LIMITS)).stderr;
    for (const line of [/2 the command line is malformed/, /3 an input was refused.*JC_EINVAL/, /4 the run went past its .*budget \(JC_EBUDGET\)/, /5 the model failed a check.*JC_EINTERNAL/, /--error-json/])
      assert.match(help, line);
    const human = await jc(JC, ['run', 'fast-commit', 'middle', '', '1']);
    assert.equal(human.code, 3);
    assert.equal(human.last, "jc: unknown variant 'middle' for lab fast-commit (variants: before, after)");
    const bad = await jc(JC, ['--error-json', 'run', 'fast-commit', 'middle', '', '1']);
    assert.equal(bad.code, 3);
    assert.deepEqual(structured(bad.last), { status: 1, message: "unknown variant 'middle' for lab fast-commit (variants: before, after)", step: null, check: null, param: null, params: [] });
    const seed = await jc(JC, ['--error-json', 'run', 'fast-commit', 'before', '', 'a"b\\']);
    assert.equal(seed.code, 3);
    assert.equal(structured(seed.last).message, `seed must be an integer from 0 to 4294967295 (got 'a"b\\')`);
    const budget = await jc(JC, ['--error-json', 'run', 'fast-commit', 'before', '', '1', 'max_events=100']);
    assert.equal(budget.code, 4);
    const e = structured(budget.last);
    assert.equal(e.status, 2);
    assert.equal(e.check, 'max_events');
    assert.ok(e.step !== null && e.step > 0, budget.last);
    assert.deepEqual(JC_ERROR_EXITS, [3, 4, 5]);
  });

  it("exits 5 for a model's failure, with the step and the interface's check that refused it", async () => {
    const ex = exerciseFor('fast-commit')!;
    const { bug, source } = bugs('fast-commit').find((b) => b.bug.check === 'invariants')!;
    const dir = mkdtempSync(join(tmp, 'jc-bug-'));
    const file = join(dir, 'bug.c');
    writeFileSync(file, source);
    const b = await buildSubmission(ex, file, dir);
    assert.ok(b.ok, `${bug.name} builds: ${b.ok ? '' : b.message}`);
    if (!b.ok) return;
    const run = ['run', 'fast-commit', 'yours', 'ways=2;dirs=2;files=8;loops=2', '1', 'check_every=1'];
    const human = await jc(b.binary, run);
    assert.equal(human.code, 5);
    assert.match(human.last, /^jc: .*\(lab fast-commit, variant yours, seed 1\)$/);
    const got = await jc(b.binary, ['--error-json', ...run]);
    assert.equal(got.code, 5);
    const e = structured(got.last);
    assert.equal(e.status, 3);
    assert.ok(e.step !== null && e.step > 0, got.last);
    assert.ok(e.check !== null, got.last);
    // the message is the failure alone: the run it names is the caller's
    assert.equal(human.last, `jc: ${e.message} (lab fast-commit, variant yours, seed 1)`);
  });
});
