// A node:test reporter for scripts/run-tests.js: one JSON line per finished top-level test
// (its name, duration and outcome) and one per figure of the run's closing summary, so the
// runner can add up files that ran in processes of their own.
export default async function* testSummary(source) {
  for await (const event of source) {
    if (event.type === "test:pass" || event.type === "test:fail") {
      const { nesting, name, details, skip, todo } = event.data;
      if (nesting !== 0) continue;
      const outcome = event.type === "test:fail" ? "fail" : skip || todo ? "skip" : "pass";
      yield `${JSON.stringify({ test: name, ms: details.duration_ms ?? 0, outcome })}\n`;
    } else if (event.type === "test:diagnostic") {
      // The closing summary is diagnostics such as "pass 12" and "duration_ms 301.2".
      const figure = /^(tests|suites|pass|fail|cancelled|skipped|todo) (\d+)$/.exec(
        event.data.message,
      );
      if (figure !== null) yield `${JSON.stringify({ count: figure[1], n: Number(figure[2]) })}\n`;
    }
  }
}
