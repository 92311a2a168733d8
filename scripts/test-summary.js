// A node:test reporter for scripts/run-tests.js: one JSON line per finished top-level test
// (its file, name, duration and outcome) and one per figure of the process's closing summary,
// so the runner can add up processes and tell which file a failure is in.
export default async function* testSummary(source) {
  for await (const event of source) {
    if (event.type === "test:pass" || event.type === "test:fail") {
      const { nesting, name, file, details, skip, todo } = event.data;
      if (nesting !== 0) continue;
      const outcome = event.type === "test:fail" ? "fail" : skip || todo ? "skip" : "pass";
      const ms = details.duration_ms ?? 0;
      yield `${JSON.stringify({ file, test: name, ms, outcome })}\n`;
    } else if (event.type === "test:diagnostic") {
      // The closing summary is diagnostics such as "pass 12" and "duration_ms 301.2".
      const figure = /^(tests|suites|pass|fail|cancelled|skipped|todo) (\d+)$/.exec(
        event.data.message,
      );
      if (figure !== null) yield `${JSON.stringify({ count: figure[1], n: Number(figure[2]) })}\n`;
    }
  }
}
