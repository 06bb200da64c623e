/**
 * A lab view's state as it lives in the URL:
 *   #/lab/fast-commit?variant=before&ways=4&files=8&seed=1&step=120
 *   #/lab/inode-hash?fs=btrfs&threads=8
 *
 * A choice parameter is written by its name and read from its name or its
 * index (fs=btrfs, fs=1). Parsing is strict (zod) but forgiving: every bad
 * value is reported with the range or the names it must be, and that one
 * value falls back to its default while the rest of the URL still applies.
 */
import { z } from 'zod';
import { allowedText, paramNumber, paramText } from '../core/params';
import type { ParamSpec } from '../core/types';

export const VIEW_VARIANTS = ['before', 'after', 'side'] as const;
export type ViewVariant = (typeof VIEW_VARIANTS)[number];
export const VARIANT_LABELS: Record<ViewVariant, string> = {
  before: 'before the patch',
  after: 'after the patch',
  side: 'side by side',
};

export const SEED_MAX = 4294967295;
/** Steps count from 1: step k shows the model right after its k-th step. */
export const STEP_MIN = 1;
export const STEP_MAX = Number.MAX_SAFE_INTEGER;

export interface LabViewState {
  variant: ViewVariant;
  params: Record<string, number>;
  seed: number;
  step: number;
}

export interface UrlIssue {
  key: string;
  value: string;
  message: string;
}

/**
 * The page's defaults: the parameter table's defaults, overridden by the
 * page's preset wherever the preset names a known parameter and lies in its
 * range (a lab may want a smaller configuration to animate).
 */
export function defaultViewState(
  specs: readonly ParamSpec[],
  preset: Record<string, number> = {},
  variant: ViewVariant = 'before',
): LabViewState {
  const params: Record<string, number> = {};
  for (const s of specs) {
    const p = preset[s.name];
    params[s.name] = p !== undefined && p >= s.min && p <= s.max ? p : s.default;
  }
  return { variant, params, seed: 1, step: STEP_MIN };
}

type FieldResult = { ok: true; value: number } | { ok: false; reason: string };

function intField(raw: string, min: number, max: number): FieldResult {
  const schema = z
    .string()
    .trim()
    .regex(/^[+-]?\d+$/, { error: 'is not an integer' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: 'is below the minimum' })
        .max(max, { error: 'is above the maximum' }),
    );
  const r = schema.safeParse(raw);
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, reason: r.error.issues[0]?.message ?? 'is invalid' };
}

function rangeText(min: number, max: number, unit = ''): string {
  return `${min}..${max}${unit ? ` ${unit}` : ''}`;
}

const VariantSchema = z.enum(VIEW_VARIANTS);

/** Parses a lab page's query; unknown or bad values become issues. */
export function parseLabQuery(
  query: URLSearchParams,
  specs: readonly ParamSpec[],
  defaults: LabViewState,
): { state: LabViewState; issues: UrlIssue[] } {
  const issues: UrlIssue[] = [];
  const state: LabViewState = {
    variant: defaults.variant,
    params: { ...defaults.params },
    seed: defaults.seed,
    step: defaults.step,
  };

  const variant = query.get('variant');
  if (variant !== null) {
    const r = VariantSchema.safeParse(variant);
    if (r.success) state.variant = r.data;
    else
      issues.push({
        key: 'variant',
        value: variant,
        message: `variant=${variant} is unknown; allowed: ${VIEW_VARIANTS.join(', ')} (using ${defaults.variant})`,
      });
  }

  const numeric = (key: string, min: number, max: number, def: number, unit = '') => {
    const raw = query.get(key);
    if (raw === null) return def;
    const r = intField(raw, min, max);
    if (r.ok) return r.value;
    issues.push({
      key,
      value: raw,
      message: `${key}=${raw} ${r.reason}; allowed ${rangeText(min, max, unit)} (using ${def})`,
    });
    return def;
  };

  const choice = (s: ParamSpec, def: number) => {
    const raw = query.get(s.name);
    if (raw === null) return def;
    const n = paramNumber(s, raw);
    if (n !== null && n >= s.min && n <= s.max) return n;
    issues.push({
      key: s.name,
      value: raw,
      message: `${s.name}=${raw} is unknown; allowed ${allowedText(s)} (using ${paramText(s, def)})`,
    });
    return def;
  };

  for (const s of specs) {
    const def = defaults.params[s.name] ?? s.default;
    state.params[s.name] = s.type === 'choice' ? choice(s, def) : numeric(s.name, s.min, s.max, def, s.unit);
  }
  state.seed = numeric('seed', 0, SEED_MAX, defaults.seed);
  state.step = numeric('step', STEP_MIN, STEP_MAX, defaults.step);

  const known = new Set(['variant', 'seed', 'step', ...specs.map((s) => s.name)]);
  for (const [key, value] of query) {
    if (!known.has(key))
      issues.push({
        key,
        value,
        message: `${key}=${value} is not a parameter of this lab; known: ${[...known].join(', ')} (ignored)`,
      });
  }
  return { state, issues };
}

/** The query pairs for a state: variant, the parameters in table order (a choice by its name), seed, step. */
export function serializeLabQuery(
  state: LabViewState,
  specs: readonly ParamSpec[],
): [string, string][] {
  const out: [string, string][] = [['variant', state.variant]];
  for (const s of specs) {
    const v = state.params[s.name];
    if (v !== undefined) out.push([s.name, paramText(s, v)]);
  }
  out.push(['seed', String(state.seed)], ['step', String(state.step)]);
  return out;
}
