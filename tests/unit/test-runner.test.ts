import { describe, expect, it } from 'vitest';
import { cmockaCount, playwrightCount, tapCount, vitestCount } from '../../scripts/test.mjs';

describe("npm test's counting", () => {
  it("reads cmocka's summary lines of every test program", () => {
    const output = [
      '[==========] Running 3 test(s).',
      '[ RUN      ] list_add',
      '[       OK ] list_add',
      '[==========] 3 test(s) run.',
      '[  PASSED  ] 2 test(s).',
      '[  FAILED  ] 1 test(s), listed below:',
      '[  FAILED  ] rb_insert',
      '',
      ' 1 FAILED TEST(S)',
      '[==========] Running 4 test(s).',
      '[  PASSED  ] 4 test(s).',
    ].join('\n');
    expect(cmockaCount(output)).toEqual({ passed: 6, failed: 1 });
  });

  it("reads node's TAP summary, cancelled tests as failed", () => {
    expect(tapCount('ok 1 - a\n# tests 5\n# pass 3\n# fail 1\n# cancelled 1\n# skipped 0\n')).toEqual({ passed: 3, failed: 2 });
  });

  it("reads vitest's JSON report, a file that did not load as a failure", () => {
    const report = {
      numPassedTests: 7,
      numFailedTests: 1,
      testResults: [
        { status: 'passed', assertionResults: [{ status: 'passed' }] },
        { status: 'failed', assertionResults: [{ status: 'failed' }] },
        { status: 'failed', assertionResults: [] },
      ],
    };
    expect(vitestCount(report)).toEqual({ passed: 7, failed: 2 });
  });

  it("reads Playwright's JSON report, errors outside tests as failures", () => {
    expect(playwrightCount({ stats: { expected: 9, unexpected: 2, flaky: 0, skipped: 1 }, errors: [] })).toEqual({ passed: 9, failed: 2 });
    expect(playwrightCount({ stats: { expected: 0, unexpected: 0 }, errors: [{ message: 'webServer' }] })).toEqual({ passed: 0, failed: 1 });
  });
});
