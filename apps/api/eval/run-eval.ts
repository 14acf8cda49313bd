/**
 * `npm run eval:chat` (decision record 0017): runs the question set against the local chat
 * engine and prints, per language and overall, the share of answers that cite a right article and
 * the share that state all the facts, then the failures. Exits 1 when the overall shares are
 * below the targets (90% and 85%), 2 when the evaluation cannot run. See `chat-eval.ts`.
 *
 * Options: `--verbose` also prints every reply; `--only <id-prefix>` runs the matching questions.
 */
import { createEvalEngine, describeFailures, EVAL_TARGETS, meetsTargets, runEval, summarise } from './chat-eval.ts';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

async function main(): Promise<number> {
  const verbose = process.argv.includes('--verbose');
  const onlyIndex = process.argv.indexOf('--only');
  const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : undefined;
  const setup = await createEvalEngine();
  try {
    let results = await runEval(setup);
    if (only) results = results.filter((r) => r.question.id.startsWith(only));
    const summaries = summarise(results);
    const rows = [
      ['language', 'questions', 'cite a right article', 'state the facts', 'language detected'],
      ...summaries.map((s) => [
        s.language,
        String(s.questions),
        `${percent(s.citeShare)} (${s.cited}/${s.citeQuestions})`,
        `${percent(s.factShare)} (${s.factsStated}/${s.questions})`,
        `${s.languageRight}/${s.questions}`,
      ]),
    ];
    const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
    const lines = [
      `Chat assistant evaluation: ${results.length} questions, ${setup.documents.length} articles, local engine`,
      '',
      ...rows.map((row) =>
        row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  '),
      ),
      '',
    ];
    const failures = describeFailures(results);
    lines.push(
      failures.length
        ? `Failures (${results.filter((r) => r.cites === false || r.missing.length > 0 || r.detected !== r.language).length}):`
        : 'No failures.',
    );
    lines.push(...failures);
    if (verbose) {
      lines.push('', 'Replies:');
      for (const r of results)
        lines.push(
          `- ${r.question.id} [${r.answer.kind}, ${r.ms.toFixed(1)} ms] ${r.answer.textResponse} {${r.answer.sources.map((s) => s.title).join(' | ')}}`,
        );
    }
    const overall = summaries.at(-1)!;
    const pass = meetsTargets(overall);
    lines.push(
      '',
      `${pass ? 'PASS' : 'FAIL'}  cite a right article ${percent(overall.citeShare)} (target ${percent(EVAL_TARGETS.citeShare)}), ` +
        `state the facts ${percent(overall.factShare)} (target ${percent(EVAL_TARGETS.factShare)})`,
      '',
    );
    process.stdout.write(lines.join('\n'));
    return pass ? 0 : 1;
  } finally {
    await setup.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 2;
}
