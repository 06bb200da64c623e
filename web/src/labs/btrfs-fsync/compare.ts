/**
 * The page's tables, their pure half: dbench's operation table of the mail
 * beside the simulator's, the clients sweep by variant, and how much of the
 * mail's change (seven patches) the one patch the model has accounts for.
 */
import { changePct } from '../../../../lib/compare';
import { mailChangeOf, mailFigure, mailFigures } from '../../../../lib/mails';
import type { Verdict } from '../../../../lib/verdict';
import { seedVerdict, type SweepResult } from '../../core/sweep';
import type { Spread } from '../../core/stats';

/** The clients counts the mail ran. */
export const MAIL_CLIENTS = mailFigures('btrfs-fsync', { metric: 'throughput_mb_s', variant: 'before' }).map((f) => f.where.clients!);

/** The mail's run closest to a clients count (the nearer on a log scale). */
export function nearestMailClients(clients: number): string {
  let best = MAIL_CLIENTS[0]!;
  for (const c of MAIL_CLIENTS)
    if (Math.abs(Math.log(Number(c) / clients)) < Math.abs(Math.log(Number(best) / clients))) best = c;
  return best;
}

/** dbench's operations in the order its table prints them, but Flush (the mail's flush_* figures) */
export const BTRFS_FSYNC_OP_NAMES = ['NTCreateX', 'Close', 'Rename', 'Unlink', 'Deltree', 'Mkdir', 'Qpathinfo', 'Qfileinfo', 'Qfsinfo', 'Sfileinfo', 'Find', 'WriteX', 'ReadX', 'LockX', 'UnlockX'] as const;

/** dbench's operations as its table prints them, Flush last. */
export const DBENCH_OPS = [...BTRFS_FSYNC_OP_NAMES, 'Flush'] as const;

/** The metric names of one operation's three columns (Flush's are the mail's flush_*). */
export function opMetrics(op: string): { count: string; avg: string; max: string } {
  if (op === 'Flush') return { count: 'flush_count', avg: 'flush_avg_ms', max: 'flush_max_ms' };
  const o = op.toLowerCase();
  return { count: `op_${o}_count`, avg: `op_${o}_avg_ms`, max: `op_${o}_max_ms` };
}

export interface OpCells {
  /** the operation's share of all operations, [0, 1] */
  share: number | null;
  avg: number | null;
  max: number | null;
}

export interface OpRow {
  op: string;
  /** the model runs it (Deltree and Mkdir it leaves out: 256 and 128 of millions in the mail) */
  modelled: boolean;
  mail: { before: OpCells; after: OpCells };
  /** per shown variant, from its run's metrics; null where the run has no such operation */
  sim: Record<string, OpCells | null>;
}

function cells(get: (metric: string) => number | undefined, op: string, total: number): OpCells {
  const m = opMetrics(op);
  const count = get(m.count);
  return {
    share: count !== undefined && total > 0 ? count / total : null,
    avg: get(m.avg) ?? null,
    max: get(m.max) ?? null,
  };
}

/** The mail's table at `clients` beside the given runs' (metrics by variant). */
export function opsTable(clients: string, runs: Readonly<Record<string, Readonly<Record<string, number>> | undefined>>): OpRow[] {
  const mailGet = (variant: string) => (metric: string) => mailFigure('btrfs-fsync', { metric, variant, where: { clients } })?.value;
  const mailTotal = (variant: string) => DBENCH_OPS.reduce((a, op) => a + (mailGet(variant)(opMetrics(op).count) ?? 0), 0);
  const simTotal = (m: Readonly<Record<string, number>>) => DBENCH_OPS.reduce((a, op) => a + (m[opMetrics(op).count] ?? 0), 0);
  return DBENCH_OPS.map((op) => {
    const modelled = op !== 'Deltree' && op !== 'Mkdir';
    const sim: Record<string, OpCells | null> = {};
    for (const [v, m] of Object.entries(runs))
      sim[v] = m && modelled && m[opMetrics(op).count] !== undefined ? cells((k) => m[k], op, simTotal(m)) : null;
    return {
      op,
      modelled,
      mail: {
        before: cells(mailGet('before'), op, mailTotal('before')),
        after: cells(mailGet('after'), op, mailTotal('after')),
      },
      sim,
    };
  });
}

/** The four figures the mail and the sweep compare, with their words. */
export const HEADLINE_METRICS = [
  { metric: 'throughput_mb_s', label: 'throughput', unit: 'MB/s', better: 'higher' },
  { metric: 'max_latency_ms', label: 'max latency', unit: 'ms', better: 'lower' },
  { metric: 'flush_avg_ms', label: 'Flush average', unit: 'ms', better: 'lower' },
  { metric: 'flush_max_ms', label: 'Flush maximum', unit: 'ms', better: 'lower' },
] as const;

export interface ClientsRow {
  clients: number;
  /** a spread over seeds, by metric then variant */
  values: Record<string, Record<string, Spread | undefined>>;
}

/** The sweep's points by clients, ascending, with the headline metrics' spreads per variant. */
export function clientsRows(sweep: SweepResult): ClientsRow[] {
  return sweep.rows
    .map((r) => ({
      clients: Number(r.params.clients),
      values: Object.fromEntries(
        HEADLINE_METRICS.map(({ metric }) => [
          metric,
          Object.fromEntries(sweep.variants.map((v) => [v, r.runs[v]?.ranges[metric]])),
        ]),
      ),
    }))
    .sort((a, b) => a.clients - b.clients);
}

export interface ExplainRow {
  clients: string;
  metric: string;
  label: string;
  /** the change the mail measured over all seven patches, % */
  mail: number | undefined;
  /** the simulator's change from before to after, seed paired with seed, its 95% interval and its verdict against the mail's */
  verdict: Verdict;
  /**
   * the simulator's change over the mail's, both in %, where the change is clear of the noise and goes the mail's way:
   * the part of the mail's change this patch accounts for; null otherwise
   */
  share: number | null;
}

/** For each of the mail's rows the sweep ran: the mail's change beside the simulator's, metric by metric. */
export function explainRows(sweep: SweepResult, before = 'before', after = 'after'): ExplainRow[] {
  const out: ExplainRow[] = [];
  for (const c of MAIL_CLIENTS) {
    const row = sweep.rows.find((r) => r.paper !== null && String(r.params.clients) === c);
    if (!row) continue;
    for (const { metric, label } of HEADLINE_METRICS) {
      const mb = mailFigure('btrfs-fsync', { metric, variant: 'before', where: { clients: c } })?.value;
      const ma = mailFigure('btrfs-fsync', { metric, variant: 'after', where: { clients: c } })?.value;
      const mail = changePct(mb, ma);
      const verdict = seedVerdict(row.runs[before], row.runs[after], metric, mailChangeOf('btrfs-fsync', metric, { clients: c }) ?? null);
      const clear = verdict.kind === 'as the mail' || verdict.kind === 'weaker than the mail' || verdict.kind === 'stronger than the mail';
      const share = clear && mail !== undefined && mail !== 0 ? ((verdict.ratio - 1) * 100) / mail : null;
      out.push({ clients: c, metric, label, mail, verdict, share });
    }
  }
  return out;
}
