/**
 * Progress of a long kernel-lab job: the step, the time spent and the last
 * line of its log. On a terminal one live line (cli-progress); elsewhere
 * (CI, a pipe) a line per step and one every @everyS seconds, so that a
 * log shows the job is alive without drowning in make's output.
 */
import { SingleBar } from 'cli-progress';

export class StepProgress {
  private bar: SingleBar | null = null;
  private step = '';
  private index = 0;
  private line = '';
  private readonly started = Date.now();
  private stepStarted = Date.now();
  private lastPrint = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly title: string,
    private readonly steps: readonly string[],
    private readonly out: NodeJS.WriteStream = process.stderr,
    private readonly everyS = 30,
  ) {
    if (out.isTTY) {
      this.bar = new SingleBar({
        format: `${title} [{bar}] {value}/{total} {step} | {elapsed}s | {line}`,
        barsize: 12,
        hideCursor: true,
        clearOnComplete: false,
        linewrap: false,
        fps: 4,
      });
      this.bar.start(steps.length, 0, { step: '', elapsed: 0, line: '' });
    }
    this.timer = setInterval(() => this.tick(), 1000);
    this.timer.unref();
  }

  /** Begin step @name (one of the steps given to the constructor). */
  begin(name: string): void {
    this.step = name;
    this.index = Math.max(0, this.steps.indexOf(name));
    this.stepStarted = Date.now();
    this.line = '';
    if (this.bar) this.bar.update(this.index, this.payload());
    else this.print(`${this.title}: ${name}`);
  }

  /** The log's latest line. */
  note(line: string): void {
    this.line = line.trim().slice(0, 70);
    if (this.bar) this.bar.update(this.index, this.payload());
  }

  /** Say something that must stay on screen. */
  say(text: string): void {
    if (this.bar) {
      this.bar.update(this.index, this.payload());
      this.out.write(`\r\x1b[K${text}\n`);
    } else {
      this.print(text);
    }
  }

  finish(summary: string): void {
    this.stop();
    if (this.bar) this.out.write(`${summary}\n`);
    else this.print(summary);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.bar) {
      this.bar.update(this.index, this.payload());
      this.bar.stop();
      this.bar = null;
    }
  }

  elapsedS(): number {
    return (Date.now() - this.started) / 1000;
  }

  private payload(): Record<string, unknown> {
    return { step: this.step, elapsed: Math.round(this.elapsedS()), line: this.line };
  }

  private tick(): void {
    if (this.bar) {
      this.bar.update(this.index, this.payload());
      return;
    }
    if (Date.now() - this.lastPrint >= this.everyS * 1000 && this.step) {
      const inStep = Math.round((Date.now() - this.stepStarted) / 1000);
      this.print(`${this.title}: ${this.step}: ${inStep} s${this.line ? `: ${this.line}` : ''}`);
    }
  }

  private print(text: string): void {
    this.lastPrint = Date.now();
    this.out.write(`${text}\n`);
  }
}
