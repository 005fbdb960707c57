// A Vitest reporter beside `json` (scripts/test.mjs): the JSON report keeps an error's
// stack but drops its `cause`, and a failed query says only "Failed query: …" while the
// database's own words (deadlock detected, timeout) are in the cause. This writes each
// failed test's causes, one JSON line per test, to the file in BRIGADE_CAUSES_FILE.
import fs from 'node:fs';

const causesOf = (error) => {
  const causes = [];
  for (let cause = error?.cause; cause && causes.length < 3; cause = cause.cause) {
    causes.push(String(cause.message ?? cause).split('\n')[0]);
  }
  return causes;
};

export default class CausesReporter {
  onTestCaseResult(testCase) {
    const file = process.env.BRIGADE_CAUSES_FILE;
    const result = testCase.result();
    if (!file || result.state !== 'failed') return;
    const causes = (result.errors ?? []).flatMap(causesOf);
    if (causes.length)
      fs.appendFileSync(file, `${JSON.stringify({ file: testCase.module.moduleId, title: testCase.name, causes })}\n`);
  }
}
