/**
 * Parameter drafts: what is typed or chosen in a lab page's controls before
 * it applies. The simulator checks each draft first, so the page never runs
 * parameters it would refuse.
 */
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { getSim } from '../core/client';
import { paramNumber } from '../core/params';
import type { ParamValue } from '../core/types';
import { errorText, type LabData } from './simHooks';
import { SEED_MAX, type LabViewState } from './urlState';

/**
 * Parameter drafts: the text typed or chosen in a control, checked by the
 * simulator (checkParams) a moment after the last change or at once on
 * apply, then applied to the view; a refused draft marks its parameter
 * and keeps the simulator's message.
 */
export function useParamDrafts(
  lab: string,
  specs: LabData['specs'],
  view: LabViewState,
  setView: Dispatch<SetStateAction<LabViewState>>,
) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [paramError, setParamError] = useState<string | null>(null);
  const applySeq = useRef(0);

  const applyDrafts = useCallback(
    async (d: Record<string, string>) => {
      const names = Object.keys(d);
      if (!names.length) return;
      let seed = view.seed;
      if (d.seed !== undefined) {
        const text = d.seed.trim();
        if (!/^[+-]?\d+$/.test(text)) {
          setInvalid(new Set(['seed']));
          setParamError(`seed: “${text}” is not an integer`);
          return;
        }
        seed = Number(text);
        if (seed < 0 || seed > SEED_MAX) {
          setInvalid(new Set(['seed']));
          setParamError(`seed: ${seed} is out of range 0..${SEED_MAX}`);
          return;
        }
      }
      const drafted = names.filter((n) => n !== 'seed');
      /* the applied values with each draft's text in place, for the simulator to judge */
      const request: Record<string, ParamValue> = { ...view.params };
      for (const n of drafted) request[n] = d[n].trim();
      const seq = ++applySeq.current;
      try {
        const check = await getSim().checkParams(lab, request);
        if (seq !== applySeq.current) return;
        if (!check.ok) {
          const named = check.param !== null ? [check.param] : check.params.filter((n) => drafted.includes(n));
          setInvalid(new Set(named.length ? named : drafted));
          setParamError(check.message);
          return;
        }
        const params = { ...view.params };
        for (const n of drafted) {
          const spec = specs.find((s) => s.name === n);
          const value = spec ? paramNumber(spec, request[n]!) : null;
          if (value === null) throw new Error(`parameter ${n}: the simulator took “${d[n]}”, which the page cannot read`);
          params[n] = value;
        }
        setView((v) => ({ ...v, params, seed }));
        setDrafts((cur) => {
          const next = { ...cur };
          for (const n of names) if (next[n] === d[n]) delete next[n];
          return next;
        });
        setInvalid(new Set());
        setParamError(null);
      } catch (e) {
        if (seq !== applySeq.current) return;
        setInvalid(new Set(drafted));
        setParamError(errorText(e));
      }
    },
    [view.params, view.seed, lab, specs],
  );

  useEffect(() => {
    if (!Object.keys(drafts).length) return;
    const t = window.setTimeout(() => void applyDrafts(drafts), 350);
    return () => window.clearTimeout(t);
  }, [drafts, applyDrafts]);

  const onDraft = useCallback((name: string, text: string) => setDrafts((d) => ({ ...d, [name]: text })), []);
  const onApply = useCallback(() => void applyDrafts(drafts), [applyDrafts, drafts]);

  const clearDrafts = useCallback(() => {
    setDrafts({});
    setInvalid(new Set());
    setParamError(null);
  }, []);
  return { drafts, invalid, paramError, onDraft, onApply, clearDrafts };
}
