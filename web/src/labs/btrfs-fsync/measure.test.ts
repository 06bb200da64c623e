/**
 * The measurements on record: how they are made (seed paired, each pair's
 * verdict its values'), that the page and the docs read the newest, and the
 * unpin cost up to which the questions follow the page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tryVerdict } from '../../../../lib/verdict';
import { docsTables, DOCS_MARKERS, findPairs, lessonUnpinMax, mailChange, measure, pairOf, UNPIN_NS, withDocsTables, type Measured } from './measure';
import { MEASURED, MEASURED_DAY } from './measured';
import { UNPIN_NS_MAX } from './questions';

const HERE = dirname(fileURLToPath(import.meta.url));
const DOCS = resolve(HERE, '../../../../docs/labs/btrfs-fsync.md');

describe('measure', () => {
  /* a run whose every metric is its seed, plus 1 after the patch, plus the unpin cost in us */
  const fake = (variant: string, params: Record<string, number | string>, seed: number) =>
    new Proxy({}, { get: () => seed + (variant === 'before' ? 0 : 1) + Number(params.unpin_ns ?? 0) / 1000 }) as Record<string, number>;

  it('pairs each seed with itself, and holds the mail rows to the mail', () => {
    const m = measure(fake, [1, 2, 3]);
    const tput = findPairs(m, 'figures', { metric: 'throughput_mb_s', sides: ['before', 'after'], params: { clients: 32 } });
    expect(tput).toHaveLength(1);
    expect(tput[0]!.before).toEqual([1, 2, 3]);
    expect(tput[0]!.after).toEqual([2, 3, 4]);
    expect(tput[0]!.verdict.mail).toBeCloseTo(1049.91 / 1008.02, 9);
    /* a held-out count has no mail figure */
    expect(findPairs(m, 'figures', { metric: 'throughput_mb_s', params: { clients: 40 } })[0]!.verdict.mail).toBeNull();
    const u = findPairs(m, 'unpin', { metric: 'commit_avg_ms', sides: ['before', 'after'], params: { setup: 'mail', unpin_ns: 17000 } })[0]!;
    expect(u.before).toEqual([18, 19, 20]);
  });

  it('refuses a study it does not have, naming those it has', () => {
    expect(() => findPairs({ seeds: [1], studies: [{ id: 'a', question: '', pairs: [] }] }, 'b', {})).toThrow(/no study "b".*studies: a/);
  });

  it('finds where the lesson stops holding as the unpin grows', () => {
    const at = (u: number, commitUp: boolean) => [
      pairOf({ setup: 's', unpin_ns: u }, ['before', 'after'], 'commit_avg_ms', [10, 10, 10], commitUp ? [12, 12.5, 13] : [10, 10.1, 9.9], null),
      pairOf({ setup: 's', unpin_ns: u }, ['before', 'after'], 'throughput_mb_s', [10, 11, 12], [10, 11, 12], null),
    ];
    const m = (up: number): Measured => ({ seeds: [1, 2, 3], studies: [{ id: 'unpin', question: '', pairs: UNPIN_NS.flatMap((u) => at(u, u >= up)) }] });
    expect(lessonUnpinMax(m(6800), 's')).toBe(3400);
    expect(lessonUnpinMax(m(1700), 's')).toBe(0);
    expect(lessonUnpinMax(m(1e9), 's')).toBe(UNPIN_NS[UNPIN_NS.length - 1]);
    expect(() => lessonUnpinMax(m(0), 's')).toThrow(`does not hold at s even at unpin_ns=${UNPIN_NS[0]}`);
  });

  it('refuses docs without their markers', () => {
    expect(() => withDocsTables('# x', 't')).toThrow(`docs/labs/btrfs-fsync.md lacks the marker ${DOCS_MARKERS.begin}`);
  });
});

describe('the measurements on record', () => {
  it('are the newest day on file, ten seeds or more', () => {
    const days = readdirSync(join(HERE, 'measured')).filter((f) => /^\d{4}-\d{2}-\d{2}\.json$/.test(f)).sort();
    expect(`${MEASURED_DAY.date}.json`).toBe(days[days.length - 1]);
    expect(MEASURED.seeds.length).toBeGreaterThanOrEqual(10);
  });

  it("hold each pair's verdict to its own values and the mail's change", () => {
    for (const s of MEASURED.studies)
      for (const p of s.pairs) {
        const v = tryVerdict(p.before, p.after, p.verdict.mail === null ? null : { ratio: p.verdict.mail });
        expect(p.verdict.kind, `${s.id} ${p.metric} ${JSON.stringify(p.params)}`).toBe(v.kind);
        if (Number.isFinite(v.ratio)) expect(p.verdict.ratio).toBeCloseTo(v.ratio, 12);
        if (p.verdict.mail !== null && typeof p.params.clients === 'number' && p.sides[1] === 'after' && s.id === 'figures')
          expect(p.verdict.mail).toBe(mailChange(p.metric, p.params.clients));
      }
  });

  it('stand in the docs as their tables', () => {
    const doc = readFileSync(DOCS, 'utf8');
    expect(withDocsTables(doc, docsTables(MEASURED))).toBe(doc);
  });

  it('bound the unpin cost the questions follow at one the default does not pass', () => {
    expect(UNPIN_NS_MAX).toBeGreaterThanOrEqual(1700);
  });
});
