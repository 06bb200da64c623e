/**
 * The simulator built by clang in the page: a student's file compiled to
 * WebAssembly (wasm32-wasip1), linked against its lab's library of the model
 * (scripts/build-wasi.mjs) and run under a WASI shim, wrapped as the
 * Emscripten module the Engine drives (engine.ts's JcModule), so that every
 * part of the page that runs `before` and `after` runs `yours` the same way.
 *
 * The compiler is passed in (`Clang`), not imported: the same code serves
 * the page's worker, which loads @yowasp/clang when the exercise page first
 * asks for it, and Node, whose tests import it directly.
 */
import { ConsoleStdout, File, OpenFile, WASI } from '@bjorn3/browser_wasi_shim';
import type { JcModule } from './engine';

/** runClang of @yowasp/clang: argv and a file tree in, the tree with its outputs back (throws Exit on failure). */
export type ClangTree = { [name: string]: ClangTree | string | Uint8Array };
export type Clang = (
  args: string[],
  files: ClangTree,
  options?: { stderr?: (bytes: Uint8Array | null) => void; stdout?: (bytes: Uint8Array | null) => void },
) => Promise<ClangTree> | ClangTree | undefined;

/** What scripts/build-wasi.mjs wrote for a lab: its library, the headers and the flags it was built with. */
export interface LabToolchain {
  /** <lab>.a (or model.a): the whole model, built with the lab's JC_YOURS_<LAB> */
  library: Uint8Array;
  /** path under wasm-core/include -> text */
  headers: Record<string, string>;
  /** the libraries' compile flags (flags.json's flags), which the student's file gets too */
  flags: string[];
  /** -D of the lab (JC_YOURS_FAST_COMMIT); absent for model.a */
  define?: string;
}

/** One diagnostic of clang, at the student's line. */
export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  severity: 'error' | 'warning' | 'note';
  message: string;
}

/** A compile or link that failed: clang's text whole, and the diagnostics read from it. */
export class CompileError extends Error {
  constructor(
    message: string,
    readonly diagnostics: Diagnostic[],
    readonly output: string,
  ) {
    super(message);
    this.name = 'CompileError';
  }
}

/** The name the student's file has in the compiler's tree (and in its diagnostics) unless compile() is given another. */
export const STUDENT_FILE = 'yours.c';

/* a file name clang takes as C and the tree can hold: no folder, no leading dot or dash */
const FILE_NAME_RE = /^[A-Za-z0-9_][A-Za-z0-9_.+-]*\.c$/;

/** Exports the Engine calls (engine.ts), beside memory and the stack's bounds. */
const EXPORTS = [
  'jc_version',
  'jc_labs_json',
  'jc_params_json',
  'jc_rows_json',
  'jc_check_params',
  'jc_run',
  'jc_advance',
  'jc_heap_top',
  'jc_result_json',
  'jc_position_json',
  'jc_steps_json',
  'jc_marks_json',
  'jc_snapshot_json',
  'jc_heatmap_json',
  'jc_last_error',
  'jc_last_error_json',
  'malloc',
  'free',
  '__stack_low',
  '__stack_high',
];

/** Emscripten 3.1.6's default stack, which the model was written against. */
const STACK_BYTES = 5 * 1024 * 1024;

const DIAGNOSTIC_RE = /^([^\s:][^:\n]*):(\d+):(\d+): (fatal error|error|warning|note): (.*)$/gm;

/** clang's "file:line:col: error: message" lines, in order; other lines (the caret, the source) skipped. */
export function parseDiagnostics(text: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const m of text.matchAll(DIAGNOSTIC_RE)) {
    const kind = m[4]!;
    out.push({
      file: m[1]!,
      line: Number(m[2]),
      column: Number(m[3]),
      severity: kind === 'fatal error' ? 'error' : (kind as Diagnostic['severity']),
      message: m[5]!,
    });
  }
  return out;
}

/** { 'a/b.h': x } as the nested tree runClang reads. */
function tree(flat: Record<string, string>): ClangTree {
  const root: ClangTree = {};
  for (const [path, text] of Object.entries(flat)) {
    const parts = path.split('/');
    let dir = root;
    for (const p of parts.slice(0, -1)) dir = (dir[p] ??= {}) as ClangTree;
    dir[parts[parts.length - 1]!] = text;
  }
  return root;
}

/* One clang run, its stderr kept; a failure is a CompileError carrying it. */
async function clangRun(clang: Clang, args: string[], files: ClangTree, what: string): Promise<{ out: ClangTree; stderr: string }> {
  let stderr = '';
  const decoder = new TextDecoder();
  const collect = (bytes: Uint8Array | null) => {
    if (bytes) stderr += decoder.decode(bytes, { stream: true });
  };
  let out: ClangTree | undefined;
  try {
    out = await clang(args, files, { stderr: collect, stdout: collect });
  } catch (e) {
    const text = stderr || (e instanceof Error ? e.message : String(e));
    const diagnostics = parseDiagnostics(text);
    const first = diagnostics.find((d) => d.severity === 'error');
    const head = first ? `${first.file}:${first.line}:${first.column}: ${first.message}` : text.trim().split('\n')[0] ?? what;
    throw new CompileError(`${what} failed: ${head}`, diagnostics, text);
  }
  if (!out) throw new CompileError(`${what} produced nothing`, [], stderr);
  return { out, stderr };
}

/** What compile() gives: the linked module's bytes and clang's warnings. */
export interface Compiled {
  wasm: Uint8Array;
  warnings: Diagnostic[];
  output: string;
}

/**
 * Compile the student's file and link it with the lab's library into a
 * module that exports what the Engine calls. `fileName` is the file's name
 * in clang's tree, so its diagnostics name the file as the student saved it.
 * A compile or link error is a CompileError with clang's diagnostics.
 */
export async function compile(clang: Clang, source: string, lab: LabToolchain, fileName: string = STUDENT_FILE): Promise<Compiled> {
  if (!FILE_NAME_RE.test(fileName))
    throw new Error(`the student's file name must be a C file's name without a folder (letters, digits, _ . + -, ending in .c), not "${fileName}"`);
  const defines = lab.define ? [`-D${lab.define}`] : [];
  const compiled = await clangRun(
    clang,
    ['clang', ...lab.flags, ...defines, '-c', fileName, '-o', 'yours.o'],
    { [fileName]: source, include: tree(lab.headers) },
    'compiling',
  );
  const object = compiled.out['yours.o'];
  if (!(object instanceof Uint8Array)) throw new CompileError('compiling produced no object', [], compiled.stderr);
  const target = lab.flags.find((f) => f.startsWith('--target='));
  /*
   * A reactor (no main): the page calls its exports after _initialize.
   * The whole library is linked: its objects are pulled by the exports, not
   * by the student's file.
   */
  const linked = await clangRun(
    clang,
    [
      'clang',
      ...(target ? [target] : []),
      '-mexec-model=reactor',
      '-O2',
      'yours.o',
      '-Wl,--whole-archive',
      'lab.a',
      '-Wl,--no-whole-archive',
      `-Wl,-z,stack-size=${STACK_BYTES}`,
      ...EXPORTS.map((e) => `-Wl,--export=${e}`),
      '-o',
      'yours.wasm',
    ],
    { 'yours.o': object, 'lab.a': lab.library },
    'linking',
  );
  const wasm = linked.out['yours.wasm'];
  if (!(wasm instanceof Uint8Array)) throw new CompileError('linking produced no module', [], linked.stderr);
  const output = compiled.stderr + linked.stderr;
  return { wasm, warnings: parseDiagnostics(output), output };
}

interface WasiExports {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(ptr: number): void;
  __stack_low: WebAssembly.Global;
  __stack_high: WebAssembly.Global;
  [name: string]: unknown;
}

/**
 * Instantiate a module compile() linked and wrap it as the Emscripten module
 * the Engine drives: ccall with string arguments copied into malloc'd memory,
 * UTF8ToString, HEAPU8, and Emscripten's stack bounds from the linker's.
 * `print`: the model's stdout and stderr, a line at a time.
 */
export async function instantiate(wasm: Uint8Array | WebAssembly.Module, print: (line: string) => void = () => undefined): Promise<JcModule> {
  const wasi = new WASI([STUDENT_FILE], [], [
    new OpenFile(new File([])),
    ConsoleStdout.lineBuffered(print),
    ConsoleStdout.lineBuffered(print),
  ]);
  const module = wasm instanceof WebAssembly.Module ? wasm : await WebAssembly.compile(wasm as Uint8Array<ArrayBuffer>);
  const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi.wasiImport });
  const ex = instance.exports as unknown as WasiExports;
  for (const name of EXPORTS)
    if (!(name in ex)) throw new Error(`the linked simulator does not export ${name}`);
  wasi.initialize(instance as { exports: { memory: WebAssembly.Memory; _initialize?: () => unknown } });
  return wrapExports(ex);
}

function wrapExports(ex: WasiExports): JcModule {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let heap = new Uint8Array(ex.memory.buffer);
  /* memory.grow replaces the buffer: the view is made again when it has */
  const bytes = (): Uint8Array => {
    if (heap.buffer !== ex.memory.buffer) heap = new Uint8Array(ex.memory.buffer);
    return heap;
  };
  const stack: Record<string, () => number> = {
    emscripten_stack_get_end: () => ex.__stack_low.value as number,
    emscripten_stack_get_base: () => ex.__stack_high.value as number,
  };
  return {
    ccall(name, _returnType, argTypes, args) {
      const own = stack[name];
      if (own) return own();
      const fn = ex[name];
      if (typeof fn !== 'function') throw new Error(`the linked simulator has no function ${name}`);
      const held: number[] = [];
      try {
        const values = args.map((arg, i) => {
          if (argTypes[i] !== 'string') return arg;
          const text = encoder.encode(String(arg));
          const ptr = ex.malloc(text.length + 1);
          if (!ptr) throw new Error(`out of memory copying an argument of ${name}`);
          held.push(ptr);
          const mem = bytes();
          mem.set(text, ptr);
          mem[ptr + text.length] = 0;
          return ptr;
        });
        return (fn as (...a: unknown[]) => number)(...values);
      } finally {
        for (const ptr of held) ex.free(ptr);
      }
    },
    UTF8ToString(ptr) {
      const mem = bytes();
      let end = ptr;
      while (end < mem.length && mem[end] !== 0) end++;
      return decoder.decode(mem.subarray(ptr, end));
    },
    get HEAPU8() {
      return bytes();
    },
  };
}
