/**
 * What shared code reads of a lab without loading its page: each lab's
 * web/src/labs/<id>/lab.ts exports a LabFace (registry.gen.ts lists them,
 * read by the page, the workers and the CLI) and its card.ts a LabCard
 * (pages.gen.ts, read by the home page alone).
 */
import type { LabRules } from '../core/chromeTrace';
import type { DivergenceRule } from '../core/divergence';
import type { Lesson } from '../core/lesson';
import type { SimulatorMetric } from '../viz/kernel/simulatorMetrics';

/** A lab's card on the home page. */
export interface LabCard {
  title: string;
  /** one line: what the patch changes */
  change: string;
  /** the figure the lab reproduces, written around the mail's figures (lib/mails.ts) */
  headline(): string;
}

/**
 * What the project's benchmark (bench/, `npm run bench`) measures of a lab beyond its paper runs' speed, in
 * its web/src/labs/<id>/bench.ts (optional: a lab without one is not timed). The first lab with one is the
 * benchmark's own (its sweep, its page, its targets), the second is timed beside it for its rate of work.
 */
export interface LabBench {
  /** the lab's own count of work in its metrics, what one unit is for the table ("nodes walked"), and the variants that do it */
  work: { metric: string; what: string; variants: readonly string[] };
  /** a run of more than 100 million steps for the animation at scale (bench/scale.ts): its variant, its parameters, and what they are */
  scale?: { variant: string; params: Readonly<Record<string, number>>; what: string };
}

export interface LabFace {
  /** what the patch changed, shown first: the variants compared, the moments, the mail's headline, where to look */
  lesson: Lesson;
  /** what the lab's own steps mean in a Chrome trace; the kinds and argument names are those of its C table */
  trace: LabRules;
  /**
   * A small configuration, for the long-session tests (the page's and Node's): each parameter drawn from
   * [min, max], so that 300 runs take seconds, not hours. A parameter not named keeps its default.
   */
  small: Readonly<Record<string, [number, number]>>;
  /**
   * A small run for the engine's own tests, as the C tests (test_advance.c) run it, some thousands of
   * steps: its parameters, the variant an open run is advanced in, and two variants stepped in turns.
   */
  engineRun: { params: Readonly<Record<string, number>>; variant: string; pair: readonly [string, string] };
  /**
   * How many seeds the page's sweep runs every point with: as many as fit the page's 5 s, measured (at least
   * two, the fewest the verdict's interval takes); the command line runs core/sweep.ts's SWEEP_SEEDS.
   */
  sweepSeeds: number;
  /**
   * The simulator metric a kernel result key names where the names differ (fs_mark's files_per_s is the
   * model's creates_per_s), with the parameter the key names; null where the key is the model's own name.
   */
  kernelMetric?(key: string): SimulatorMetric | null;
  /**
   * What makes two runs differ (the animation's "first divergence"): the step kinds compared and, per kind,
   * the fields that are noise. Absent: every step of the lab's own kinds by its task, a and b.
   */
  divergence?: DivergenceRule;
}
