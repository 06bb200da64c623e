/**
 * Building a student's file into the native simulator: the lab's model with its variant `yours`, built with
 * the tests' sanitizers (AddressSanitizer, UndefinedBehaviorSanitizer, the list debug checks) by
 * `make -C wasm-core yours LAB=...`, linked with the student's object. Before linking, the object is read:
 * it may define only the exercise's functions and call only the interface's (and what the compiler and the
 * sanitizers emit), so that a submission cannot reach libc, the file system, the network or the process.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Exercise } from '../../web/src/exercises/types';
import { REPO_ROOT } from '../kernel/paths';
import { runTool } from '../kernel/proc';

export const WASM_CORE = join(REPO_ROOT, 'wasm-core');
export const CC = process.env.CC ?? 'cc';

/** the flags of the Makefile's TEST_CFLAGS, which the model archive is built with */
export const STUDENT_CFLAGS = [
  '-std=c99',
  '-D_POSIX_C_SOURCE=200809L',
  '-g',
  '-O1',
  '-Wall',
  '-Wextra',
  '-fsanitize=address,undefined',
  '-fno-omit-frame-pointer',
  '-fno-sanitize-recover=all',
  '-DJC_DEBUG_LIST',
  '-DJC_DEBUG_ATOMIC_SLEEP',
];

/** symbols any object may need that are not the student's choice */
const ALWAYS_ALLOWED = [/^__(a|ub)san_/, /^__list_corrupt$/, /^mem(set|cpy|move)$/, /^__stack_chk_fail$/];

export type BuildOutcome =
  | { ok: true; binary: string; warnings: string }
  | { ok: false; stage: 'model' | 'compile' | 'symbols' | 'link'; message: string };

/** The lab's model archive, built (or found up to date) by make. */
export async function buildModel(lab: string, log?: (line: string) => void): Promise<{ ok: true; archive: string } | { ok: false; message: string }> {
  const out: string[] = [];
  const code = await runTool('make', ['-C', WASM_CORE, '-s', 'yours', `LAB=${lab}`], {
    onLine: (l) => {
      out.push(l);
      log?.(l);
    },
    timeoutS: 600,
  });
  const archive = join(WASM_CORE, 'build', 'yours', lab, 'model.a');
  if (code !== 0 || !existsSync(archive))
    return { ok: false, message: `building the ${lab} model failed (make exited ${code}): ${out.slice(-5).join('; ')}` };
  return { ok: true, archive };
}

/** Clang's and GCC's "file:line:col: error: ..." lines of @text, naming the student's file as @shownAs. */
export function studentDiagnostics(text: string, compiledAs: string, shownAs: string): string {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.split(compiledAs).join(shownAs))
    .join('\n');
}

/** The undefined and the defined external symbols of an object. */
export function objectSymbols(object: string): { undefined: string[]; defined: string[] } | null {
  const u = spawnSync('nm', ['-u', '--format=posix', object], { encoding: 'utf8' });
  const d = spawnSync('nm', ['-g', '--defined-only', '--format=posix', object], { encoding: 'utf8' });
  if (u.status !== 0 || d.status !== 0) return null;
  const names = (s: string): string[] =>
    s
      .split('\n')
      .map((l) => l.trim().split(/\s+/)[0] ?? '')
      .filter((n) => n !== '');
  return { undefined: names(u.stdout), defined: names(d.stdout) };
}

/** What the object may not do, in one message, or null. */
export function refusedSymbols(ex: Exercise, syms: { undefined: string[]; defined: string[] }): string | null {
  const calls = new Set([...ex.calls, ...ex.defines]);
  const bad = syms.undefined.filter((s) => !calls.has(s) && !ALWAYS_ALLOWED.some((r) => r.test(s)));
  if (bad.length)
    return `your file calls ${bad.slice(0, 5).join(', ')}${bad.length > 5 ? ', ...' : ''}: it may call ${ex.calls.length ? `only ${ex.calls.join(', ')} and ` : 'nothing but '}the inline helpers of ${ex.header} (no libc: the model runs your code inside the kernel function it mirrors, in a simulator)`;
  const extra = syms.defined.filter((s) => !ex.defines.includes(s));
  if (extra.length)
    return `your file defines ${extra.slice(0, 5).join(', ')}: besides ${ex.defines.join(' and ')}, make your helpers static`;
  const missing = ex.defines.filter((s) => !syms.defined.includes(s));
  if (missing.length) return `your file does not define ${missing.join(' and ')}`;
  return null;
}

/**
 * buildSubmission - compile @file (shown in messages as @shownAs) for @ex in @workdir and link it with the
 * model: the binary is workdir/jc.
 */
export async function buildSubmission(ex: Exercise, file: string, workdir: string, shownAs = file): Promise<BuildOutcome> {
  const model = await buildModel(ex.lab);
  if (!model.ok) return { ok: false, stage: 'model', message: model.message };
  const src = join(workdir, 'yours.c');
  copyFileSync(file, src);
  const text = readFileSync(src, 'utf8');
  if (/\b(__asm__|__asm|asm)\s*(volatile\s*)?\(/.test(text))
    return { ok: false, stage: 'compile', message: `${shownAs}: inline assembly is not allowed in an exercise` };
  const obj = join(workdir, 'yours.o');
  /* the shared headers, and the lab's own (wasm-core/labs/<lab>/: the interface, <lab>-yours.h) */
  const include = [join(WASM_CORE, 'include'), join(WASM_CORE, 'labs', ex.lab)];
  const cc = spawnSync(CC, [...STUDENT_CFLAGS, ...include.map((d) => `-I${d}`), '-c', src, '-o', obj], {
    encoding: 'utf8',
    cwd: workdir,
    timeout: 60_000,
  });
  const diag = studentDiagnostics(`${cc.stdout ?? ''}${cc.stderr ?? ''}`, src, shownAs);
  if (cc.error || cc.status !== 0)
    return { ok: false, stage: 'compile', message: cc.error ? `the compiler could not run: ${cc.error.message}` : diag };
  const syms = objectSymbols(obj);
  if (!syms) return { ok: false, stage: 'symbols', message: 'nm could not read the compiled file' };
  const refused = refusedSymbols(ex, syms);
  if (refused) return { ok: false, stage: 'symbols', message: refused };
  const binary = join(workdir, 'jc');
  const ld = spawnSync(CC, ['-fsanitize=address,undefined', '-o', binary, obj, model.archive, '-lm'], {
    encoding: 'utf8',
    cwd: workdir,
    timeout: 120_000,
  });
  if (!ld.error && ld.status !== 0 && /relocation truncated to fit/.test(ld.stderr ?? ''))
    return { ok: false, stage: 'link', message: `${shownAs}: its static data is too large to link (the program's data may take 2 GiB at most)` };
  if (ld.error || ld.status !== 0)
    return { ok: false, stage: 'link', message: studentDiagnostics(`${ld.stdout ?? ''}${ld.stderr ?? ''}`, obj, shownAs) || 'the link failed' };
  return { ok: true, binary, warnings: diag };
}
