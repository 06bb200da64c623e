/**
 * The skeleton a student starts from, made from the exercise's solution: the solution is written once,
 * each part the student writes between a `TODO n/m` comment and `#if SKELETON` ... `#endif /* TODO n/m *\/`.
 * The skeleton keeps the TODO comment, drops the solution's lines and keeps what `#if SKELETON` holds (what
 * the student starts from: often the old kernel's code). The solution compiles as it is: SKELETON is
 * undefined, so its blocks are out.
 */

export interface Todo {
  n: number;
  of: number;
  /** what the TODO comment asks, without "TODO n/m:" */
  text: string;
  /** the TODO comment's line in the solution and in the skeleton, from 1 */
  solutionLine: number;
  skeletonLine: number;
}

export interface Skeleton {
  text: string;
  todos: Todo[];
}

export class SkeletonError extends Error {}

const TODO_RE = /^\s*\/[/*]\s*TODO (\d+)\/(\d+):?\s*(.*?)\s*(\*\/)?\s*$/;
const IF_RE = /^\s*#if SKELETON\s*$/;
const ENDIF_RE = /^\s*#endif \/\* TODO (\d+)\/(\d+) \*\/\s*$/;

/** makeSkeleton - the skeleton of @solution (named @name in errors); throws SkeletonError on a malformed marker */
export function makeSkeleton(solution: string, name = 'solution.c'): Skeleton {
  const lines = solution.split('\n');
  const out: string[] = [];
  const todos: Todo[] = [];
  let state: 'code' | 'solution' | 'skeleton' = 'code';
  let open: Todo | null = null;
  lines.forEach((line, i) => {
    const at = `${name}:${i + 1}`;
    const todo = TODO_RE.exec(line);
    if (todo) {
      if (state !== 'code') throw new SkeletonError(`${at}: TODO ${todo[1]}/${todo[2]} opens inside TODO ${open?.n}/${open?.of}`);
      open = {
        n: Number(todo[1]),
        of: Number(todo[2]),
        text: todo[3] ?? '',
        solutionLine: i + 1,
        skeletonLine: out.length + 1,
      };
      todos.push(open);
      out.push(line);
      state = 'solution';
      return;
    }
    if (IF_RE.test(line)) {
      if (state !== 'solution') throw new SkeletonError(`${at}: #if SKELETON outside a TODO's solution`);
      state = 'skeleton';
      return;
    }
    const end = ENDIF_RE.exec(line);
    if (end) {
      if (state !== 'skeleton' || !open || Number(end[1]) !== open.n || Number(end[2]) !== open.of)
        throw new SkeletonError(`${at}: ${line.trim()} does not close the open TODO's #if SKELETON`);
      state = 'code';
      open = null;
      return;
    }
    if (state === 'solution') return;
    out.push(line);
  });
  if (state !== 'code') throw new SkeletonError(`${name}: TODO ${(open as Todo | null)?.n}/${(open as Todo | null)?.of} is never closed by #endif /* TODO n/m */`);
  const of = new Set(todos.map((t) => t.of));
  if (todos.length === 0) throw new SkeletonError(`${name}: no TODO n/m marker`);
  if (of.size !== 1 || todos.length !== todos[0]!.of || todos.some((t, k) => t.n !== k + 1))
    throw new SkeletonError(`${name}: the TODOs must be numbered 1/m to m/m in order (found ${todos.map((t) => `${t.n}/${t.of}`).join(', ')})`);
  return { text: out.join('\n'), todos };
}
