// Kysely and TypeBox are loaded as one bundled module each (src/store/kysely.ts,
// src/posts/typebox.ts): no compiled file loads either package on its own, which would both
// bring back the load time and put a second copy beside the bundle.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const SRC = fileURLToPath(new URL("../../src/", import.meta.url));
const BUNDLES = [join(SRC, "store", "kysely.js"), join(SRC, "posts", "typebox.js")];
const PACKAGE_IMPORT =
  /(?:from\s*|import\s*\(\s*|require\s*\(\s*)["'](?:kysely|typebox)(?:\/[^"']*)?["']/;

function compiled(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return compiled(path);
    return entry.name.endsWith(".js") ? [path] : [];
  });
}

test("no compiled module imports kysely or typebox but through their bundles", () => {
  const files = compiled(SRC);
  assert.ok(files.length > 100, `${files.length} compiled files read`);
  const direct = files.filter((f) => PACKAGE_IMPORT.test(readFileSync(f, "utf8")));
  assert.deepEqual(direct, []);
});

test("each bundle holds its package: it loads no module of it", async () => {
  for (const bundle of BUNDLES) {
    const text = readFileSync(bundle, "utf8");
    assert.doesNotMatch(text, PACKAGE_IMPORT, bundle);
    assert.ok(text.length > 100_000, `${bundle} is a bundle, not the re-export it was compiled as`);
  }
  const { Type, Compile } = await import("../../src/posts/typebox.js");
  const check = Compile(Type.Object({ n: Type.Integer({ minimum: 1 }) }));
  assert.equal(check.Check({ n: 2 }), true);
  assert.equal(check.Check({ n: 0 }), false);
  const { sql, Kysely } = await import("../../src/store/kysely.js");
  assert.equal(typeof Kysely, "function");
  assert.equal(typeof sql, "function");
});
