/**
 * Kernel-lab results imported on a lab page: reading files into runs, and
 * each change of the imported set as a function from state to new state.
 * The page keeps the state in React; nothing here touches the DOM.
 */
import { formatBytes } from '../../../../lib/format';
import { KernelResult, parseKernelResult, type KernelLab } from '../../../../lib/kernel-results';

/** A results file is a few kilobytes of metrics plus the guest's raw outputs; anything larger is not one. */
export const MAX_RESULT_BYTES = 20 * 1024 * 1024;

export interface ImportedRun {
  /** unique within the page's state, for React keys and removal */
  id: number;
  /** the file it came from, as the user named it */
  file: string;
  result: KernelResult;
}

export interface ImportProblem {
  file: string;
  message: string;
}

export interface ImportState {
  runs: ImportedRun[];
  /** problems of the last import, one per refused file */
  problems: ImportProblem[];
  nextId: number;
}

/**
 * A file as read by the page: its text, or why it was not read, worded to
 * follow the file's name ("is empty; ...", "could not be read: ...").
 */
export type FileText = { name: string; text: string } | { name: string; error: string };

export const EMPTY_IMPORTS: ImportState = { runs: [], problems: [], nextId: 1 };

/** Why a file of this size is refused before it is read, or null. */
export function sizeProblem(bytes: number): string | null {
  if (bytes === 0) return 'is empty; a results file is the JSON that `journalclub kernel run` writes';
  if (bytes > MAX_RESULT_BYTES)
    return `is ${formatBytes(bytes)}; a results file is at most ${formatBytes(MAX_RESULT_BYTES)}`;
  return null;
}

/** The identity of a run: the same run imported twice (under any file name) is one run. */
function runKey(r: KernelResult): string {
  return [r.lab, r.variant, r.profile, r.started_at, r.host.hostname].join('\u0000');
}

/**
 * Validates one file's text as a results file of `lab`. Returns the result,
 * or a problem whose message names the file and what was wrong.
 */
export function readResult(name: string, text: string, lab: KernelLab): KernelResult | ImportProblem {
  let result: KernelResult;
  try {
    result = parseKernelResult(text, name);
  } catch (e) {
    /* parseKernelResult names the field and the schema's rule for it */
    return { file: name, message: (e as Error).message };
  }
  if (result.lab !== lab)
    return {
      file: name,
      message: `${name} holds a result of the ${result.lab} lab; this page imports ${lab} results only (open the ${result.lab} page for it)`,
    };
  return result;
}

function isProblem(x: KernelResult | ImportProblem): x is ImportProblem {
  return !('schema' in x);
}

/**
 * Adds the readable, valid files of one import to the state. Refused files
 * become problems; runs imported before stay. The problems replace those of
 * the previous import.
 */
export function applyImport(state: ImportState, lab: KernelLab, files: readonly FileText[]): ImportState {
  const runs = [...state.runs];
  const problems: ImportProblem[] = [];
  let nextId = state.nextId;
  const seen = new Map(runs.map((r) => [runKey(r.result), r.file]));
  for (const f of files) {
    if ('error' in f) {
      problems.push({ file: f.name, message: `${f.name} ${f.error}` });
      continue;
    }
    const r = readResult(f.name, f.text, lab);
    if (isProblem(r)) {
      problems.push(r);
      continue;
    }
    const key = runKey(r);
    const already = seen.get(key);
    if (already !== undefined) {
      problems.push({
        file: f.name,
        message:
          already === f.name
            ? `${f.name} is already imported`
            : `${f.name} is the same run as ${already}, already imported (same variant, host and start time)`,
      });
      continue;
    }
    seen.set(key, f.name);
    runs.push({ id: nextId++, file: f.name, result: r });
  }
  return { runs, problems, nextId };
}

export function removeRun(state: ImportState, id: number): ImportState {
  return { ...state, runs: state.runs.filter((r) => r.id !== id) };
}

export function dismissProblems(state: ImportState): ImportState {
  return { ...state, problems: [] };
}

export function clearImports(state: ImportState): ImportState {
  return { runs: [], problems: [], nextId: state.nextId };
}
