// The layer rule and the ban on import cycles are enforced by lint (eslint.config.js): an
// upward or sideways import, or a cycle, fails `npm run lint`, and an allowed one passes.
// Linted as if the code sat in each folder.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ESLint } from "eslint";

const eslint = new ESLint();

async function layerErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === "no-restricted-imports")
    .map((m) => m.message);
}

const refused: [string, string][] = [
  ["src/store/sqlite/store.ts", `import { x } from "../../posts/post-service.js";`],
  ["src/store/visibility.ts", `import { x } from "../http/edge/headers.js";`],
  ["src/posts/post-service.ts", `import { x } from "../http/edge/send-post.js";`],
  ["src/http/edge/headers.ts", `import { x } from "../../import/run-import.js";`],
  ["src/import/records.ts", `import { x } from "../cli/args.js";`],
  ["src/content/html.ts", `import { x } from "../errors.js";`],
  ["src/errors.ts", `import { x } from "./store/post-store.js";`],
  ["src/store/outbox.ts", `import { x } from "../webhooks/worker.js";`],
  ["src/webhooks/worker.ts", `import { x } from "../http/webhooks/index.js";`],
  ["src/import/run-import.ts", `import { x } from "../webhooks/runtime.js";`],
  ["src/http/edge/headers.ts", `import { x } from "../../site/routes.js";`],
  // http/'s features stand on edge/ and wire/, not on each other.
  ["src/http/authoring/own-routes.ts", `import { x } from "../discovery/wire.js";`],
  ["src/http/webhooks/routes.ts", `import { x } from "../authoring/index.js";`],
  ["src/http/discovery/bodies.ts", `import { x } from "../../http/reads/docs.js";`],
  ["src/http/edge/observe.ts", `import { x } from "../ops/routes.js";`],
  ["src/http/wire/post.ts", `import { x } from "../reads/service.js";`],
  ["src/http/reads/index.ts", `import { x } from "../../import/run-import.js";`],
  ["src/posts/post-service.ts", `import { x } from "../site/pages.js";`],
  ["src/site/routes.ts", `import { x } from "../cli/serve.js";`],
];

const allowed: [string, string][] = [
  ["src/http/edge/send-post.ts", `import { x } from "../../posts/post-service.js";`],
  ["src/posts/post-service.ts", `import { x } from "../store/post-store.js";`],
  ["src/import/records.ts", `import { x } from "../content/index.js";`],
  ["src/store/sqlite/store.ts", `import { x } from "../../errors.js";`],
  ["src/content/html.ts", `import { x } from "./schema.js";`],
  ["src/webhooks/worker.ts", `import { x } from "../store/post-store.js";`],
  ["src/http/webhooks/index.ts", `import { x } from "../../webhooks/runtime.js";`],
  ["src/http/discovery/routes.ts", `import { x } from "../edge/send-answer.js";`],
  ["src/http/authoring/index.ts", `import { x } from "../wire/publication.js";`],
  ["src/http/reads/index.ts", `import { x } from "./docs.js";`],
  ["src/site/routes.ts", `import { x } from "../http/edge/send-answer.js";`],
  ["src/site/pages.ts", `import { x } from "../posts/discovery.js";`],
];

test("an upward or sideways import is a lint error naming the layer rule", async () => {
  for (const [file, source] of refused) {
    const errors = await layerErrors(file, source);
    assert.equal(errors.length, 1, `${file}: ${source}`);
    assert.match(errors[0]!, /layers:/);
  }
});

test("imports down the layers pass", async () => {
  for (const [file, source] of allowed) {
    assert.deepEqual(await layerErrors(file, source), [], `${file}: ${source}`);
  }
});

test("an import cycle is a lint error; type-only imports are not cycles", async () => {
  // Linted as if config/parse.ts imported the config's index, which imports parse.ts back.
  const cycle = await eslint.lintText(
    `import { loadConfig } from "./index.js";\nexport const used = loadConfig;\n`,
    { filePath: "src/config/parse.ts" },
  );
  const cycles = (cycle[0]?.messages ?? []).filter((m) => m.ruleId === "import-x/no-cycle");
  assert.equal(cycles.length, 1, JSON.stringify(cycle[0]?.messages));
  const typed = await eslint.lintText(
    `import type { Config } from "./index.js";\nexport type Used = Config;\n`,
    { filePath: "src/config/parse.ts" },
  );
  assert.deepEqual(
    (typed[0]?.messages ?? []).filter((m) => m.ruleId === "import-x/no-cycle"),
    [],
  );
});
