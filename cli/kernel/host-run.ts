/**
 * `journalclub kernel host-run <lab> --variant before|after --device /dev/X`:
 * the lab's benchmark on this machine, booted into the lab kernel (the
 * linux-image .deb of `kernel build --target host`), against a scratch block
 * device. The checks, the format and the run are kernel-lab/bundle/host-run,
 * the script the bundle ships; this command gives it the files it finds
 * beside itself in the bundle (jc.sh, mkfs.conf, bench/, bin/ with the lab's
 * programs) and
 * turns each run directory it leaves into results JSON:
 *
 *   kernel-lab/results/<lab>/<lab>-<variant>-<time>[-k].json   (KernelResult, where: real or vm)
 *   kernel-lab/results/<lab>/<lab>-<variant>-<time>[-k]/       plan.txt, host.txt, devices.txt, raw/
 *
 * `kernel ingest` does the same for a host-run made from a bundle.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { LabError, UsageError } from '../errors';
import { KernelResult, PROFILES, ranInQemu, runWhere, VARIANTS, WHERE, WHERE_TEXT, type KernelProfile, type KernelVariant, type RunWhere } from '../../lib/kernel-results';
import { benchLabs, buildLabPrograms, GUEST_DIR, HOST_RUN, labDisks, MKFS_CONF, mkfsConf } from './image';
import { labChoices, SWITCHES_FILE, switchesFileText } from './labs';
import { RESULTS_DIR, workloadDir } from './paths';
import { runTool } from './proc';
import { checkLab, keyValues, resultFromRunDir, warnCounters, writeResult, type LabRun } from './run';

export interface HostRunOptions {
  variant: string;
  device: string[];
  wipe: string[];
  profile?: string;
  repeat?: string;
  out?: string;
  dryRun?: boolean;
}

/** What the script says when it refuses (6) or is given a bad argument (2). */
const EXIT_REFUSED = 6;

/**
 * The directory host-run expects around itself, as in the bundle: host-run,
 * jc.sh, mkfs.conf, bench/<lab>/{run.sh,disks,switches}, and in bin/ the C programs
 * of @lab's workload (labPrograms), built when @withPrograms.
 */
export function stageKit(dir: string, lab: string, withPrograms: boolean): void {
  mkdirSync(join(dir, 'bin'), { recursive: true });
  copyFileSync(HOST_RUN, join(dir, 'host-run'));
  chmodSync(join(dir, 'host-run'), 0o755);
  copyFileSync(join(GUEST_DIR, 'jc.sh'), join(dir, 'jc.sh'));
  writeFileSync(join(dir, MKFS_CONF), mkfsConf());
  for (const l of benchLabs()) {
    mkdirSync(join(dir, 'bench', l), { recursive: true });
    /* as it is: host-run reads a profile's own line of disks too */
    for (const f of ['run.sh', 'disks']) copyFileSync(join(workloadDir(l), f), join(dir, 'bench', l, f));
    writeFileSync(join(dir, 'bench', l, SWITCHES_FILE), switchesFileText(l));
  }
  if (withPrograms) buildLabPrograms([lab], join(dir, 'bin'), dir);
}

/** host-run's argv (after the script's path) for these options; refuses what it can before the script runs. */
export function hostRunArgs(lab: string, opts: HostRunOptions, outRoot: string): string[] {
  checkLab(lab);
  if (!(VARIANTS as readonly string[]).includes(opts.variant)) throw new UsageError(`--variant must be before or after, got '${opts.variant}'`);
  const profile = opts.profile ?? 'quick';
  if (!(PROFILES as readonly string[]).includes(profile)) throw new UsageError(`--profile must be quick or paper, got '${profile}'`);
  const repeat = opts.repeat ?? '1';
  if (!/^\d+$/.test(repeat) || Number(repeat) < 1 || Number(repeat) > 20) {
    throw new UsageError(`--repeat must be a whole number from 1 to 20, got '${repeat}'`);
  }
  const disks = labDisks(lab, undefined, profile as 'quick' | 'paper');
  if (opts.device.length === 0) throw new UsageError(`--device /dev/X is required: the scratch device ${lab} formats as ${disks[0]}`);
  if (opts.device.length !== disks.length) {
    throw new UsageError(
      disks.length === 2
        ? `${lab} needs two disks (${disks.join(' and ')}): give --device twice, the ${disks[0]} disk first`
        : `${lab} runs on one disk (${disks[0]}), got ${opts.device.length} --device`,
    );
  }
  const args = [lab, opts.variant, '--profile', profile, '--repeat', repeat, '--out', outRoot];
  for (const d of opts.device) args.push('--device', d);
  for (const w of opts.wipe) args.push('--wipe', w);
  if (opts.dryRun) args.push('--dry-run');
  return args;
}

/** "key=value" lines of a host-run's host.txt, as the schema's host. */
function hostOf(dir: string): KernelResult['host'] {
  const kv = keyValues(readFileSync(join(dir, 'host.txt'), 'utf8'));
  const cpus = Number(kv.cpus);
  return {
    hostname: String(kv.hostname ?? ''),
    os: String(kv.os ?? ''),
    cpus: Number.isInteger(cpus) && cpus > 0 ? cpus : 1,
    cpu_model: String(kv.cpu_model ?? 'unknown'),
    qemu: '',
  };
}

/** devices.txt: "PATH NAME BYTES ROTATIONAL DISK MODEL..." a line. */
export function parseDevices(text: string): NonNullable<KernelResult['devices']> {
  const out: NonNullable<KernelResult['devices']> = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const [path, name, bytes, rot, disk, ...model] = line.trim().split(/\s+/);
    if (!path || !name || !disk || !/^\d+$/.test(bytes ?? '')) throw new LabError(`devices.txt: cannot read the line '${line}'`);
    out.push({
      path,
      name,
      bytes: Number(bytes),
      rotational: rot === '1' ? true : rot === '0' ? false : null,
      disk,
      model: model.join(' ') || 'unknown',
    });
  }
  return out;
}

/** The results of one host-run directory (what kernel-lab/bundle/host-run left). */
export async function resultFromHostRunDir(dir: string): Promise<KernelResult> {
  const planPath = join(dir, 'plan.txt');
  if (!existsSync(planPath)) throw new UsageError(`${dir} has no plan.txt: not a directory that host-run wrote`);
  const kv = keyValues(readFileSync(planPath, 'utf8'));
  if (kv.mode !== 'host-run') throw new UsageError(`${planPath} does not say mode=host-run`);
  const lab = checkLab(String(kv.lab ?? ''));
  const variant = String(kv.variant ?? '');
  const profile = String(kv.profile ?? '');
  if (!(VARIANTS as readonly string[]).includes(variant)) throw new LabError(`${planPath}: variant '${variant}' is not before or after`);
  if (!(PROFILES as readonly string[]).includes(profile)) throw new LabError(`${planPath}: profile '${profile}' is not quick or paper`);
  const statusPath = join(dir, 'raw', 'status');
  if (!existsSync(statusPath)) throw new LabError(`${statusPath} is missing: the run left no status`);
  const status = readFileSync(statusPath, 'utf8').trim();
  if (status !== 'ok') throw new LabError(`the host-run in ${dir} did not finish: ${status}`);
  const where = existsSync(join(dir, 'where')) ? readFileSync(join(dir, 'where'), 'utf8').trim() : '';
  if (!(WHERE as readonly string[]).includes(where) || ranInQemu(where as RunWhere)) {
    throw new LabError(`${join(dir, 'where')} should say real or vm, says '${where}'`);
  }
  const started = typeof kv.started_at === 'string' ? kv.started_at : new Date(statSync(planPath).mtimeMs).toISOString();
  const smp = Number(kv.smp);
  const mem = Number(kv.mem_mib);
  const base = await resultFromRunDir(
    dir,
    {
      lab,
      variant: variant as KernelVariant,
      profile: profile as KernelProfile,
      smp: Number.isInteger(smp) && smp > 0 ? smp : 1,
      memMib: Number.isInteger(mem) && mem > 0 ? mem : 1,
    },
    started,
  );
  const result = {
    ...base,
    host: hostOf(dir),
    where: where as KernelResult['where'],
    where_reason: existsSync(join(dir, 'where_reason')) ? readFileSync(join(dir, 'where_reason'), 'utf8').trim() : '',
    devices: parseDevices(readFileSync(join(dir, 'devices.txt'), 'utf8')),
  };
  const checked = KernelResult.safeParse(result);
  if (!checked.success) {
    const first = checked.error.issues[0];
    throw new LabError(`the host-run's results do not fit the schema: ${first.path.join('.')}: ${first.message}`);
  }
  return checked.data;
}

/** `kernel ingest DIR` for a host-run directory: DIR.json (or @out). */
export async function ingestHostRun(dir: string, out: string | undefined, print: (s: string) => void): Promise<LabRun> {
  const result = await resultFromHostRunDir(dir);
  const json = out ?? `${dir.replace(/\/+$/, '')}.json`;
  writeResult(json, result);
  warnCounters(result, print);
  print(`results: ${json} (${WHERE_TEXT[runWhere(result)]})`);
  return { json, dir, result };
}

/** Run host-run; resolves to the runs it made (none for --dry-run). */
export async function hostRun(lab: string, opts: HostRunOptions, print: (s: string) => void): Promise<LabRun[]> {
  const outRoot = opts.out ?? join(RESULTS_DIR, lab);
  const args = hostRunArgs(lab, opts, outRoot);
  const kit = mkdtempSync(join(tmpdir(), 'jc-host-run-'));
  try {
    stageKit(kit, lab, !opts.dryRun);
    const dirs: string[] = [];
    const lines: string[] = [];
    const code = await runTool('sh', [join(kit, 'host-run'), ...args], {
      onLine: (line) => {
        /* a refusal is said once, by the error below */
        if (!/^host-run: (refused: |nothing was changed)/.test(line)) print(line);
        lines.push(line);
        const m = /^host-run: results in (.+)$/.exec(line);
        if (m) dirs.push(m[1]!);
      },
    });
    const last = (re: RegExp): string | undefined => lines.filter((l) => re.test(l)).pop()?.replace(/^host-run: /, '');
    if (code === 2) throw new UsageError(last(/^host-run: /) ?? 'host-run refused its arguments');
    if (code === EXIT_REFUSED) throw new LabError(`${last(/^host-run: refused: /) ?? 'host-run refused'}; nothing was changed`, EXIT_REFUSED);
    if (code !== 0) {
      throw new LabError(`host-run exited with ${code}${dirs.length ? `; its files are kept in ${dirs[dirs.length - 1]}` : ''}`);
    }
    const runs: LabRun[] = [];
    for (const dir of dirs) runs.push(await ingestHostRun(dir, undefined, print));
    return runs;
  } finally {
    rmSync(kit, { recursive: true, force: true });
  }
}

const collect = (value: string, prev: string[]): string[] => [...prev, value];

/** `journalclub kernel host-run`, added to the `kernel` command group. */
export function addHostRunCommand(lab: Command): void {
  const print = (text: string): void => {
    process.stdout.write(`${text}\n`);
  };
  lab
    .command('host-run')
    .description(
      "run the mail's benchmark on this machine, booted into the lab kernel (the .deb of `kernel build --target host`), against a scratch block device it formats",
    )
    .argument('<lab>', labChoices())
    .requiredOption('--variant <variant>', 'before (the switch on) or after (stock 6.12)')
    .option('--device <dev>', "the scratch block device; twice for a lab with two disks (in the order of its workload's disks file)", collect, [])
    .option('--wipe <dev>', 'repeat a --device that holds a file system or partition table: it may be destroyed', collect, [])
    .option('--profile <profile>', "quick or paper (the mail's parameters)", 'quick')
    .option('--repeat <n>', 'run this many times, formatting the device afresh each time (1 to 20)', '1')
    .option('--out <dir>', 'results directory (default kernel-lab/results/<lab>)')
    .option('--dry-run', 'print the checks and the commands; change nothing')
    .action(async (name: string, opts: HostRunOptions) => {
      await hostRun(name, opts, print);
    });
}
