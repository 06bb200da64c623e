/**
 * "name value" files: what the guest's jc_switch and jc_counters helpers
 * write (kernel-lab/guest/jc.sh), one line per runtime switch or counter
 * read from sysfs or sysctl:
 *
 *   lab_fc_dentry_scan 1
 *   lab_fc_dentry_scan_nodes 123456
 *
 * Values are whole numbers >= 0, as the lab's switches and counters are.
 */
import { expectText, LineReader, ParseError } from './common';

const FORMAT = 'counters';

/** Switch or counter values by name, in the file's order. */
export type Counters = Record<string, number>;

/** Parse a "name value" file. Throws a ParseError naming the line that does not fit. */
export function parseCounters(text: string): Counters {
  expectText(FORMAT, text, 'lines of "<name> <value>"');
  const r = new LineReader(FORMAT, text);
  const out: Counters = {};
  for (;;) {
    r.skipBlank();
    const line = r.peek();
    if (line === undefined) break;
    const fields = line.text.trim().split(/\s+/);
    if (fields.length !== 2) {
      throw new ParseError(
        FORMAT,
        line.no,
        `expected "<name> <value>", got ${fields.length} field${fields.length === 1 ? '' : 's'}: ${JSON.stringify(line.text)}`,
      );
    }
    const at = r.expect(/^\s*(\S+)\s+(\S+)\s*$/, '"<name> <value>"');
    const name = at.m[1]!;
    if (!/^[a-z][a-z0-9_]*$/.test(name)) {
      throw new ParseError(FORMAT, at.no, `name ${JSON.stringify(name)}: expected lower-case letters, digits and _`);
    }
    if (Object.prototype.hasOwnProperty.call(out, name)) {
      throw new ParseError(FORMAT, at.no, `${name} appears twice`);
    }
    out[name] = r.count(at, 2, name);
  }
  return out;
}

/**
 * Each counter's increase from `before` to `after` (two reads of the same
 * counters around a benchmark). Both must name the same counters, and none
 * may go down: a counter that did was reset or wrapped, and its increase
 * would be a lie.
 */
export function counterIncrease(before: Counters, after: Counters): Counters {
  const a = Object.keys(before);
  const b = Object.keys(after);
  const onlyBefore = a.filter((k) => !(k in after));
  const onlyAfter = b.filter((k) => !(k in before));
  if (onlyBefore.length > 0 || onlyAfter.length > 0) {
    const parts = [
      onlyBefore.length ? `only before: ${onlyBefore.join(', ')}` : '',
      onlyAfter.length ? `only after: ${onlyAfter.join(', ')}` : '',
    ].filter(Boolean);
    throw new Error(`counters: the two reads name different counters (${parts.join('; ')})`);
  }
  const out: Counters = {};
  for (const k of a) {
    const d = after[k]! - before[k]!;
    if (d < 0) throw new Error(`counters: ${k} went down from ${before[k]} to ${after[k]} (reset or wrapped)`);
    out[k] = d;
  }
  return out;
}
