/**
 * The kernel-lab parsers: every golden fixture pair (raw .txt, expected
 * .json) under fixtures/, every parser refusing the other formats, and the
 * error messages on bad input.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bucketPercentile,
  counterIncrease,
  histBuckets,
  histDrops,
  histogramStats,
  parseBtrfsCommitStats,
  parseCounters,
  parseDbench,
  parseEsShrinkerInfo,
  parseFcInfo,
  parseFio,
  parseFsmark,
  parseHist,
  parseHists,
  parseJbd2Info,
  parseStatwalk,
  ParseError,
  PARSERS,
  percentileName,
} from './index';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const fixture = (dir: string, name: string): string => readFileSync(join(FIXTURES, dir, `${name}.txt`), 'utf8');

/** The fixture folders, and in each the case names of .txt and of .json files. */
function fixtureDirs(): { dir: string; txt: string[]; json: string[] }[] {
  return readdirSync(FIXTURES)
    .filter((d) => statSync(join(FIXTURES, d)).isDirectory())
    .sort()
    .map((dir) => {
      const files = readdirSync(join(FIXTURES, dir));
      const cases = (ext: string): string[] =>
        files
          .filter((f) => f.endsWith(ext))
          .map((f) => f.slice(0, -ext.length))
          .sort();
      return { dir, txt: cases('.txt'), json: cases('.json') };
    });
}

/** Round-trip through JSON so that the comparison is of exactly what a .json file can hold. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('golden fixtures', () => {
  const dirs = fixtureDirs();

  it('has one folder per parser and a parser per folder', () => {
    expect(dirs.map((d) => d.dir)).toEqual(Object.keys(PARSERS).sort());
  });

  for (const { dir, txt, json } of dirs) {
    describe(dir, () => {
      it('holds raw/expected pairs and nothing unpaired', () => {
        expect(txt.length, `${dir} has no <case>.txt with its <case>.json`).toBeGreaterThan(0);
        expect(txt.filter((c) => !json.includes(c)), `raw outputs without an expected .json in ${dir}`).toEqual([]);
        expect(json.filter((c) => !txt.includes(c)), `expected .json without a raw output in ${dir}`).toEqual([]);
      });

      for (const name of txt.filter((c) => json.includes(c))) {
        it(`parses ${name}.txt into ${name}.json`, () => {
          const parse = PARSERS[dir];
          expect(parse, `no parser for ${dir}`).toBeDefined();
          const expected: unknown = JSON.parse(readFileSync(join(FIXTURES, dir, `${name}.json`), 'utf8'));
          expect(asJson(parse!(fixture(dir, name)))).toStrictEqual(expected);
        });
      }
    });
  }
});

describe('each parser refuses the other formats', () => {
  const dirs = fixtureDirs();
  /* commit_stats is "name value" lines, which is the counters format too */
  const alike = new Set(['counters<-btrfs-commit-stats']);
  for (const [format, parse] of Object.entries(PARSERS)) {
    it(format, () => {
      for (const { dir, txt } of dirs) {
        if (dir === format || alike.has(`${format}<-${dir}`)) continue;
        for (const name of txt) {
          expect(() => parse(fixture(dir, name)), `${format} read ${dir}/${name}.txt`).toThrow(ParseError);
        }
      }
    });
  }

  it('and refuses empty text, naming what it expected', () => {
    for (const [format, parse] of Object.entries(PARSERS)) {
      expect(() => parse(''), format).toThrow(/the text is empty; expected /);
      expect(() => parse('\n  \n'), format).toThrow(/the text is empty/);
    }
  });
});

describe('es_shrinker_info', () => {
  const text = fixture('es-shrinker-info', 'after-writes');

  it('names the line and field of a bad number', () => {
    expect(() => parseEsShrinkerInfo(text.replace('144 objects', 'many objects'))).toThrow(
      'es_shrinker_info: line 2: objects: expected a whole number >= 0, got "many"',
    );
  });

  it('wants the maximum block when inodes are on the list', () => {
    const cut = text.split('\n').slice(0, 8).join('\n');
    expect(() => parseEsShrinkerInfo(cut)).toThrow(/expected "maximum:" .* but the text ends after line 8/);
  });

  it('refuses text after the end', () => {
    expect(() => parseEsShrinkerInfo(`${text}extra\n`)).toThrow(/line 12: unexpected text after the end .*"extra"/);
  });

  it('refuses a count past 2^53', () => {
    expect(() => parseEsShrinkerInfo(text.replace('377184/4978', '18446744073709551615/4978'))).toThrow(
      /cache hits: 18446744073709551615 is larger than 9007199254740991/,
    );
  });
});

describe('fc_info', () => {
  it('names the missing line of a cut file', () => {
    const cut = fixture('fc-info', 'no-commits').split('\n').slice(0, 5).join('\n');
    expect(() => parseFcInfo(cut)).toThrow('fc_info: expected "Ineligible reasons:", but the text ends after line 5');
  });

  it('names a reason line that is not "<reason>":<TAB><n>', () => {
    const bad = fixture('fc-info', 'no-commits').replace('"Resize":\t0', '"Resize": 0');
    expect(() => parseFcInfo(bad)).toThrow(/^fc_info: line 12: expected/);
  });
});

describe('jbd2 info', () => {
  it('reads no averages before the first transaction, and wants them after', () => {
    expect(parseJbd2Info(fixture('jbd2-info', 'no-transactions')).average).toBeNull();
    expect(() => parseJbd2Info('3 transactions (1 requested), each up to 1365 blocks\n')).toThrow(
      /expected "average:" .* the text ends after line 1/,
    );
  });

  it('names the average line that is out of place', () => {
    const text = fixture('jbd2-info', 'after-dbench').replace('  0ms request delay\n', '');
    expect(() => parseJbd2Info(text)).toThrow('jbd2 info: line 4: expected "  <n>ms request delay", got "  392ms running transaction"');
  });
});

describe('btrfs commit_stats', () => {
  it("reads 6.12's four lines, without cur_commit_ms", () => {
    const text = 'commits 1323\nlast_commit_ms 15\nmax_commit_ms 71\ntotal_commit_ms 5015\n';
    expect(parseBtrfsCommitStats(text)).toEqual({
      commits_count: 1323,
      last_commit_ms: 15,
      max_commit_ms: 71,
      total_commit_ms: 5015,
      cur_commit_ms: null,
    });
  });

  it('names unknown and missing keys', () => {
    expect(() => parseBtrfsCommitStats('commits 1\nfoo_ms 2\n')).toThrow(
      'btrfs commit_stats: line 2: unknown key "foo_ms"; the keys are commits, last_commit_ms, max_commit_ms, total_commit_ms, cur_commit_ms',
    );
    expect(() => parseBtrfsCommitStats('commits 1\n')).toThrow(/missing last_commit_ms, max_commit_ms, total_commit_ms/);
  });
});

describe('counters', () => {
  it('names lines that are not "<name> <value>"', () => {
    expect(() => parseCounters('lab_a 1\nlab_b 1 2\n')).toThrow('counters: line 2: expected "<name> <value>", got 3 fields: "lab_b 1 2"');
    expect(() => parseCounters('lab_a -1\n')).toThrow('counters: line 1: lab_a: expected a whole number >= 0, got "-1"');
    expect(() => parseCounters('lab_a 1\nlab_a 2\n')).toThrow('counters: line 2: lab_a appears twice');
    expect(() => parseCounters('Lab-A 1\n')).toThrow(/name "Lab-A": expected lower-case letters, digits and _/);
  });

  it('gives the increase between two reads, refusing ones that do not pair', () => {
    const before = parseCounters(fixture('counters', 'counters-before'));
    const after = parseCounters(fixture('counters', 'counters-after'));
    expect(counterIncrease(before, after)).toEqual({ lifetime_write_kbytes: 884, session_write_kbytes: 884, errors_count: 0 });
    expect(() => counterIncrease(after, before)).toThrow(/lifetime_write_kbytes went down from 801113 to 800229/);
    expect(() => counterIncrease({ a_count: 1 }, { b_count: 1 })).toThrow(/only before: a_count; only after: b_count/);
  });
});

describe('statwalk', () => {
  const walk = fixture('statwalk', 'walk-4-threads-cold');

  it('accepts the smallest object the lab relies on', () => {
    const r = parseStatwalk('{"threads":20,"files":1000,"dirs":1000,"elapsed_s":21.581,"user_s":3.24,"sys_s":397.73}');
    expect(r.mode).toBeNull();
    expect(r.operations_count).toBeNull();
    expect(r.cpu_pct).toBeCloseTo(((3.24 + 397.73) / 21.581) * 100, 9);
  });

  it('names the field that is wrong', () => {
    expect(() => parseStatwalk(walk.replace('"threads":4', '"threads":0'))).toThrow(/^statwalk: threads: /);
    expect(() => parseStatwalk(walk.replace('"threads":4', '"threads":5'))).toThrow(
      'statwalk: per_thread_s has 4 times for 5 threads; it has one per thread',
    );
    expect(() => parseStatwalk('statwalk: thread 2: cannot open t2/')).toThrow(/^statwalk: not JSON/);
  });
});

describe('dbench', () => {
  const text = fixture('dbench', 'btrfs-2-clients');

  it('says when the table is missing', () => {
    const cut = text.slice(0, text.indexOf(' Operation'));
    expect(() => parseDbench(cut)).toThrow(/operation table .* is missing: did dbench finish\?/);
  });

  it('names a table row it cannot read', () => {
    expect(() => parseDbench(text.replace(' Flush           1160', ' Flush           many'))).toThrow(
      'dbench: line 29: Flush Count: expected a whole number >= 0, got "many"',
    );
  });

  it('keeps lines dbench printed about failures, and reads the sync flags', () => {
    const noisy = text
      .replace(
        'releasing clients\n',
        'releasing clients\n   2      4120   118.02 MB/sec  warmup   1 sec  latency 12.5 ms\n[1] open ./clients/client0/x failed for handle 9 (No such file)\n',
      )
      .replace('MB/sec  2 clients', 'MB/sec (sync open)  2 clients');
    const r = parseDbench(noisy);
    expect(r.messages).toEqual([{ line: 8, text: '[1] open ./clients/client0/x failed for handle 9 (No such file)' }]);
    expect(r.progress[0]).toEqual({ phase: 'warmup', clients_count: 2, lines_count: 4120, mb_per_s: 118.02, time_s: 1, latency_ms: 12.5 });
    expect(r.progress.filter((p) => p.phase === 'execute')).toHaveLength(4);
    expect(r.sync_open).toBe(true);
    expect(r.sync_dirs).toBe(false);
  });
});

describe('fs_mark', () => {
  const text = fixture('fsmark', 's5-one-thread');

  it("stops at fs_mark's own error lines", () => {
    expect(() => parseFsmark(`${text}fs_mark: fsync failed /mnt/x No space left on device\n`)).toThrow(
      /line 14: fs_mark reported an error: "fs_mark: fsync failed/,
    );
  });

  it('names a row with the wrong number of columns, and a table with no rows', () => {
    expect(() => parseFsmark(text.replace('            0        210.0', '        210.0'))).toThrow(
      /line 12: a table row has 5 numbers .* got 4/,
    );
    const head = text.slice(0, text.indexOf('    14          200'));
    expect(() => parseFsmark(head)).toThrow('fs_mark: the table has no rows: did fs_mark finish a loop?');
  });

  it('wants the header it reads the run from', () => {
    expect(() => parseFsmark(text.replace(/^#\tFiles info.*\n/m, ''))).toThrow(/the header lacks "# Files info: \.\.\."/);
  });
});

describe('fio', () => {
  const text = fixture('fio', 'randwrite-fsync-2-jobs');

  it('wants the JSON output', () => {
    expect(() => parseFio('t: (g=0): rw=randwrite, bs=(R) 16.0KiB-16.0KiB\n')).toThrow(
      'fio: no JSON object (a line "{" ... a line "}"): run fio with --output-format=json',
    );
  });

  it('names the line where the JSON breaks', () => {
    const lines = text.split('\n');
    lines[9] = '      "eta" : ,';
    expect(() => parseFio(lines.join('\n'))).toThrow(/^fio: line 10: the JSON object does not parse \(.*\): "      \\"eta\\" : ,"$/);
  });

  it('names the field that is not fio 3 output', () => {
    expect(() => parseFio(text.replace('"iops" : 0.000000,', '"iops" : "none",'))).toThrow(
      /^fio: not fio 3 JSON output: jobs\.0\.read\.iops: /,
    );
  });

  it('names percentiles p<n>', () => {
    expect(percentileName('99.900000')).toBe('p99_9');
    expect(percentileName('50.000000')).toBe('p50');
    expect(percentileName('99.990000')).toBe('p99_99');
  });
});

describe('tracefs hist', () => {
  /* the recorded events the hist fixtures were made from, counted independently of the parser */
  const events = readFileSync(join(FIXTURES, 'tracefs-hist', 'source', 'ext4_writepages_result.tsv'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split('\t'))
    .map(([, , pages, n]) => ({ pages: Number(pages), n: Number(n) }));
  const total = events.reduce((a, e) => a + e.n, 0);
  const mean = events.reduce((a, e) => a + e.pages * e.n, 0) / total;
  const sorted = events.flatMap((e) => Array<number>(e.n).fill(e.pages)).sort((a, b) => a - b);
  const rank = (p: number): number => sorted[Math.ceil((p / 100) * total) - 1]!;

  it('gives exact statistics for a plain numeric key', () => {
    const s = histogramStats(parseHist(fixture('tracefs-hist', 'pages-written')));
    expect(s.exact).toBe(true);
    expect(s.samples_count).toBe(total);
    expect(s.mean).toBeCloseTo(mean, 12);
    expect(s.min).toBe(sorted[0]);
    expect(s.max).toBe(sorted[sorted.length - 1]);
    expect(s.percentiles).toEqual({ p50: rank(50), p90: rank(90), p99: rank(99), p99_9: rank(99.9) });
  });

  it('brackets the exact figures with log2 and 2-page buckets', () => {
    for (const name of ['pages-written-log2', 'pages-written-buckets']) {
      const h = parseHist(fixture('tracefs-hist', name));
      const s = histogramStats(h);
      expect(s.exact).toBe(false);
      expect(s.samples_count).toBe(total);
      for (const p of [50, 90, 99]) {
        const upper = s.percentiles[`p${p}`]!;
        expect(upper).toBeGreaterThanOrEqual(rank(p));
        /* the bucket's upper end: within one bucket of the exact value */
        const bucket = histBuckets(h).find((b) => b.max === upper)!;
        expect(rank(p)).toBeGreaterThanOrEqual(bucket.min);
      }
      expect(Math.abs(s.mean - mean)).toBeLessThan(name.endsWith('log2') ? 2 : 0.5);
    }
  });

  it('reads keys with their names and vals beside hitcount', () => {
    const h = parseHist(fixture('tracefs-hist', 'execname-vals'));
    const sum = h.entries.reduce((a, e) => a + (e.values.pages_written ?? 0), 0);
    expect(sum).toBe(events.reduce((a, e) => a + e.pages * e.n, 0));
    expect(() => histogramStats(h, 'pages_written')).toThrow('hist: no key "pages_written"; the keys are common_pid');
  });

  it('reads several histograms, and parseHist insists on one', () => {
    const two = `${fixture('tracefs-hist', 'pages-written')}\n\n${fixture('tracefs-hist', 'pages-written-log2')}`;
    expect(parseHists(two).map((h) => h.keys[0]!.modifier)).toEqual([null, 'log2']);
    expect(() => parseHist(two)).toThrow('hist: 2 histograms in the file; read it with parseHists');
  });

  it('says when the file is cut short or has keys it cannot read', () => {
    const text = fixture('tracefs-hist', 'pages-written-log2');
    const cut = text.replace('{ pages_written: ~ 2^6  } hitcount:          1\n', '');
    expect(() => parseHist(cut)).toThrow('hist: line 15: Entries: 7, but 6 entries are listed: is the file cut short?');
    expect(() => parseHist(text.replace('~ 2^3 ', '~ 8   '))).toThrow(
      'hist: line 9: key pages_written.log2: expected "~ 2^<k>", got "~ 8"',
    );
    const stack = text.replace('keys=pages_written.log2', 'keys=common_stacktrace,pages_written.log2');
    expect(() => parseHist(stack)).toThrow('hist: line 3: trigger info: a stack-trace key is read only as the last key');
    expect(() => parseHist('# event histogram\n#\n# trigger info: hist:keys=x:vals=hitcount:sort=hitcount:size=2048\n')).toThrow(
      /end in " \[active\]" or " \[paused\]"/,
    );
  });

  it('reads symbol keys and stack traces, one frame per line', () => {
    const locks = readFileSync(join(FIXTURES, 'tracefs-hist', 'source', 'lock_contention_begin.tsv'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split('\t'))
      .map(([addr, flags, stack, n]) => ({ addr: addr!, flags: Number(flags), frames: stack ? stack.split(';') : [], n: Number(n) }));
    const [byLock, byStack] = parseHists(fixture('tracefs-hist', 'lock-contention-two-triggers'));
    const hits = locks.reduce((a, e) => a + e.n, 0);
    for (const h of [byLock!, byStack!]) {
      expect(h.totals.hits_count).toBe(hits);
      expect(h.entries.reduce((a, e) => a + e.hitcount!, 0)).toBe(hits);
    }
    const top = byLock!.entries[0]!;
    const addr = top.key.lock_addr as { kind: string; address: string; symbol: string };
    expect(addr.kind).toBe('symbol');
    expect(addr.symbol).toBe(`0x${addr.address}`);
    expect(top.hitcount).toBe(locks.filter((e) => e.addr === addr.address && e.flags === 1).reduce((a, e) => a + e.n, 0));
    const stacks = byStack!.entries.map((e) => e.key.common_stacktrace as { kind: string; frames: string[] });
    expect(stacks.every((s) => s.kind === 'stack' && s.frames.length <= 16)).toBe(true);
    expect(stacks.some((s) => s.frames.length === 0)).toBe(true);
    const first = stacks[0]!.frames.join(';');
    expect(byStack!.entries[0]!.hitcount).toBe(locks.filter((e) => e.frames.slice(0, 16).join(';') === first).reduce((a, e) => a + e.n, 0));
    expect(() => histogramStats(byStack!)).toThrow('hist: key "common_stacktrace" is a stack, not a number');
  });

  it('says when a stack-trace entry is not closed', () => {
    const text = fixture('tracefs-hist', 'lock-contention-two-triggers');
    const second = text.slice(text.indexOf('# event histogram', 10));
    const cut = second.slice(0, second.indexOf('} hitcount:'));
    expect(() => parseHist(cut)).toThrow('hist: line 6: the stack-trace entry has no closing "} hitcount: <n>" line');
  });

  it('reads a histogram with no entries', () => {
    const empty =
      '# event histogram\n#\n# trigger info: hist:keys=pages_written:vals=hitcount:sort=hitcount:size=2048 [paused]\n#\n\n\nTotals:\n    Hits: 0\n    Entries: 0\n    Dropped: 0\n';
    const h = parseHist(empty);
    expect(h.entries).toEqual([]);
    expect(h.paused).toBe(true);
    expect(() => histogramStats(h)).toThrow('hist: the histogram has no samples');
  });

  it('keeps a histogram that lost single events to the insert race, and refuses a full map or too many lost', () => {
    const hist = (size: number, entries: number, hits: number, dropped: number) => {
      const lines = Array.from({ length: entries }, (_, i) => `{ pages_written: ${String(i).padStart(10)} } hitcount: ${String(i === 0 ? hits - (entries - 1) : 1).padStart(10)}`);
      return parseHist(
        `# event histogram\n#\n# trigger info: hist:keys=pages_written:vals=hitcount:sort=pages_written:size=${size} [active]\n#\n\n` +
          `${lines.join('\n')}\n\nTotals:\n    Hits: ${hits}\n    Entries: ${entries}\n    Dropped: ${dropped}\n`,
      );
    };
    expect(histDrops(hist(2048, 15, 5250, 0), 'w')).toBe(0);
    /* the CI run's case: 1 lost of thousands, 15 of 2,048 entries used */
    expect(histDrops(hist(2048, 15, 5250, 1), 'w')).toBe(1);
    expect(histDrops(hist(2048, 3, 99, 1), 'w')).toBe(1);
    /* one lost of a few: the race's signature */
    expect(histDrops(hist(2048, 1, 8, 1), 'w')).toBe(1);
    expect(histDrops(hist(2048, 3, 198, 2), 'w')).toBe(2);
    expect(() => histDrops(hist(2048, 3, 98, 2), 'w: f.txt')).toThrow(
      'w: f.txt dropped 2 of 100 events with room in its map (3 of 2048 entries): more than the one event, or 1% of them, that concurrent inserts of one new key can explain',
    );
    expect(() => histDrops(hist(2048, 1, 7, 2), 'w')).toThrow('w dropped 2 of 9 events');
    expect(() => histDrops(hist(4, 4, 100, 1), 'w: f.txt')).toThrow(
      'w: f.txt dropped 1 event: its map was full (4 entries, size=4); a larger size= in the trigger keeps them',
    );
  });

  it('takes nearest-rank percentiles over buckets', () => {
    const buckets = [
      { min: 0, max: 1, count: 50 },
      { min: 2, max: 3, count: 49 },
      { min: 4, max: 5, count: 1 },
    ];
    expect(bucketPercentile(buckets, 50)).toBe(1);
    expect(bucketPercentile(buckets, 51)).toBe(3);
    expect(bucketPercentile(buckets, 99)).toBe(3);
    expect(bucketPercentile(buckets, 100)).toBe(5);
    expect(() => bucketPercentile(buckets, 0)).toThrow(/outside \(0, 100\]/);
  });
});

describe('the fixtures README', () => {
  it('describes every fixture folder', () => {
    const readme = join(FIXTURES, 'README.md');
    expect(existsSync(readme)).toBe(true);
    const text = readFileSync(readme, 'utf8');
    for (const dir of Object.keys(PARSERS)) expect(text, dir).toContain(`\`${dir}\``);
  });
});
