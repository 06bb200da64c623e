/**
 * journalclub question <lab> --seed S [--answers] [--json]: a lab's seeded
 * "predict, then reveal" questions, the same ones the lab page asks for the
 * same seed; with --answers, each answer computed by running the simulator,
 * why it is so, and the page's address that shows it.
 */
import type { Command } from 'commander';
import type { Engine } from '../web/src/core/engine';
import { loadEngine } from '../web/src/core/node';
import { paramNumber } from '../web/src/core/params';
import { SimError } from '../web/src/core/types';
import { answerQuestion, followedParams, questionsFor } from '../web/src/questions/answers';
import { engineRunner, followsText, showMeHash, toleranceText, type Answer, type Question } from '../web/src/questions/question';
import { collect, LAB_ARGUMENT, parseSeed, parseSets } from './args';
import { UsageError } from './errors';

type Print = (text: string) => void;

export interface QuestionOptions {
  seed: string;
  set: string[];
  answers?: boolean;
  json?: boolean;
}

/** What a question asks for, in words: "a number of nodes, exactly" or "one of: CPU 0, CPU 1, …". */
export function formText(q: Question): string {
  if (q.answer.kind === 'choice') return `one of: ${q.answer.options.join(', ')}`;
  return `a number (${q.answer.unit}), ${toleranceText(q.answer)}`;
}

/**
 * `--set name=value` as the page's parameters: only those the lab's
 * questions follow, each checked by the simulator (a choice by its name);
 * the others followed take their defaults, as on a page opened without them.
 */
export function pageParams(engine: Engine, lab: string, sets: string[]): Record<string, number> {
  const raw = parseSets(sets);
  const follows = followedParams(lab);
  const specs = engine.params(lab);
  const page: Record<string, number> = {};
  for (const s of specs) if (follows.includes(s.name)) page[s.name] = s.default;
  for (const [name, text] of Object.entries(raw)) {
    if (!follows.includes(name))
      throw new UsageError(
        `--set ${name}: ${lab}'s questions do not follow ${name} (they fix or draw it); they follow ${follows.length > 0 ? follows.join(', ') : 'no parameter'}`,
      );
    const check = engine.checkParams(lab, { [name]: text });
    if (!check.ok) throw new SimError(check.message, 'invalid');
    const value = paramNumber(specs.find((s) => s.name === name)!, text);
    if (value === null) throw new SimError(`parameter ${name}: "${text}" is not a number or a name`, 'invalid');
    page[name] = value;
  }
  return page;
}

export async function questionCommand(lab: string, opts: QuestionOptions, print: Print): Promise<void> {
  const seed = parseSeed(opts.seed);
  questionsFor(lab, seed);
  const engine = await loadEngine();
  const questions = questionsFor(lab, seed, pageParams(engine, lab, opts.set));
  const specs = engine.params(lab);
  const runner = engineRunner(engine);
  const answers: (Answer | null)[] = [];
  for (const q of questions) answers.push(opts.answers ? await answerQuestion(q, runner) : null);

  if (opts.json) {
    const out = questions.map((q, n) => {
      const a = answers[n];
      return {
        id: q.id,
        text: q.text,
        variant: q.variant,
        params: q.params,
        follows: q.follows,
        inputs: q.inputs,
        step: q.step,
        form: q.answer,
        ...(a ? { answer: { ...a, link: showMeHash(q, a, specs) } } : {}),
      };
    });
    return print(JSON.stringify({ lab, seed, questions: out }, null, 2));
  }

  const lines = [`${lab}, seed ${seed}: ${questions.length} questions${opts.answers ? '' : ' (predict, then check with --answers)'}`];
  questions.forEach((q, n) => {
    lines.push('', `${n + 1}. ${q.text}`);
    if (Object.keys(q.follows).length > 0) lines.push(`   from the page: ${followsText(q, specs)}`);
    if (q.inputs.length > 0)
      lines.push(`   drawn from the seed: ${q.inputs.map((i) => `${i.name} = ${i.value} (of ${i.min}-${i.max})`).join(', ')}`);
    lines.push(`   answer with ${formText(q)}`);
    const a = answers[n];
    if (!a) return;
    lines.push(`   answer: ${a.text}`, `   why: ${a.why}`, `   show me: ${a.show.variant} at step ${a.show.step}, ${showMeHash(q, a, specs)}`);
  });
  print(lines.join('\n'));
}

/** The command, registered on the program (main.ts). */
export function questionCli(cli: Command, print: Print): void {
  cli
    .command('question')
    .description("a lab's seeded predict-then-reveal questions, as its page asks them; --answers computes the answers")
    .argument('<lab>', LAB_ARGUMENT)
    .option('--seed <n>', 'the seed the questions are drawn from (the page URL\'s seed), 0 to 4294967295', '1')
    .option('--set <name=value>', "a page parameter the lab's questions follow (repeatable), e.g. fs=btrfs; the rest they fix or draw", collect, [])
    .option('--answers', 'run the simulator and print each answer, why, and the page address that shows it')
    .option('--json', 'print JSON')
    .action((lab: string, opts: QuestionOptions) => questionCommand(lab, opts, print));
}
