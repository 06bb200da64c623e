import { failedRun, invariantsCheck } from '../../exercises/checker';
import type { TradeoffPoint } from '../../exercise-page/TradeoffChart';
import type { CheckContext, CheckDef, CheckOutcome, Exercise } from '../../exercises/types';


const mean = (xs: number[]): number => xs.reduce((a, x) => a + x, 0) / xs.length;
const round = (x: number, d = 1): number => Number(x.toFixed(d));

/**
 * tradeoffScore - the open exercise's score from the means over seeds: the IOPS yours gains over after, as a
 * share of @target (a fraction of after's IOPS: the mail's 3%), 0 to 1, times a latency discount: each
 * percent of p99 (a write with its fsync) beyond after's takes @p99Cost of the score away.
 */
export function tradeoffScore(
  yours: { iops: number; p99: number },
  after: { iops: number; p99: number },
  target: number,
  p99Cost: number,
): { score: number; gain: number; p99Added: number } {
  const gain = yours.iops / after.iops - 1;
  const p99Added = Math.max(0, yours.p99 / after.p99 - 1);
  const tput = Math.min(1, Math.max(0, gain / target));
  const discount = Math.max(0, 1 - p99Added * 100 * p99Cost);
  return { score: tput * discount, gain, p99Added };
}

/**
 * tradeoffCheck - yours, after and before at @params over every seed, placed on a throughput/latency chart
 * (fio's IOPS against the latency of a write with its fsync): scored by tradeoffScore, passed at @pass.
 * A run that fails (an audit, a hold past the limit, a crash) fails the check with its seed.
 */
export function tradeoffCheck(opts: { params: string; label: string; target: number; p99Cost: number; pass: number }): CheckDef {
  return {
    id: 'tradeoff',
    title: `IOPS and p99 at ${opts.label}: score 1 at ${opts.target * 100}% more IOPS than after with no p99 added; pass at ${opts.pass}`,
    async evaluate(ctx: CheckContext): Promise<CheckOutcome> {
      const points: TradeoffPoint[] = [];
      for (const seed of ctx.seeds)
        for (const variant of ['yours', 'after', 'before']) {
          const o = await ctx.runner.run({ variant, params: opts.params, seed });
          if (!o.ok) return { ...failedRun(o, `${variant}: ${o.message}`), score: 0 };
          const m = o.metrics;
          for (const k of ['fsync_iops_per_s', 'sync_write_p50_us', 'sync_write_p99_us'])
            if (m[k] === undefined) throw new Error(`lab has no metric '${k}'`);
          points.push({
            variant,
            seed,
            iops: m.fsync_iops_per_s!,
            latency_p50: m.sync_write_p50_us!,
            latency_p99: m.sync_write_p99_us!,
          });
        }
      const of = (v: string) => {
        const ps = points.filter((p) => p.variant === v);
        return { iops: mean(ps.map((p) => p.iops)), p50: mean(ps.map((p) => p.latency_p50)), p99: mean(ps.map((p) => p.latency_p99)) };
      };
      const y = of('yours');
      const a = of('after');
      const b = of('before');
      const { score, gain, p99Added } = tradeoffScore(y, a, opts.target, opts.p99Cost);
      const ms = (us: number) => `${round(us / 1000)} ms`;
      const detail =
        `means of ${ctx.seeds.length} seeds at ${opts.label}: yours ${round(y.iops)} IOPS, p99 ${ms(y.p99)}; ` +
        `after ${round(a.iops)}, ${ms(a.p99)}; before ${round(b.iops)}, ${ms(b.p99)}: ` +
        `yours ${gain >= 0 ? '+' : ''}${round(gain * 100, 2)}% IOPS against after, p99 +${round(p99Added * 100, 2)}%: ` +
        `score ${round(score, 3)} (${score >= opts.pass ? 'at least' : 'below'} ${opts.pass})`;
      return {
        pass: score >= opts.pass,
        score,
        detail,
        ...(score >= opts.pass ? {} : { params: opts.params, variant: 'yours' }),
        data: { points, means: { yours: y, after: a, before: b }, gain, p99Added, target: opts.target, p99Cost: opts.p99Cost, pass: opts.pass },
      };
    },
  };
}

/**
 * The ext4-writeback exercise, an open one: the fsync's writeback policy and the old extra pass, scored on a
 * throughput/latency chart against before and after. Configurations are small enough for the sanitizer build.
 */
export const exercise: Exercise = {
  lab: 'ext4-writeback',
  title: 'Batch fsync writeback without the latency (open)',
  mirrors: 'ext4_sync_file() and the handle loop of ext4_do_writepages() (fs/ext4/fsync.c, fs/ext4/inode.c)',
  header: 'ext4-writeback-yours.h',
  defines: ['yours_fsync_begin', 'yours_extra_pass'],
  calls: [],
  seeds: [1, 2, 3],
  open: true,
  checks: [
    // Few jobs on a small file, then many: every fsync audited, the page cache's marks and the device checked
    invariantsCheck({
      configs: [
        'jobs=2;filesize=65536;runtime_ms=500',
        'jobs=8;filesize=131072;runtime_ms=500',
        'jobs=16;filesize=262144;runtime_ms=500;kernel=1',
      ],
    }),
    // The mail's fio job (16 jobs, 16 KiB, fsync=1, 5.10's write path), the lab's 6 s with 1.2 s of warmup
    tradeoffCheck({
      params: 'jobs=16;bs_kib=16;filesize=1000000;sync=0;kernel=0;runtime_ms=6000',
      label: "the mail's fio job (16 jobs, 6 s)",
      target: 0.03,
      p99Cost: 0.05,
      pass: 0.5,
    }),
  ],
};
