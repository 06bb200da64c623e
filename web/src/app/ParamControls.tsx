/**
 * Inputs generated from a lab's parameter table (never a hand-written list):
 * one number input per parameter, with its range, unit and help.
 */
import type { ReactNode } from 'react';
import type { ParamSpec } from '../core/types';

export interface ParamControlsProps {
  specs: readonly ParamSpec[];
  /** the applied values */
  values: Record<string, number>;
  /** typed but not yet applied text per parameter */
  drafts: Record<string, string>;
  /** parameters whose draft the simulator (or the range) refused */
  invalid: ReadonlySet<string>;
  onDraft(name: string, text: string): void;
  /** apply drafts now (Enter) */
  onApply(): void;
  /** more controls placed in the same grid (seed, variant) */
  children?: ReactNode;
  /** parameters that take one of a few named values: shown as a choice of those names */
  choices?: Readonly<Record<string, readonly ParamChoice[]>>;
}

export interface ParamChoice {
  value: number;
  label: string;
}

export function ParamControls({ specs, values, drafts, invalid, onDraft, onApply, children, choices }: ParamControlsProps) {
  return (
    <div className="param-grid">
      {specs.map((s) => {
        const text = drafts[s.name] ?? String(values[s.name] ?? s.default);
        const bad = invalid.has(s.name);
        const pending = drafts[s.name] !== undefined && !bad;
        const title = `${s.help} (${s.min}..${s.max}${s.unit ? ` ${s.unit}` : ''}, default ${s.default})`;
        const named = choices?.[s.name];
        if (named)
          return (
            <label key={s.name} className={`param${bad ? ' invalid' : ''}${pending ? ' pending' : ''}`} title={title}>
              <span className="param-name">{s.name}</span>
              <select
                data-testid={`param-${s.name}`}
                name={s.name}
                value={text}
                aria-invalid={bad || undefined}
                aria-describedby="run-error"
                onChange={(e) => onDraft(s.name, e.target.value)}
              >
                {named.map((c) => (
                  <option key={c.value} value={String(c.value)}>
                    {c.label}
                  </option>
                ))}
              </select>
            </label>
          );
        return (
          <label key={s.name} className={`param${bad ? ' invalid' : ''}${pending ? ' pending' : ''}`} title={title}>
            <span className="param-name">{s.name}</span>
            <input
              type="number"
              inputMode="numeric"
              data-testid={`param-${s.name}`}
              name={s.name}
              min={s.min}
              max={s.max}
              step={1}
              value={text}
              aria-invalid={bad || undefined}
              aria-describedby="run-error"
              onChange={(e) => onDraft(s.name, e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') onApply();
              }}
            />
            <span className="param-unit">{s.unit}</span>
          </label>
        );
      })}
      {children}
    </div>
  );
}
