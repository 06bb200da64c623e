/**
 * SVG parts that every lab's animation draws the same way: a task as a chip
 * coloured by its state and marked with its state's glyph (so that the state
 * reads without its colour, at any number of tasks), and a spinlock with its
 * holder and its FIFO waiters. Each is a memoized component of plain values, placed by
 * coordinates rather than a transform of its own: from one step to the
 * next only the few that change are rendered again.
 */
import { memo } from 'react';
import type { TaskSnap } from '../../core/types';
import { STATE_FILL, STATE_GLYPH, STATE_ON_FILL, STATE_SHORT } from '../palette';

type TaskState = TaskSnap['state'];

export const TASK_COLORS: Readonly<Record<TaskState, string>> = {
  run: STATE_FILL.run,
  spin: STATE_FILL.spin,
  sleep: STATE_FILL.sleep,
  io: STATE_FILL.io,
  ready: STATE_FILL.ready,
  done: STATE_FILL.done,
};

/** What a chip says of its task: its glyph and id when compact, its cpu and state in words as well otherwise. */
export function chipText(id: number, cpu: number, state: TaskState, compact: boolean): string {
  return compact ? `${STATE_GLYPH[state]}T${id}` : `${STATE_GLYPH[state]} T${id} · cpu ${cpu} · ${STATE_SHORT[state]}`;
}

export const CHIP_H = 24;
/** the height a LockRow takes */
export const LOCK_H = 44;
/** a waiter's chip and the step from one FIFO slot to the next */
const WAITER_W = 40;
const WAITER_SLOT = 44;
/** room kept at the row's end for the "+n" of the waiters not drawn */
const MORE_W = 36;

/** How many of `waiters` a LockRow `width` wide draws in FIFO slots after its box and words (`x0`), the rest said as "+n". */
export function waitersShown(waiters: number, width: number, x0: number): number {
  if (x0 + waiters * WAITER_SLOT <= width) return waiters;
  return Math.max(0, Math.floor((width - x0 - MORE_W) / WAITER_SLOT));
}

/** Chips per row for n tasks in a given width: compact chips (glyph and id) past 16 tasks. */
export function chipLayout(n: number, width: number) {
  const compact = n > 16;
  const chipW = compact ? 48 : 140;
  const cols = Math.max(1, Math.floor((width + 6) / (chipW + 6)));
  return { compact, chipW, cols, rows: Math.ceil(n / cols) };
}

export const TaskChip = memo(function TaskChip(p: {
  id: number;
  name: string;
  cpu: number;
  state: TaskSnap['state'];
  fn: string;
  line: number;
  x: number;
  y: number;
  chipW: number;
  compact: boolean;
  active: boolean;
}) {
  return (
    <g data-state={p.state} data-testid="task-chip">
      <rect x={p.x} y={p.y} width={p.chipW} height={CHIP_H} rx={5} fill={TASK_COLORS[p.state]} className={p.active ? 'q-chip active' : 'q-chip'} />
      <text x={p.x + 5} y={p.y + CHIP_H / 2} className="q-chip-text" fill={STATE_ON_FILL[p.state]} dominantBaseline="central">
        {chipText(p.id, p.cpu, p.state, p.compact)}
      </text>
      <title>{`T${p.id} ${p.name} on cpu ${p.cpu}: ${p.state} in ${p.fn} (line ${p.line})`}</title>
    </g>
  );
});

/**
 * A spinlock: its name in a box (filled while held), who holds it and the
 * FIFO queue of its waiters. Draw it inside a <g> translated to its place.
 */
/** Every task's chip, row by row in the grid chipLayout() gave, the one that took the current step marked. */
export function TaskChipGrid({
  tasks,
  layout,
  activeTask,
}: {
  tasks: readonly TaskSnap[];
  layout: ReturnType<typeof chipLayout>;
  activeTask: number | undefined;
}) {
  return (
    <>
      {tasks.map((t, i) => (
        <TaskChip
          key={t.id}
          id={t.id}
          name={t.name}
          cpu={t.cpu}
          state={t.state}
          fn={t.fn}
          line={t.line}
          x={(i % layout.cols) * (layout.chipW + 6)}
          y={Math.floor(i / layout.cols) * (CHIP_H + 6)}
          chipW={layout.chipW}
          compact={layout.compact}
          active={activeTask === t.id}
        />
      ))}
    </>
  );
}

export function LockRow({
  lock,
  tasks,
  width,
  boxW = 108,
}: {
  lock: { name: string; holder: number; waiters: readonly number[] };
  tasks: readonly TaskSnap[];
  /** the width the row may take: the waiters that do not fit are counted, not drawn */
  width: number;
  boxW?: number;
}) {
  const taskOf = (id: number) => tasks.find((t) => t.id === id);
  const holder = lock.holder >= 0 ? taskOf(lock.holder) : undefined;
  const x0 = boxW + 130;
  const shown = waitersShown(lock.waiters.length, width, x0);
  return (
    <>
      <rect width={boxW} height={30} rx={5} className={`q-lock${lock.holder >= 0 ? ' held' : ''}`} />
      <text x={boxW / 2} y={15} className="q-lock-text" textAnchor="middle" dominantBaseline="central">
        {lock.name}
      </text>
      <text x={boxW + 12} y={12} className="q-sub" data-testid="lock-holder">
        {lock.holder >= 0 ? `held by T${lock.holder}${holder ? ` (${holder.name})` : ''}` : 'free'}
      </text>
      <text x={boxW + 12} y={27} className="q-sub">
        {lock.waiters.length ? `FIFO waiters (${lock.waiters.length}):` : 'no waiters'}
      </text>
      {lock.waiters.slice(0, shown).map((w, i) => (
        <WaiterChip key={i} x0={x0} slot={i} id={w} state={taskOf(w)?.state ?? 'spin'} />
      ))}
      {lock.waiters.length > shown && (
        <text x={x0 + shown * WAITER_SLOT} y={29} className="q-sub" data-testid="lock-waiters-more">
          +{lock.waiters.length - shown}
        </text>
      )}
    </>
  );
}

/**
 * A waiter of a lock in its FIFO slot. Slots keep their elements from one
 * step to the next (the queue moves through them), so only their text and
 * colour change.
 */
const WaiterChip = memo(function WaiterChip({ x0, slot, id, state }: { x0: number; slot: number; id: number; state: TaskState }) {
  const x = x0 + slot * WAITER_SLOT;
  return (
    <g data-testid="lock-waiter" data-state={state}>
      <rect x={x} y={16} width={WAITER_W} height={18} rx={9} fill={TASK_COLORS[state]} />
      <text x={x + WAITER_W / 2} y={25} className="q-chip-text" fill={STATE_ON_FILL[state]} textAnchor="middle" dominantBaseline="central">
        {`${STATE_GLYPH[state]}T${id}`}
      </text>
      <title>{`T${id}: ${STATE_SHORT[state]}`}</title>
      {slot > 0 && <path d={`M${x - 4},25 L${x - 1},25`} stroke="#6b7385" />}
    </g>
  );
}
);
