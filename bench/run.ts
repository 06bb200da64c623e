/**
 * npm run bench [-- --no-build] [-- --baseline REV] [-- --only scale]: see
 * bench.ts. Exit status 0 when all was measured, whatever the numbers.
 */
import { parseArgs } from 'node:util';
import { runBench } from './bench';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { 'no-build': { type: 'boolean', default: false }, baseline: { type: 'string' }, only: { type: 'string' } },
  });
  if (values.only !== undefined && values.only !== 'scale')
    throw new Error(`--only takes "scale" (the animation at scale alone), got "${values.only}"`);
  return runBench({ noBuild: values['no-build'], baseline: values.baseline, only: values.only });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    const text = e instanceof Error ? e.message : String(e);
    process.stderr.write(`bench: ${text.split('\n')[0]}\n`);
    process.exitCode = 1;
  },
);
