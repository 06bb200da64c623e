/**
 * One time axis for several heatmaps: maps drawn inside a SharedTimeAxis
 * report how long their run is and all draw to the longest run's end, so a
 * shorter run's map ends early instead of being stretched to the width.
 */
import { createContext, useCallback, useContext, useId, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { sharedAxisNs } from './heatmap';

interface AxisContext {
  axisNs: number | null;
  report(id: string, endNs: number | null): void;
}

const Ctx = createContext<AxisContext | null>(null);

export function SharedTimeAxis({ children, enabled = true }: { children: ReactNode; enabled?: boolean }) {
  const [ends, setEnds] = useState<Readonly<Record<string, number>>>({});
  const report = useCallback(
    (id: string, endNs: number | null) =>
      setEnds((prev) => {
        if (endNs === null) {
          if (!(id in prev)) return prev;
          const next = { ...prev };
          delete next[id];
          return next;
        }
        return prev[id] === endNs ? prev : { ...prev, [id]: endNs };
      }),
    [],
  );
  const axisNs = useMemo(() => sharedAxisNs(Object.values(ends)), [ends]);
  const value = useMemo(() => ({ axisNs, report }), [axisNs, report]);
  return enabled ? <Ctx.Provider value={value}>{children}</Ctx.Provider> : <>{children}</>;
}

/** The shared axis's end (virtual ns) for a map whose run is `endNs` long, or null outside a SharedTimeAxis. */
export function useSharedTimeAxis(endNs: number): number | null {
  const ctx = useContext(Ctx);
  const id = useId();
  const report = ctx?.report;
  useLayoutEffect(() => {
    report?.(id, endNs);
  }, [report, id, endNs]);
  useLayoutEffect(() => () => report?.(id, null), [report, id]);
  return ctx?.axisNs ?? null;
}
