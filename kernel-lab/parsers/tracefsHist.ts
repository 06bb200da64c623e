/**
 * A tracefs hist trigger's output: `cat /sys/kernel/tracing/events/<sys>/
 * <event>/hist`, as hist_show() and the functions under it print it
 * (kernel/trace/trace_events_hist.c, Linux 6.12):
 *
 *   # event histogram
 *   #
 *   # trigger info: hist:keys=pages_written:vals=hitcount:sort=hitcount:size=2048 [active]
 *   #
 *
 *   { pages_written:          4 } hitcount:       3223
 *
 *   Totals:
 *       Hits: 9291
 *       Entries: 29
 *       Dropped: 0
 *
 * One file holds one such block per hist trigger on the event. Keys are read
 * by the modifier the trigger info names for them: a plain number
 * ("%10llu"), `.log2` ("~ 2^k": values v with 2^(k-1) < v <= 2^k, k = 0
 * holding 0 and 1), `.buckets=N` ("~ a-b"), `.hex`, `.execname` and
 * `.syscall` ("name [n]"), `.sym` and `.sym-offset` ("[address] symbol"),
 * and stack traces (`common_stacktrace` or `<field>.stacktrace`, one frame
 * per line, which must be the last key); other keys (strings) are text.
 *
 * histogramStats() turns a histogram over one numeric key into a
 * distribution: samples, mean, min, max and percentiles.
 */
import { expectText, LineReader, ParseError, quote, readCount, type Line } from './common';

const FORMAT = 'hist';

/** A key's value in one entry, by the key's modifier. */
export type HistKeyValue =
  | { kind: 'number'; value: number }
  /** `.log2`: the entry counts values in [min, max] */
  | { kind: 'log2'; exponent: number; min: number; max: number }
  /** `.buckets=N`: the entry counts values in [min, max] */
  | { kind: 'bucket'; min: number; max: number }
  /** `.execname` (a pid with its command) and `.syscall` (a number with its name) */
  | { kind: 'named'; name: string; value: number }
  /** `.sym`, `.sym-offset`: the address in hex and what it resolved to ("0x..." when nothing) */
  | { kind: 'symbol'; address: string; symbol: string }
  /** a stack trace, innermost frame first, as "function+0xoff/0xsize [module]" */
  | { kind: 'stack'; frames: string[] }
  | { kind: 'text'; text: string };

export interface HistKeySpec {
  /** the name entries print: the event field, e.g. pages_written, common_pid, common_stacktrace */
  name: string;
  /** log2, buckets, hex, execname, syscall, sym, sym-offset, stacktrace, ... or null */
  modifier: string | null;
  /** N of `.buckets=N`, else null */
  buckets: number | null;
}

export interface HistEntry {
  key: Record<string, HistKeyValue>;
  /** events that hit this entry; null when the trigger has `nohitcount` */
  hitcount: number | null;
  /** the other values by name: sums over the entry's events; a `.percent` value is "<name>_pct", in % */
  values: Record<string, number>;
}

export interface Histogram {
  /** the trigger as the kernel prints it, without the "# trigger info: " prefix */
  trigger: string;
  /** a named trigger's name, else null */
  name: string | null;
  keys: HistKeySpec[];
  /** the printed values in order, "hitcount" first unless nohitcount; a `.percent` value is "<name>_pct" */
  values: string[];
  sort: string[];
  /** the map's size (2048 unless the trigger set size=) */
  size: number;
  /** the trigger's filter after " if ", else null */
  filter: string | null;
  paused: boolean;
  entries: HistEntry[];
  totals: { hits_count: number; entries_count: number; dropped_count: number };
}

interface Trigger {
  name: string | null;
  keys: HistKeySpec[];
  values: { name: string; modifier: string | null }[];
  sort: string[];
  size: number;
  filter: string | null;
  paused: boolean;
  nohitcount: boolean;
}

/** One field spec of keys= or vals=: field[.modifier][=N]. */
function fieldSpec(spec: string, no: number): { field: string; modifier: string | null; buckets: number | null } {
  const m = /^(\$?[A-Za-z_][\w-]*)(?:\.([a-z0-9-]+)(?:=(\d+))?)?$/.exec(spec);
  if (!m) throw new ParseError(FORMAT, no, `trigger info: cannot read the field ${quote(spec)}; expected field[.modifier][=N]`);
  const modifier = m[2] ?? null;
  const buckets = m[3] !== undefined ? readCount(FORMAT, no, `${spec} buckets`, m[3]) : null;
  if (modifier === 'buckets' && (buckets === null || buckets === 0)) {
    throw new ParseError(FORMAT, no, `trigger info: ${quote(spec)} has .buckets without a size; expected .buckets=N, N > 0`);
  }
  return { field: m[1]!, modifier, buckets };
}

/** The trigger info line: hist:[name:]keys=..:vals=..:sort=..:size=N[...] [if filter] [active|paused]. */
function parseTrigger(info: string, no: number): Trigger {
  const state = / \[(active|paused)\]$/.exec(info);
  if (!state) throw new ParseError(FORMAT, no, `trigger info: expected it to end in " [active]" or " [paused]", got ${quote(info)}`);
  let body = info.slice(0, state.index);
  let filter: string | null = null;
  const ifAt = body.indexOf(' if ');
  if (ifAt >= 0) {
    filter = body.slice(ifAt + 4);
    body = body.slice(0, ifAt);
  }
  const parts = body.split(':');
  if (parts[0] !== 'hist') throw new ParseError(FORMAT, no, `trigger info: expected "hist:...", got ${quote(info)}`);
  let name: string | null = null;
  const attrs = new Map<string, string>();
  let nohitcount = false;
  for (const [i, part] of parts.slice(1).entries()) {
    const eq = part.indexOf('=');
    const attr = eq < 0 ? part : part.slice(0, eq);
    if (part === 'nohitcount') nohitcount = true;
    else if (i === 0 && eq < 0) name = part;
    else if (['keys', 'vals', 'sort', 'size'].includes(attr)) attrs.set(attr, part.slice(eq + 1));
    /* variables (x=...), clock= and actions (onmax(...)...) print nothing per entry */
    else if (eq < 0 && !/^on\w+\(/.test(part)) {
      throw new ParseError(FORMAT, no, `trigger info: unknown part ${quote(part)}`);
    }
  }
  const keys = attrs.get('keys');
  const vals = attrs.get('vals');
  const sort = attrs.get('sort');
  const size = attrs.get('size');
  if (keys === undefined || vals === undefined || sort === undefined || size === undefined) {
    throw new ParseError(FORMAT, no, `trigger info: expected keys=, vals=, sort= and size=, got ${quote(info)}`);
  }
  const keySpecs = keys.split(',').map((k) => {
    const f = fieldSpec(k, no);
    return { name: f.field, modifier: k === 'common_stacktrace' ? 'stacktrace' : f.modifier, buckets: f.buckets };
  });
  if (keySpecs.slice(0, -1).some((k) => k.modifier === 'stacktrace')) {
    throw new ParseError(FORMAT, no, 'trigger info: a stack-trace key is read only as the last key');
  }
  const valSpecs = vals === '' ? [] : vals.split(',').map((v) => fieldSpec(v, no));
  return {
    name,
    keys: keySpecs,
    values: valSpecs.map((v) => ({ name: v.field, modifier: v.modifier })),
    sort: sort.split(','),
    size: readCount(FORMAT, no, 'size', size),
    filter,
    paused: state[1] === 'paused',
    nohitcount,
  };
}

/** A key's printed value, read by its modifier. */
function keyValue(spec: HistKeySpec, raw: string, no: number): HistKeyValue {
  const text = raw.trim();
  const fail = (shape: string): never => {
    throw new ParseError(FORMAT, no, `key ${spec.name}${spec.modifier ? `.${spec.modifier}` : ''}: expected ${shape}, got ${quote(text)}`);
  };
  switch (spec.modifier) {
    case 'log2': {
      const m = /^~ 2\^(\d+)$/.exec(text) ?? fail('"~ 2^<k>"');
      const k = readCount(FORMAT, no, `${spec.name} exponent`, m[1]!);
      if (k > 52) fail('an exponent of at most 52');
      return { kind: 'log2', exponent: k, min: k === 0 ? 0 : 2 ** (k - 1) + 1, max: 2 ** k };
    }
    case 'buckets': {
      const m = /^~ (\d+)-(\d+)$/.exec(text) ?? fail('"~ <from>-<to>"');
      const min = readCount(FORMAT, no, `${spec.name} bucket start`, m[1]!);
      const max = readCount(FORMAT, no, `${spec.name} bucket end`, m[2]!);
      if (max - min + 1 !== spec.buckets || min % spec.buckets! !== 0) {
        fail(`a bucket of ${spec.buckets} starting at a multiple of ${spec.buckets}`);
      }
      return { kind: 'bucket', min, max };
    }
    case 'hex': {
      if (!/^[0-9a-f]+$/.test(text)) fail('a hexadecimal number');
      const value = Number.parseInt(text, 16);
      return Number.isSafeInteger(value) ? { kind: 'number', value } : { kind: 'text', text };
    }
    case 'execname':
    case 'syscall': {
      const m = /^(.*?)\s*\[\s*(\d+)\]$/.exec(text) ?? fail('"<name> [<n>]"');
      return { kind: 'named', name: m[1]!, value: readCount(FORMAT, no, spec.name, m[2]!) };
    }
    case 'sym':
    case 'sym-offset': {
      const m = /^\[([0-9a-f]+)\] (.*)$/.exec(text) ?? fail('"[<address>] <symbol>"');
      return { kind: 'symbol', address: m[1]!, symbol: m[2]!.trim() };
    }
    case 'stacktrace':
      return { kind: 'stack', frames: raw.split('\n').map((f) => f.trim()).filter((f) => f !== '') };
    default:
      if (spec.modifier === null && /^\d+$/.test(text)) return { kind: 'number', value: readCount(FORMAT, no, spec.name, text) };
      return { kind: 'text', text };
  }
}

/**
 * The values each entry prints, in order: the raw hitcount unless the
 * trigger has nohitcount, then the vals other than that plain hitcount.
 */
function printedValues(t: Trigger): { name: string; modifier: string | null }[] {
  const others = t.values.filter((v) => !(v.name === 'hitcount' && v.modifier === null));
  return [...(t.nohitcount ? [] : [{ name: 'hitcount', modifier: null }]), ...others];
}

/** How a key's name is printed before its value: "name: ", or for stack traces "common_stacktrace:" / "field.stacktrace". */
function keyPrefix(spec: HistKeySpec): string {
  if (spec.modifier !== 'stacktrace') return `${spec.name}: `;
  return spec.name === 'common_stacktrace' ? 'common_stacktrace:' : `${spec.name}.stacktrace`;
}

/**
 * One entry: "{ k1: v1, k2: v2 } hitcount: n  val: n" on one line, or, with
 * a stack-trace key, "{ ..., common_stacktrace:" and one frame per line up
 * to the line "} hitcount: n ...".
 */
function parseEntry(t: Trigger, lines: Line[]): HistEntry {
  const line = lines[0]!;
  const text = lines.map((l) => l.text).join('\n');
  const m = lines.length > 1 ? /^\{ ([\s\S]*)\n\}(.*)$/.exec(text) : /^\{ (.*) \}(.*)$/.exec(text);
  if (!m) throw new ParseError(FORMAT, line.no, `expected an entry "{ <key>: <value> } hitcount: <n>", got ${quote(line.text)}`);
  const keyText = m[1]!;
  const key: Record<string, HistKeyValue> = {};
  let at = 0;
  t.keys.forEach((spec, i) => {
    const prefix = keyPrefix(spec);
    if (!keyText.startsWith(prefix, at)) {
      throw new ParseError(FORMAT, line.no, `expected key "${spec.name}" at column ${at + 3}, got ${quote(keyText.slice(at))}`);
    }
    at += prefix.length;
    const next = t.keys[i + 1];
    const end = next ? keyText.indexOf(`, ${keyPrefix(next)}`, at) : keyText.length;
    if (end < 0) throw new ParseError(FORMAT, line.no, `expected key "${next!.name}" after "${spec.name}", got ${quote(keyText)}`);
    key[spec.name] = keyValue(spec, keyText.slice(at, end), line.no);
    at = next ? end + 2 : end;
  });

  const expected = printedValues(t);
  const values: Record<string, number> = {};
  let hitcount: number | null = null;
  let rest = m[2]!;
  for (const v of expected) {
    const vm = new RegExp(`^\\s+${v.name.replace(/\$/g, '\\$')}( \\(%\\))?:\\s*(\\S+)`).exec(rest);
    if (!vm) throw new ParseError(FORMAT, lines[lines.length - 1]!.no, `expected "${v.name}: <n>" after the key, got ${quote(rest.trim())}`);
    let n: number;
    if (vm[1]) {
      if (!/^\d+\.\d{2}$/.test(vm[2]!)) throw new ParseError(FORMAT, line.no, `${v.name} (%): expected a percentage such as 12.34, got ${quote(vm[2]!)}`);
      n = Number(vm[2]);
    } else if (v.modifier === 'hex') {
      if (!/^[0-9a-f]+$/.test(vm[2]!)) throw new ParseError(FORMAT, line.no, `${v.name}: expected a hexadecimal number, got ${quote(vm[2]!)}`);
      n = Number.parseInt(vm[2]!, 16);
    } else if (v.modifier === 'graph') {
      throw new ParseError(FORMAT, line.no, `${v.name}.graph: bar graphs are not read; use the plain value`);
    } else {
      n = readCount(FORMAT, line.no, v.name, vm[2]!);
    }
    if (v.name === 'hitcount' && v.modifier === null) hitcount = n;
    else values[v.modifier === 'percent' ? `${v.name}_pct` : v.name] = n;
    rest = rest.slice(vm[0].length);
  }
  const last = lines[lines.length - 1]!;
  if (rest.trim() !== '') throw new ParseError(FORMAT, last.no, `unexpected text after the values: ${quote(rest.trim())}`);
  return { key, hitcount, values };
}

function parseOne(r: LineReader): Histogram {
  r.expect(/^# event histogram$/, '"# event histogram"');
  r.expect(/^#$/, '"#"');
  const info = r.expect(/^# trigger info: (.*)$/, '"# trigger info: hist:..."');
  const t = parseTrigger(info.m[1]!, info.no);
  r.expect(/^#$/, '"#"');
  r.skipBlank();

  const stack = t.keys[t.keys.length - 1]?.modifier === 'stacktrace';
  const entries: HistEntry[] = [];
  while (r.peek() !== undefined && !r.at(/^\s*$/) && !r.at(/^Totals:$/)) {
    const block = [r.peek()!];
    r.index++;
    if (stack) {
      /* frames up to the closing "} ..." line */
      while (r.peek() !== undefined && !r.at(/^\}/)) {
        if (r.at(/^\{ /) || r.at(/^Totals:$/)) {
          throw new ParseError(FORMAT, r.peek()!.no, `expected a stack frame or "} hitcount: <n>", got ${quote(r.peek()!.text)}`);
        }
        block.push(r.peek()!);
        r.index++;
      }
      if (r.peek() === undefined) throw new ParseError(FORMAT, block[0]!.no, 'the stack-trace entry has no closing "} hitcount: <n>" line');
      block.push(r.peek()!);
      r.index++;
    }
    entries.push(parseEntry(t, block));
  }
  r.skipBlank();
  r.expect(/^Totals:$/, '"Totals:"');
  const hits = r.count(r.expect(/^ {4}Hits: (\S+)$/, '"    Hits: <n>"'), 1, 'Hits');
  const countAt = r.expect(/^ {4}Entries: (\S+)$/, '"    Entries: <n>"');
  const count = r.count(countAt, 1, 'Entries');
  const dropped = r.count(r.expect(/^ {4}Dropped: (\S+)$/, '"    Dropped: <n>"'), 1, 'Dropped');
  if (count !== entries.length) {
    throw new ParseError(FORMAT, countAt.no, `Entries: ${count}, but ${entries.length} entries are listed: is the file cut short?`);
  }
  return {
    trigger: info.m[1]!,
    name: t.name,
    keys: t.keys,
    values: printedValues(t).map((v) => (v.modifier === 'percent' ? `${v.name}_pct` : v.name)),
    sort: t.sort,
    size: t.size,
    filter: t.filter,
    paused: t.paused,
    entries,
    totals: { hits_count: hits, entries_count: count, dropped_count: dropped },
  };
}

/** Every histogram in a hist file, one per hist trigger on the event. Throws a ParseError naming the line that does not fit. */
export function parseHists(text: string): Histogram[] {
  expectText(FORMAT, text, 'a hist file with "# event histogram" (is a hist trigger set on the event?)');
  const r = new LineReader(FORMAT, text);
  const out: Histogram[] = [];
  r.skipBlank();
  while (r.peek() !== undefined) {
    out.push(parseOne(r));
    r.skipBlank();
  }
  return out;
}

/** The one histogram of a hist file; throws when the event has several hist triggers. */
export function parseHist(text: string): Histogram {
  const all = parseHists(text);
  if (all.length !== 1) {
    throw new ParseError(FORMAT, undefined, `${all.length} histograms in the file; read it with parseHists`);
  }
  return all[0]!;
}

/** One bucket of a distribution: values in [min, max] seen `count` times. */
export interface HistBucket {
  min: number;
  max: number;
  count: number;
}

export interface HistStats {
  samples_count: number;
  /** with buckets (log2, buckets=N) each bucket counts at its midpoint */
  mean: number;
  min: number;
  max: number;
  /**
   * nearest-rank percentiles: the smallest value (for buckets, the bucket's
   * upper end) at or below which p% of the samples lie; p50, p90, p99, p99_9
   */
  percentiles: Record<string, number>;
  /** true when every key is an exact value, false when buckets made the figures estimates */
  exact: boolean;
}

/** The buckets of one numeric key, merged over entries that differ only in other keys, ascending. */
export function histBuckets(h: Histogram, key?: string): HistBucket[] {
  const name = key ?? (h.keys.length === 1 ? h.keys[0]!.name : undefined);
  if (name === undefined) {
    throw new Error(`hist: ${h.keys.length} keys (${h.keys.map((k) => k.name).join(', ')}); name the one to use`);
  }
  if (!h.keys.some((k) => k.name === name)) {
    throw new Error(`hist: no key "${name}"; the keys are ${h.keys.map((k) => k.name).join(', ')}`);
  }
  const byRange = new Map<string, HistBucket>();
  for (const e of h.entries) {
    if (e.hitcount === null) throw new Error('hist: the trigger has nohitcount, so there are no counts to build a distribution from');
    const v = e.key[name]!;
    let range: [number, number];
    if (v.kind === 'number' || v.kind === 'named') range = [v.value, v.value];
    else if (v.kind === 'log2' || v.kind === 'bucket') range = [v.min, v.max];
    else throw new Error(`hist: key "${name}" is a ${v.kind === 'text' ? 'text' : v.kind}, not a number`);
    const id = `${range[0]}-${range[1]}`;
    const b = byRange.get(id);
    if (b) b.count += e.hitcount;
    else byRange.set(id, { min: range[0], max: range[1], count: e.hitcount });
  }
  return [...byRange.values()].sort((a, b) => a.min - b.min);
}

/** The nearest-rank p-th percentile of ascending buckets: the upper end of the bucket holding it. */
export function bucketPercentile(buckets: HistBucket[], p: number): number {
  if (!(p > 0 && p <= 100)) throw new Error(`hist: percentile ${p} is outside (0, 100]`);
  const total = buckets.reduce((a, b) => a + b.count, 0);
  if (total === 0) throw new Error('hist: no samples');
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (const b of buckets) {
    seen += b.count;
    if (seen >= rank) return b.max;
  }
  return buckets[buckets.length - 1]!.max;
}

/** Samples, mean, range and percentiles of a histogram over one numeric key. */
export function histogramStats(h: Histogram, key?: string): HistStats {
  const buckets = histBuckets(h, key);
  const total = buckets.reduce((a, b) => a + b.count, 0);
  if (total === 0) throw new Error('hist: the histogram has no samples');
  const used = buckets.filter((b) => b.count > 0);
  return {
    samples_count: total,
    mean: buckets.reduce((a, b) => a + ((b.min + b.max) / 2) * b.count, 0) / total,
    min: used[0]!.min,
    max: used[used.length - 1]!.max,
    percentiles: Object.fromEntries(
      [50, 90, 99, 99.9].map((p) => [`p${String(p).replace('.', '_')}`, bucketPercentile(buckets, p)]),
    ),
    exact: buckets.every((b) => b.min === b.max),
  };
}

/**
 * The events a histogram may lose to tracing_map's insert race and still be
 * read: one, or 1 in 100 of them when that is more. The race loses events one
 * at a time, so a single loss is its signature even in a hist of a few events
 * (a walk's lock contentions); 1 in 100 moves a mean by at most 1% of the
 * range of its key.
 */
export const RACE_DROP_LIMIT = 0.01;

/**
 * The events a histogram lost, or an Error when it lost them in a way that makes it unreadable.
 * tracing_map drops an event in two cases (kernel/trace/tracing_map.c, __tracing_map_insert):
 * - the map is full: get_free_elt() finds no element, so every later new key is lost. The
 *   histogram is then biased towards the keys that came first: refused, naming size=.
 * - a CPU finds another CPU's insert of the same new key half done (the key's hash is set, its
 *   element not yet published) for more than the map's slot count of tries. Under TCG each vCPU
 *   is a host thread, and a host that deschedules the inserting one in that window makes the other
 *   give up: single events are lost, not keys. Up to one event, or RACE_DROP_LIMIT of them when
 *   that is more, are kept and the count is returned for the results to report; more are refused.
 * `what` names the lab and file for the message.
 */
export function histDrops(h: Histogram, what: string): number {
  const dropped = h.totals.dropped_count;
  if (dropped === 0) return 0;
  if (h.totals.entries_count >= h.size) {
    throw new Error(
      `${what} dropped ${dropped} event${dropped === 1 ? '' : 's'}: its map was full (${h.totals.entries_count} entries, size=${h.size}); a larger size= in the trigger keeps them`,
    );
  }
  const events = h.totals.hits_count + dropped;
  if (dropped > Math.max(1, RACE_DROP_LIMIT * events)) {
    throw new Error(
      `${what} dropped ${dropped} of ${events} events with room in its map (${h.totals.entries_count} of ${h.size} entries): ` +
        `more than the one event, or ${RACE_DROP_LIMIT * 100}% of them, that concurrent inserts of one new key can explain`,
    );
  }
  return dropped;
}
