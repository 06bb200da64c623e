/**
 * `journalclub kernel run <lab> --variant before|after`: boot the lab kernel in
 * QEMU with the lab's switch set, run the mail's benchmark in the guest,
 * and turn what the guest wrote into one results file:
 *
 *   kernel-lab/results/<lab>/<time>-<variant>.json           (KernelResult)
 *   kernel-lab/results/<lab>/<time>-<variant>.reproduce.sh   the same run again
 *   kernel-lab/results/<lab>/<time>-<variant>/               console.log, qemu.txt, raw/
 *
 * The boot itself is kernel-lab/guest/run-qemu.sh, the script the bundle
 * ships, so that a run from the checkout and a run from a bundle are the
 * same run.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { cpus, hostname } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LabError, UsageError } from '../errors';
import { KERNEL_LAB_SPECS } from '../../kernel-lab/labs.gen';
import {
  KERNEL_LABS,
  KernelResult,
  PROFILES,
  type BootTiming,
  VARIANTS,
  type KernelLab,
  type KernelProfile,
  type KernelVariant,
  type Metrics,
} from '../../lib/kernel-results';
import { currentKernel, staleKernelNote } from './build';
import { ingestHostRun } from './host-run';
import { buildImage, currentImage } from './image';
import { imageCache, KERNEL_LAB_DIR, kernelCache, REPO_ROOT, RESULTS_DIR, workloadDir } from './paths';
import { formatCommand, runCommand, type Command } from './proc';
import { StepProgress } from './progress';

export interface RunOptions {
  variant: string;
  profile?: string;
  smp?: string;
  mem?: string;
  timeout?: string;
  accel?: string;
  /** directory for the results (default kernel-lab/results/<lab>) */
  out?: string;
}

export interface LabRun {
  json: string;
  dir: string;
  result: KernelResult;
}

const int = (text: string | undefined, name: string, min: number, max: number, def: number): number => {
  if (text === undefined) return def;
  if (!/^\d+$/.test(text)) throw new UsageError(`${name} must be an integer from ${min} to ${max}, got '${text}'`);
  const n = Number(text);
  if (n < min || n > max) throw new UsageError(`${name} must be from ${min} to ${max}, got ${n}`);
  return n;
};

export function checkLab(lab: string): KernelLab {
  if (!(KERNEL_LABS as readonly string[]).includes(lab)) {
    throw new UsageError(`unknown lab '${lab}': one of ${KERNEL_LABS.join(', ')}`);
  }
  return lab as KernelLab;
}

export interface RunPlan {
  lab: KernelLab;
  variant: KernelVariant;
  profile: KernelProfile;
  smp: number;
  memMib: number;
  timeoutS: number;
  accel: 'auto' | 'kvm' | 'tcg';
}

/**
 * repeatOrder - the variants to boot, in order, for --variant and --repeat: "both" alternates before and
 * after (ABAB), so that a drift of a shared host falls on both; the default is 3 repeats of both at the
 * quick profile, 1 otherwise.
 */
export function repeatOrder(variant: string, repeat: string | undefined, profile: string): KernelVariant[] {
  if (variant !== 'both' && !(VARIANTS as readonly string[]).includes(variant))
    throw new UsageError(`--variant must be before, after or both, got '${variant.slice(0, 40)}'`);
  const n = int(repeat, '--repeat', 1, 20, variant === 'both' && profile === 'quick' ? 3 : 1);
  const one: KernelVariant[] = variant === 'both' ? ['before', 'after'] : [variant as KernelVariant];
  return Array.from({ length: n }, () => one).flat();
}

/** Check a run's options; every refusal names the option and what it allows. */
export function planRun(lab: string, opts: RunOptions): RunPlan {
  const checked = checkLab(lab);
  if (!(VARIANTS as readonly string[]).includes(opts.variant)) {
    throw new UsageError(`--variant must be before or after, got '${opts.variant}'`);
  }
  const profile = opts.profile ?? 'quick';
  if (!(PROFILES as readonly string[]).includes(profile)) {
    throw new UsageError(`--profile must be quick or paper, got '${profile}'`);
  }
  const accel = opts.accel ?? 'auto';
  if (!['auto', 'kvm', 'tcg'].includes(accel)) throw new UsageError(`--accel must be auto, kvm or tcg, got '${accel}'`);
  return {
    lab: checked,
    variant: opts.variant as KernelVariant,
    profile: profile as KernelProfile,
    smp: int(opts.smp, '--smp', 1, 64, 2),
    memMib: int(opts.mem, '--mem', 512, 65536, 1024),
    timeoutS: int(opts.timeout, '--timeout', 10, 86400, profile === 'quick' ? 180 : 3600),
    accel: accel as RunPlan['accel'],
  };
}

/** "NAME VALUE" lines. */
export function nameValues(text: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of (text ?? '').split('\n')) {
    const m = /^(\S+)\s+(-?\d+)\s*$/.exec(line.trim());
    if (m) out[m[1]] = Number(m[2]);
  }
  return out;
}

/** "key=value" lines; numbers stay numbers. */
export function keyValues(text: string | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const line of (text ?? '').split('\n')) {
    const i = line.indexOf('=');
    if (i <= 0) continue;
    const key = line.slice(0, i).trim();
    const value = line.slice(i + 1).trim();
    out[key] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return out;
}

/** Every text file under @dir, by path relative to it. */
export function readRaw(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (st.size <= 8 << 20) out[relative(dir, p)] = readFileSync(p, 'utf8');
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

type LabMetrics = (raw: Record<string, string>) => Metrics;

export async function loadLabMetrics(lab: KernelLab): Promise<LabMetrics> {
  const path = join(workloadDir(lab), 'parse.ts');
  if (!existsSync(path)) throw new LabError(`${path} is missing: the lab has no parser for its guest's output`);
  const mod = (await import(pathToFileURL(path).href)) as { labMetrics?: LabMetrics };
  if (typeof mod.labMetrics !== 'function') throw new LabError(`${path} does not export labMetrics(raw)`);
  return mod.labMetrics;
}

function osName(): string {
  try {
    const m = /^PRETTY_NAME="?([^"\n]*)"?/m.exec(readFileSync('/etc/os-release', 'utf8'));
    if (m) return m[1];
  } catch {
    /* not Linux */
  }
  return process.platform;
}

function cpuModel(): string {
  return cpus()[0]?.model?.trim() || 'unknown';
}

const read = (path: string): string | undefined => (existsSync(path) ? readFileSync(path, 'utf8').trim() : undefined);

/** A file holding one non-negative number of seconds, or undefined when it is missing or holds something else. */
function secondsFile(path: string): number | undefined {
  const text = read(path);
  if (text === undefined || !/^\d+(\.\d+)?$/.test(text)) return undefined;
  return Number(text);
}

/**
 * The boot's stages as run-qemu.sh stamped them on the host (init_s,
 * bench_start_s, wall_s: seconds from QEMU's start) beside the guest's own
 * uptime at /init (raw/boot_s). A run directory from an older run-qemu.sh
 * has none of the stamps: then there is no boot timing at all.
 */
export function bootTiming(dir: string, raw: Record<string, string>, wallS: number): BootTiming | undefined {
  const toInit = secondsFile(join(dir, 'init_s'));
  const toBench = secondsFile(join(dir, 'bench_start_s'));
  if (toInit === undefined && toBench === undefined) return undefined;
  const guest = raw['boot_s']?.trim();
  return {
    ...(toInit !== undefined && { to_init_s: toInit }),
    ...(toBench !== undefined && { to_bench_s: toBench }),
    to_poweroff_s: wallS,
    ...(guest && /^\d+(\.\d+)?$/.test(guest) && { guest_init_uptime_s: Number(guest) }),
  };
}

/**
 * Build the results of a finished guest run from its directory (what
 * run-qemu.sh left there). Exported for `kernel ingest`, which does the same
 * for a run made from a bundle.
 */
export async function resultFromRunDir(
  dir: string,
  plan: Pick<RunPlan, 'lab' | 'variant' | 'profile' | 'smp' | 'memMib'>,
  startedAt: string,
): Promise<KernelResult> {
  const raw = readRaw(join(dir, 'raw'));
  const spec = KERNEL_LAB_SPECS[plan.lab];
  const metrics = (await loadLabMetrics(plan.lab))(raw);
  const before = nameValues(raw['counters-before.txt']);
  const after = nameValues(raw['counters-after.txt']);
  const counters: Record<string, number> = {};
  for (const c of spec.counters) {
    if (!(c.name in after)) throw new LabError(`the guest did not report counter ${c.name} (raw/counters-after.txt)`);
    counters[c.name] = Math.max(0, after[c.name] - (before[c.name] ?? 0));
  }
  const qemu = read(join(dir, 'qemu.txt')) ?? '';
  const wallS = Number(read(join(dir, 'wall_s')) ?? 0);
  const accel = read(join(dir, 'accel'));
  /* none: a host-run, no QEMU (./host-run.ts adds where it ran) */
  if (accel !== 'kvm' && accel !== 'tcg' && accel !== 'none') throw new LabError(`${join(dir, 'accel')} does not say kvm, tcg or none`);
  const result = {
    schema: 'journalclub.kernel-result/1' as const,
    lab: plan.lab,
    variant: plan.variant,
    profile: plan.profile,
    started_at: startedAt,
    wall_s: wallS,
    boot: bootTiming(dir, raw, wallS),
    host: {
      hostname: hostname(),
      os: osName(),
      cpus: cpus().length,
      cpu_model: cpuModel(),
      qemu: qemu.split('\n')[0] ?? '',
    },
    accelerator: accel,
    accelerator_reason: read(join(dir, 'accel_reason')) ?? '',
    guest: {
      smp: plan.smp,
      mem_mib: plan.memMib,
      kernel_release: raw['uname-r.txt']?.trim() ?? '',
      kernel_version: raw['uname-v.txt']?.trim() ?? '',
    },
    switches: nameValues(raw['switches.txt']),
    counters,
    parameters: keyValues(raw['parameters.txt']),
    scaled: (raw['scaled.txt'] ?? '')
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
    metrics,
    raw,
  };
  const checked = KernelResult.safeParse(result);
  if (!checked.success) {
    const first = checked.error.issues[0];
    throw new LabError(`the run's results do not fit the schema: ${first.path.join('.')}: ${first.message}`);
  }
  return checked.data;
}

/**
 * runQemuReason - the reason run-qemu.sh gave for a failed run (its last line
 * that is not progress), as " (reason)", or null.
 */
export function runQemuReason(lines: string[]): string | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /^run-qemu\.sh: (.*)$/.exec(lines[i].trim());
    if (m && !/^(logs in|accelerator|booting) /.test(m[1])) return ` (${m[1]})`;
  }
  return null;
}

/**
 * writeResult - @result as its results file at @json, written whole and then
 * renamed, so that a process killed midway leaves no half file that `lab
 * compare` would read as a result.
 */
export function writeResult(json: string, result: KernelResult): void {
  writeFileSync(`${json}.tmp`, `${JSON.stringify(result, null, 2)}\n`);
  renameSync(`${json}.tmp`, json);
}

/**
 * warnCounters - say when a switch's counter contradicts the run's variant (a
 * switch that was not live, or was on), and when a hist lost events that its
 * parser kept it for (kernel-lab/parsers/tracefsHist.ts, histDrops).
 */
export function warnCounters(result: KernelResult, print: (s: string) => void): void {
  for (const c of KERNEL_LAB_SPECS[result.lab].counters) {
    const n = result.counters[c.name];
    if (result.variant === 'before' && n === 0) print(`warning: ${c.name} did not move in the before run: was the switch live?`);
    if (result.variant === 'after' && n !== 0) print(`warning: ${c.name} moved by ${n} in the after run: the switch was on`);
  }
  for (const [name, n] of Object.entries(result.metrics)) {
    if (name.endsWith('_dropped_count') && n > 0) {
      print(`note: ${name} is ${n}: a hist trigger lost ${n} event${n === 1 ? '' : 's'} to tracing_map's insert race; the rest are read`);
    }
  }
}

/** A timestamp usable in a file name: 2026-11-21T07-30-05Z */
export const stamp = (d: Date): string => d.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');

/** What a run boots: the kernel, the initramfs, the directory of clean disks, and where its files go. */
export interface BootFiles {
  bzImage: string;
  initramfs: string;
  images: string;
  out: string;
}

/** The command that boots one run: kernel-lab/guest/run-qemu.sh, which the bundle ships too. */
export function bootCommand(plan: RunPlan, files: BootFiles): Command {
  return {
    argv: [
      'sh',
      join(KERNEL_LAB_DIR, 'guest', 'run-qemu.sh'),
      '--kernel',
      files.bzImage,
      '--initrd',
      files.initramfs,
      '--images',
      files.images,
      '--lab',
      plan.lab,
      '--variant',
      plan.variant,
      '--profile',
      plan.profile,
      '--smp',
      String(plan.smp),
      '--mem',
      String(plan.memMib),
      '--timeout',
      String(plan.timeoutS),
      '--accel',
      plan.accel,
      '--out',
      files.out,
    ],
  };
}

/**
 * What `kernel run --dry-run` prints: the command that boots each run of
 * @order, one a line; nothing is run and nothing is written. A run's
 * directory is named by the time it starts, so the lines say <time>.
 */
export function dryRunLab(lab: string, opts: RunOptions, order: KernelVariant[], env: NodeJS.ProcessEnv = process.env): string[] {
  const lines: string[] = [];
  const kernel = currentKernel(env);
  const image = currentImage(env);
  if (!kernel) lines.push(`# no lab kernel in ${kernelCache(env)} yet: \`journalclub kernel build\` makes the <bzImage>`);
  const stale = kernel && staleKernelNote(kernel);
  if (stale) lines.push(`# warning: ${stale}`);
  if (!image) lines.push(`# no guest image in ${imageCache(env)} yet: \`journalclub kernel image\` makes the <initramfs> and the <disks>`);
  const files = {
    bzImage: kernel?.bzImage ?? '<bzImage>',
    initramfs: image?.initramfs ?? '<initramfs>',
    images: image?.dir ?? '<disks>',
  };
  for (const variant of order) {
    const plan = planRun(lab, { ...opts, variant });
    const out = join(opts.out ?? join(RESULTS_DIR, plan.lab), `<time>-${plan.variant}`);
    lines.push(formatCommand(bootCommand(plan, { ...files, out })));
  }
  lines.push(`# then: the results JSON and reproduce.sh of each run beside its directory`);
  return lines;
}

export async function runLab(lab: string, opts: RunOptions, print: (s: string) => void): Promise<LabRun> {
  const plan = planRun(lab, opts);
  const kernel = currentKernel();
  if (!kernel) throw new LabError('no lab kernel yet: run `journalclub kernel build` first');
  /*
   * The image from the checkout's guest sources and bench scripts: a cache
   * hit when they have not changed, else built again (seconds), so that a
   * run never boots a bench script older than the one beside it.
   */
  const image = await buildImage({ out: process.stderr });

  const started = new Date();
  const outRoot = opts.out ?? join(RESULTS_DIR, plan.lab);
  const base = `${stamp(started)}-${plan.variant}`;
  const dir = join(outRoot, base);
  mkdirSync(dir, { recursive: true });
  writePlan(dir, plan, started.toISOString());

  const boot = bootCommand(plan, { bzImage: kernel.bzImage, initramfs: image.initramfs, images: image.dir, out: dir });
  const progress = new StepProgress(`kernel run ${plan.lab} ${plan.variant}`, ['boot and run']);
  progress.begin('boot and run');
  const log: string[] = [];
  const code = await runCommand(boot, {
    timeoutS: plan.timeoutS + 60,
    onLine: (line) => {
      log.push(line);
      if (log.length > 200) log.shift();
      const step = /journalclub: step: (.*)$/.exec(line);
      if (step) progress.say(`  ${step[1]}`);
      else progress.note(line);
    },
  });
  progress.stop();
  const what: Record<number, string> = {
    1: 'this host could not run the guest',
    2: 'run-qemu.sh refused its arguments',
    3: 'the benchmark failed in the guest',
    4: 'the guest timed out or QEMU was killed',
    5: 'the guest panicked or left no results',
  };
  if (code !== 0) {
    const status = read(join(dir, 'raw', 'status'));
    const last = log.slice(-8).join('\n');
    process.stderr.write(`${last}\n`);
    throw new LabError(
      `${plan.lab} ${plan.variant}: ${what[code] ?? `run-qemu.sh exited with ${code}`}` +
        `${status ? ` (${status})` : (runQemuReason(log) ?? '')}; console log and raw results kept in ${dir}`,
    );
  }

  let result: KernelResult;
  try {
    result = await resultFromRunDir(dir, plan, started.toISOString());
  } catch (e) {
    throw new LabError(`${(e as Error).message}; the run's files are kept in ${dir}`);
  }
  const json = join(outRoot, `${base}.json`);
  writeResult(json, result);
  const reproduce = join(outRoot, `${base}.reproduce.sh`);
  writeFileSync(reproduce, reproduceScript(plan, kernel.manifest.key, image.manifest.key));
  chmodSync(reproduce, 0o755);

  warnCounters(result, print);
  const toBench = result.boot?.to_bench_s;
  print(
    `${plan.lab} ${plan.variant} (${plan.profile}, ${result.accelerator}, ${plan.smp} vCPUs): ${result.wall_s} s` +
      `${toBench === undefined ? '' : ` (${toBench} s to the benchmark)`}; ` +
      `${Object.entries(result.counters)
        .map(([k, v]) => `${k} +${v}`)
        .join(', ')}`,
  );
  print(`results: ${json}`);
  return { json, dir, result };
}

export function reproduceScript(plan: RunPlan, kernelKey: string, imageKey: string): string {
  const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
  return `#!/bin/sh
# Reproduce this kernel-lab run: same lab, variant, profile and guest size.
# Kernel build key ${kernelKey}, guest image key ${imageKey} (journalclub lab
# build / image rebuild them from the checkout when they are missing).
set -e
cd ${q(REPO_ROOT)}
node bin/journalclub.mjs kernel build
node bin/journalclub.mjs kernel image
exec node bin/journalclub.mjs kernel run ${plan.lab} --variant ${plan.variant} --profile ${plan.profile} \\
	--smp ${plan.smp} --mem ${plan.memMib} --accel ${plan.accel}
`;
}

/**
 * `journalclub kernel ingest DIR`: the results JSON of a run made elsewhere
 * (a bundle's ./run), from the directory it left: plan.txt, accel, wall_s,
 * qemu.txt and raw/.
 */
export async function ingestRun(dir: string, out: string | undefined, print: (s: string) => void): Promise<LabRun> {
  const planPath = join(dir, 'plan.txt');
  if (!existsSync(planPath)) throw new UsageError(`${dir} has no plan.txt: not a directory that ./run or kernel run wrote`);
  const kv = keyValues(readFileSync(planPath, 'utf8'));
  if (kv.mode === 'host-run') return ingestHostRun(dir, out, print);
  const plan = planRun(String(kv.lab ?? ''), {
    variant: String(kv.variant ?? ''),
    profile: String(kv.profile ?? ''),
    smp: String(kv.smp ?? ''),
    mem: String(kv.mem_mib ?? ''),
  });
  if (!existsSync(join(dir, 'raw', 'status'))) throw new LabError(`${dir}/raw/status is missing: the guest left no results`);
  const status = readFileSync(join(dir, 'raw', 'status'), 'utf8').trim();
  if (status !== 'ok') throw new LabError(`the run in ${dir} did not finish: ${status}`);
  const started = typeof kv.started_at === 'string' ? kv.started_at : new Date(statSync(planPath).mtimeMs).toISOString();
  const result = await resultFromRunDir(dir, plan, started);
  const json = out ?? `${dir.replace(/\/+$/, '')}.json`;
  writeResult(json, result);
  warnCounters(result, print);
  print(`results: ${json}`);
  return { json, dir, result };
}

export function writePlan(dir: string, plan: RunPlan, startedAt: string): void {
  writeFileSync(
    join(dir, 'plan.txt'),
    [
      `lab=${plan.lab}`,
      `variant=${plan.variant}`,
      `profile=${plan.profile}`,
      `smp=${plan.smp}`,
      `mem_mib=${plan.memMib}`,
      `started_at=${startedAt}`,
      '',
    ].join('\n'),
  );
}
