/**
 * Inputs generated from a lab's parameter table (never a hand-written list):
 * one number input per integer parameter, with its range, unit and help, and
 * a choice of names for a choice parameter. A typed value stays as typed,
 * even one the simulator refuses (a text field, so that "1e" or "-" is not
 * dropped as a number input drops it), with the refusal beside the field.
 */
import type { ReactNode } from 'react';
import { allowedText, defaultText, paramText } from '../core/params';
import type { ParamSpec } from '../core/types';

export interface ParamControlsProps {
  specs: readonly ParamSpec[];
  /** the applied values (a choice by its index) */
  values: Record<string, number>;
  /** typed or chosen but not yet applied text per parameter (a choice by its name) */
  drafts: Record<string, string>;
  /** parameters whose draft the simulator (or the range) refused */
  invalid: ReadonlySet<string>;
  /** why the drafts were refused: shown beside the first refused field */
  message?: string | null;
  onDraft(name: string, text: string): void;
  /** apply drafts now (Enter) */
  onApply(): void;
  /** more controls placed in the same grid (seed, variant) */
  children?: ReactNode;
}

/** A control's tooltip: the help, what it takes and its default. */
export function paramTitle(s: ParamSpec): string {
  const unit = s.type === 'int' && s.unit ? ` ${s.unit}` : '';
  const allowed = s.type === 'choice' ? `one of ${allowedText(s)}` : `${s.min}..${s.max}${unit}`;
  return `${s.help} (${allowed}, default ${defaultText(s)})`;
}

/** The inline message beside a refused field. */
export function ParamMessage({ name, text }: { name: string; text: string }) {
  return (
    <span className="param-message" data-testid={`param-message-${name}`} style={{ gridColumn: '1 / -1', color: '#b42318', fontSize: '0.82em' }}>
      {text}
    </span>
  );
}

export function ParamControls({ specs, values, drafts, invalid, message, onDraft, onApply, children }: ParamControlsProps) {
  /* the message goes beside the first refused parameter, in the table's order */
  const messageAt = message ? (specs.find((s) => invalid.has(s.name))?.name ?? null) : null;
  return (
    <div className="param-grid">
      {specs.map((s) => {
        const text = drafts[s.name] ?? paramText(s, values[s.name] ?? s.default);
        const bad = invalid.has(s.name);
        const pending = drafts[s.name] !== undefined && !bad;
        const className = `param${bad ? ' invalid' : ''}${pending ? ' pending' : ''}`;
        if (s.type === 'choice')
          return (
            <label key={s.name} className={className} title={paramTitle(s)}>
              <span className="param-name">{s.name}</span>
              <select
                data-testid={`param-${s.name}`}
                name={s.name}
                value={text}
                aria-invalid={bad || undefined}
                aria-describedby="run-error"
                onChange={(e) => onDraft(s.name, e.target.value)}
              >
                {s.choices.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
              {messageAt === s.name && <ParamMessage name={s.name} text={message!} />}
            </label>
          );
        return (
          <label key={s.name} className={className} title={paramTitle(s)}>
            <span className="param-name">{s.name}</span>
            <input
              type="text"
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
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
            {messageAt === s.name && <ParamMessage name={s.name} text={message!} />}
          </label>
        );
      })}
      {children}
    </div>
  );
}
