/**
 * A lab view's state as it lives in the URL:
 *   #/lab/<id>?variant=before&ways=4&files=8&seed=1&step=120
 *   #/lab/<id>?fs=btrfs&threads=8
 *   #/lab/<id>?variant=side&show=baseline,es-slist,upstream
 *
 * The variant is one the lab declares (jc_labs_json) or `side`: two or more
 * of them side by side, `show`, by default the first and the last (the
 * kernel without the patch and with it). A lab of two variants leaves show
 * out. `a` and `b` (two variants, left and right) are read as show=a,b.
 *
 * A choice parameter is written by its name and read from its name or its
 * index (fs=btrfs, fs=1). How the page is looked at travels too, each
 * key only when it is not the page's default: the heatmaps' colour-by and
 * time buckets (color=spin&buckets=240), the speed in steps a second
 * (speed=60), the variant the code pane follows side by side
 * (follow=after) and presenter mode's view (present=heatmap). A moment of
 * the lab's lesson names a step by its event (at=first-walk): the page finds
 * it in the run and moves there; `at` wins over `step`. With no variant,
 * step or moment in the URL, the page opens on its lesson: its two variants
 * side by side at the decisive moment. Parsing is strict (zod) but forgiving: every bad
 * value is reported with the range or the names it must be, and that one
 * value falls back to its default while the rest of the URL still applies.
 * A key given twice is bad as a whole (which one was meant is not known);
 * a message quotes at most a prefix of a long value, and a URL of
 * thousands of bad values is reported by its first few and their count.
 */
import { z } from 'zod';
import { allowedText, paramNumber, paramText } from '../core/params';
import type { ParamSpec } from '../core/types';
import { isSelection, SELECTIONS, type HeatSelection } from '../viz/heatmap/selection';
import { SPEEDS } from './Player';
import { PRESENT_VIEWS, type PresentView } from './presenter/views';
import { quote } from '../../../lib/quote';

/** The view that shows two or more of the lab's variants side by side. */
export const SIDE = 'side';
/** One of the lab's variants, or SIDE. */
export type ViewVariant = string;

/** What the URL state needs to know of a lab: its parameter table and its variants (LabData fits). */
export interface LabShape {
  specs: readonly ParamSpec[];
  /** the lab's variants in its order: the first unpatched, the last patched */
  variants: readonly string[];
  /** the views presenter mode shows (by default all of PRESENT_VIEWS) */
  views?: readonly PresentView[];
  /** the ids of the lesson's moments, which at= names (none: the lab has no lesson) */
  moments?: readonly string[];
}

/** Every value `variant=` takes for a lab: its variants, then side. */
export function viewVariants(lab: Pick<LabShape, 'variants'>): string[] {
  return lab.variants.length > 1 ? [...lab.variants, SIDE] : [...lab.variants];
}

/** What the variant selector calls a view. */
export function viewVariantLabel(v: ViewVariant): string {
  if (v === SIDE) return 'side by side';
  if (v === 'before' || v === 'after') return `${v} the patch`;
  return v;
}

export const SEED_MAX = 4294967295;
/** Steps count from 1: step k shows the model right after its k-th step. */
export const STEP_MIN = 1;
export const STEP_MAX = Number.MAX_SAFE_INTEGER;

/** The heatmaps' time buckets to choose from, and the page's default. */
export const BUCKET_CHOICES = [60, 120, 240, 480] as const;
export const DEFAULT_BUCKETS = 120;
/** The page's playback speed in steps a second (the player offers SPEEDS). */
export const DEFAULT_SPEED = 10;
export const DEFAULT_COLOR: HeatSelection = 'dominant';

export interface LabViewState {
  variant: ViewVariant;
  /** the variants the side-by-side view shows, left to right: two or more, each once */
  shown: readonly string[];
  params: Record<string, number>;
  seed: number;
  step: number;
  /*
   * How the page is looked at; absent means the page's default (see
   * viewOptions), so that a URL without them stays as short as before.
   */
  /** what the heatmaps' cells are coloured by */
  color?: HeatSelection;
  /** the heatmaps' time buckets, one of BUCKET_CHOICES */
  buckets?: number;
  /** playback speed in steps a second, one of SPEEDS */
  speed?: number;
  /** the variant the code pane follows side by side */
  follow?: string;
  /** presenter mode's view; absent outside presenter mode */
  present?: PresentView;
  /** a lesson moment to move to once the runs are in (then the step is its step and this is dropped) */
  at?: string;
}

/** The view keys that are not the lab's model: their values with the defaults filled in. */
export function viewOptions(view: LabViewState): { color: HeatSelection; buckets: number; speed: number; follow: string | null; present: PresentView | null } {
  return {
    color: view.color ?? DEFAULT_COLOR,
    buckets: view.buckets ?? DEFAULT_BUCKETS,
    speed: view.speed ?? DEFAULT_SPEED,
    follow: view.follow ?? null,
    present: view.present ?? null,
  };
}

export interface UrlIssue {
  key: string;
  value: string;
  message: string;
}


/** The most issues reported one by one; the rest are counted in one more. */
export const ISSUES_SHOWN = 10;

/** The issues, at most ISSUES_SHOWN of them, then one that counts the others. */
export function capIssues(issues: UrlIssue[]): UrlIssue[] {
  if (issues.length <= ISSUES_SHOWN + 1) return issues;
  const rest = issues.length - ISSUES_SHOWN;
  return [
    ...issues.slice(0, ISSUES_SHOWN),
    { key: '…', value: '', message: `and ${rest.toLocaleString('en-US')} more values that were not usable or not known (ignored)` },
  ];
}

/**
 * The page's defaults: the parameter table's defaults, overridden by the
 * page's preset wherever the preset names a known parameter and lies in its
 * range (a lab may want a smaller configuration to animate), at the page's
 * opening step (where the preset's runs start to differ).
 */
export function defaultViewState(lab: LabShape, preset: Record<string, number> = {}, step: number = STEP_MIN): LabViewState {
  const params: Record<string, number> = {};
  for (const s of lab.specs) {
    const p = preset[s.name];
    params[s.name] = p !== undefined && p >= s.min && p <= s.max ? p : s.default;
  }
  const first = lab.variants[0];
  const last = lab.variants[lab.variants.length - 1];
  if (first === undefined || last === undefined) throw new RangeError('a lab declares at least one variant');
  return { variant: first, shown: first === last ? [first] : [first, last], params, seed: 1, step };
}

/** The variants a view shows: one, or side by side its chosen ones. */
export function shownVariants(view: Pick<LabViewState, 'variant' | 'shown'>): string[] {
  return view.variant === SIDE ? [...view.shown] : [view.variant];
}

/**
 * Side by side after a variant is ticked or unticked: the lab's order,
 * never fewer than two.
 */
export function toggleShown(shown: readonly string[], variant: string, all: readonly string[]): readonly string[] {
  const next = shown.includes(variant) ? shown.filter((v) => v !== variant) : [...shown, variant];
  if (next.length < 2) return shown;
  return all.filter((v) => next.includes(v));
}

type FieldResult = { ok: true; value: number } | { ok: false; reason: string };

function intField(raw: string, min: number, max: number): FieldResult {
  const schema = z
    .string()
    .trim()
    .regex(/^[+-]?\d+$/, { error: 'is not an integer' })
    /* digits past a double's range are still a number above (or below) any range */
    .transform((t) => Math.max(-Number.MAX_VALUE, Math.min(Number.MAX_VALUE, Number(t))))
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

/**
 * The page's defaults when its lab declares a lesson: the lesson's two
 * variants side by side, on the lesson's parameters (those the table has),
 * at its decisive moment (`at`, found once the runs are in; until then
 * `step`).
 */
export function lessonViewState(
  lab: LabShape,
  lesson: { variants: readonly [string, string]; params: Readonly<Record<string, number>>; moments: readonly { id: string }[] },
  step: number = STEP_MIN,
): LabViewState {
  const base = defaultViewState(lab, lesson.params, step);
  const shown = lesson.variants.filter((v) => lab.variants.includes(v));
  if (shown.length !== 2) return base;
  const decisive = lesson.moments[0];
  return { ...base, variant: SIDE, shown, ...(decisive ? { at: decisive.id } : {}) };
}

/** The query keys of the view options, in the order they are written. */
export const VIEW_OPTION_KEYS = ['color', 'buckets', 'speed', 'follow', 'present'] as const;

/** Parses a lab page's query; unknown or bad values become issues. */
export function parseLabQuery(
  query: URLSearchParams,
  lab: LabShape,
  defaults: LabViewState,
): { state: LabViewState; issues: UrlIssue[] } {
  const { specs } = lab;
  const issues: UrlIssue[] = [];
  query = onceEach(query, issues);
  const state: LabViewState = {
    variant: defaults.variant,
    shown: defaults.shown,
    params: { ...defaults.params },
    seed: defaults.seed,
    step: defaults.step,
  };

  const oneOf = (key: string, allowed: readonly string[], def: string): string => {
    const raw = query.get(key);
    if (raw === null) return def;
    const r = z.enum(allowed as [string, ...string[]]).safeParse(raw);
    if (r.success) return r.data;
    issues.push({ key, value: raw, message: `${key}=${quote(raw)} is unknown; allowed: ${allowed.join(', ')} (using ${def})` });
    return def;
  };
  state.variant = oneOf('variant', viewVariants(lab), defaults.variant);
  const showRaw = query.get('show');
  const listed =
    showRaw !== null
      ? showRaw.split(',').map((v) => v.trim())
      : query.has('a') || query.has('b')
        ? [query.get('a') ?? defaults.shown[0]!, query.get('b') ?? defaults.shown[defaults.shown.length - 1]!]
        : null;
  if (listed !== null) {
    const key = showRaw !== null ? 'show' : 'a/b';
    const raw = quote(showRaw ?? listed.join(','));
    const using = `using show=${defaults.shown.join(',')}`;
    const unknown = listed.filter((v) => !lab.variants.includes(v));
    const twice = listed.filter((v, i) => listed.indexOf(v) !== i);
    if (unknown.length > 0)
      issues.push({ key, value: raw, message: `${quote(unknown.join(', '))} is not a variant; allowed: ${lab.variants.join(', ')} (${using})` });
    else if (twice.length > 0)
      issues.push({ key, value: raw, message: `${twice.join(', ')} is listed twice; side by side shows each variant once (${using})` });
    else if (listed.length < 2)
      issues.push({ key, value: raw, message: `side by side shows two variants or more, got ${listed.length} (${using})` });
    else state.shown = listed;
  }

  const numeric = (key: string, min: number, max: number, def: number, unit = '') => {
    const raw = query.get(key);
    if (raw === null) return def;
    const r = intField(raw, min, max);
    if (r.ok) return r.value;
    issues.push({
      key,
      value: raw,
      message: `${key}=${quote(raw)} ${r.reason}; allowed ${rangeText(min, max, unit)} (using ${def})`,
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
      message: `${s.name}=${quote(raw)} is unknown; allowed ${allowedText(s)} (using ${paramText(s, def)})`,
    });
    return def;
  };

  for (const s of specs) {
    const def = defaults.params[s.name] ?? s.default;
    state.params[s.name] = s.type === 'choice' ? choice(s, def) : numeric(s.name, s.min, s.max, def, s.unit);
  }
  state.seed = numeric('seed', 0, SEED_MAX, defaults.seed);
  state.step = numeric('step', STEP_MIN, STEP_MAX, defaults.step);
  /* a usable step names the view's step; a bad one falls back to the default, the lesson's moment */
  const stepRaw = query.get('step');
  const stepGiven = stepRaw !== null && intField(stepRaw, STEP_MIN, STEP_MAX).ok;
  const moments = lab.moments ?? [];
  const at = query.get('at');
  if (at !== null) {
    if (moments.includes(at)) state.at = at;
    else
      issues.push({
        key: 'at',
        value: at,
        message: moments.length
          ? `at=${quote(at)} is not a moment of this lab's lesson; allowed: ${moments.join(', ')} (ignored)`
          : `at=${quote(at)}: this lab declares no moments (ignored)`,
      });
  } else if (defaults.at !== undefined && !stepGiven) state.at = defaults.at;

  /* the view options: each one kept only when given and good */
  const option = (key: string, allowed: readonly string[], def: string): string | undefined => {
    if (query.get(key) === null) return undefined;
    const v = oneOf(key, allowed, def);
    return query.get(key) === v ? v : undefined;
  };
  const color = option('color', SELECTIONS.map((c) => c.value), DEFAULT_COLOR);
  if (color !== undefined && isSelection(color)) state.color = color;
  const buckets = option('buckets', BUCKET_CHOICES.map(String), String(DEFAULT_BUCKETS));
  if (buckets !== undefined) state.buckets = Number(buckets);
  const speed = option('speed', SPEEDS.map(String), String(DEFAULT_SPEED));
  if (speed !== undefined) state.speed = Number(speed);
  const follow = option('follow', lab.variants, 'the first variant shown');
  if (follow !== undefined) state.follow = follow;
  const views = lab.views ?? PRESENT_VIEWS;
  const present = option('present', views, 'no presenter mode');
  if (present !== undefined) state.present = present as PresentView;

  const known = new Set(['variant', 'show', 'a', 'b', 'seed', 'step', 'at', ...VIEW_OPTION_KEYS, ...specs.map((s) => s.name)]);
  for (const [key, value] of query) {
    if (!known.has(key))
      issues.push({
        key,
        value,
        message: `${quote(key)}=${quote(value)} is not a parameter of this lab; known: ${[...known].join(', ')} (ignored)`,
      });
  }
  return { state, issues: capIssues(issues) };
}

/**
 * The query with every key given more than once taken out, each reported:
 * the page cannot tell which of its values was meant, so it uses the
 * default.
 */
function onceEach(query: URLSearchParams, issues: UrlIssue[]): URLSearchParams {
  const counts = new Map<string, number>();
  for (const key of query.keys()) counts.set(key, (counts.get(key) ?? 0) + 1);
  if ([...counts.values()].every((n) => n === 1)) return query;
  const once = new URLSearchParams();
  const reported = new Set<string>();
  for (const [key, value] of query) {
    const n = counts.get(key)!;
    if (n === 1) once.append(key, value);
    else if (!reported.has(key)) {
      reported.add(key);
      const values = query.getAll(key).slice(0, 3).map(quote).join(', ');
      issues.push({ key, value: quote(value), message: `${quote(key)} is given ${n} times (${values}${n > 3 ? ', …' : ''}); give it once (using the default)` });
    }
  }
  return once;
}

/**
 * The query pairs for a state: variant (side by side with the variants it
 * shows when the lab has more than two to choose from), the parameters in
 * table order (a choice by its name), seed, step, then the view options
 * that are set and differ from the page's default.
 */
export function serializeLabQuery(state: LabViewState, lab: LabShape): [string, string][] {
  const { specs } = lab;
  const out: [string, string][] = [['variant', state.variant]];
  if (state.variant === SIDE && lab.variants.length > 2) out.push(['show', state.shown.join(',')]);
  for (const s of specs) {
    const v = state.params[s.name];
    if (v !== undefined) out.push([s.name, paramText(s, v)]);
  }
  out.push(['seed', String(state.seed)], state.at !== undefined ? ['at', state.at] : ['step', String(state.step)]);
  if (state.color !== undefined && state.color !== DEFAULT_COLOR) out.push(['color', state.color]);
  if (state.buckets !== undefined && state.buckets !== DEFAULT_BUCKETS) out.push(['buckets', String(state.buckets)]);
  if (state.speed !== undefined && state.speed !== DEFAULT_SPEED) out.push(['speed', String(state.speed)]);
  if (state.follow !== undefined) out.push(['follow', state.follow]);
  if (state.present !== undefined) out.push(['present', state.present]);
  return out;
}
