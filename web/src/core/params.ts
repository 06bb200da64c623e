/**
 * A parameter's value between the page, its URL and the simulator. The page
 * keeps every value as the number the model reads (a choice parameter's
 * index); a choice is shown and written in the URL by its name, and read
 * back from its name or, as before there were names, from its index.
 */
import type { ParamSpec, ParamValue } from './types';

/**
 * The number a parameter's value stands for: an integer as it is, a
 * choice's name or index as its index. Null when the value is neither (the
 * simulator's check says why, with what is allowed).
 */
export function paramNumber(spec: ParamSpec, value: ParamValue): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (spec.type === 'choice') {
    const named = spec.choices.indexOf(text);
    if (named >= 0) return named;
  }
  if (!/^[+-]?\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/** A value as people and URLs see it: a choice by its name, anything else as its number. */
export function paramText(spec: ParamSpec, value: number): string {
  if (spec.type === 'choice') return spec.choices[value] ?? String(value);
  return String(value);
}

/** What a parameter takes, in words: "1..256 threads", or "ext4, btrfs". */
export function allowedText(spec: ParamSpec): string {
  if (spec.type === 'choice') return spec.choices.join(', ');
  return `${spec.min}..${spec.max}${spec.unit ? ` ${spec.unit}` : ''}`;
}

/** A parameter's default as people see it. */
export function defaultText(spec: ParamSpec): string {
  return spec.type === 'choice' ? spec.default_name : String(spec.default);
}
