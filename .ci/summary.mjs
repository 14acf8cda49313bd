// Prints one closing line, "N passed, N failed", summed over every JSON report the run wrote
// (Vitest on PGlite, Vitest on PostgreSQL, Playwright).
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.existsSync('test-results') ? fs.readdirSync('test-results') : []) {
  if (!file.endsWith('.json')) continue;
  const report = JSON.parse(fs.readFileSync(`test-results/${file}`, 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  }
}
process.stdout.write(`${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
