/**
 * journalclub question <lab> --seed S [--answers] [--json]: a lab's seeded
 * "predict, then reveal" questions, the same ones the lab page asks for the
 * same seed; with --answers, each answer computed by running the simulator,
 * why it is so, and the page's address that shows it.
 */
import type { Command } from 'commander';
import { loadEngine } from '../web/src/core/node';
import { answerQuestion, questionsFor } from '../web/src/questions/answers';
import { engineRunner, showMeHash, toleranceText, type Answer, type Question } from '../web/src/questions/question';
import { parseSeed } from './args';

type Print = (text: string) => void;

export interface QuestionOptions {
  seed: string;
  answers?: boolean;
  json?: boolean;
}

/** What a question asks for, in words: "a number of nodes, exactly" or "one of: CPU 0, CPU 1, …". */
export function formText(q: Question): string {
  if (q.answer.kind === 'choice') return `one of: ${q.answer.options.join(', ')}`;
  return `a number (${q.answer.unit}), ${toleranceText(q.answer)}`;
}

export async function questionCommand(lab: string, opts: QuestionOptions, print: Print): Promise<void> {
  const seed = parseSeed(opts.seed);
  const questions = questionsFor(lab, seed);
  const engine = await loadEngine();
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
    .argument('<lab>', 'lab id, e.g. fast-commit')
    .option('--seed <n>', 'the seed the questions are drawn from (the page URL\'s seed), 0 to 4294967295', '1')
    .option('--answers', 'run the simulator and print each answer, why, and the page address that shows it')
    .option('--json', 'print JSON')
    .action((lab: string, opts: QuestionOptions) => questionCommand(lab, opts, print));
}
