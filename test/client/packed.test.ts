// The client as a user gets it: `npm pack` of packages/client, installed from the tarball
// into a scratch project offline, then typechecked and run against a real server under
// NodeNext and bundler resolution (and typechecked under classic node10 resolution).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { serve } from "../helpers/served.js";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");

const PROGRAM = `import { createClient, FolioError, type Post } from "@folio/client";
declare const process: { argv: string[] };
const [base = "", closed = ""] = process.argv.slice(2);
const folio = createClient({ baseUrl: base });
const post: Post = await folio.getPost({ id: "pst_welcome" });
const ref = { publicationSlug: "field-notes", postSlug: "hello-folio" };
const full = await folio.getPost(ref, { includeContent: true });
const html: string = full.staticHtml; // required, not optional, with includeContent
const failures = [
  () => folio.getPost({ id: "" }),
  () => createClient({ baseUrl: closed }).getPost({ id: "pst_welcome" }),
  () => folio.getPost({ id: "pst_draft" }),
];
const codes: string[] = [];
for (const attempt of failures) {
  const error: unknown = await attempt().then(() => undefined, (e: unknown) => e);
  codes.push(error instanceof FolioError ? \`\${error.status} \${error.code}\` : String(error));
}
console.log(JSON.stringify({ title: post.title, html: html.length > 0, codes }));
`;

const base = { target: "ES2022", lib: ["ES2022", "DOM"], types: [], strict: true };
const PROJECTS = {
  nodenext: { ...base, module: "NodeNext", moduleResolution: "NodeNext", outDir: "nodenext" },
  bundler: { ...base, module: "ESNext", moduleResolution: "bundler", outDir: "bundler" },
  node10: { ...base, module: "ESNext", moduleResolution: "node10", noEmit: true },
};

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test("the packed client installs offline with no dependencies and works under each resolution", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "folio-client-pack-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const cwd = join(ROOT, "packages/client");
  const packed = await run("npm", ["pack", "--json", "--pack-destination", dir], { cwd });
  const [{ filename, files }] = JSON.parse(packed.stdout) as [
    { filename: string; files: { path: string }[] },
  ];
  const paths = files.map((f) => f.path).sort();
  assert.ok(paths.includes("dist/index.js") && paths.includes("dist/index.d.ts"), `${paths}`);
  assert.deepEqual(
    paths.filter((p) => !p.startsWith("dist/")),
    ["README.md", "package.json"],
  );

  const scratch = join(dir, "scratch");
  await run("mkdir", [scratch]);
  writeFileSync(join(scratch, "package.json"), '{ "private": true, "type": "module" }\n');
  const install = ["install", "--offline", "--no-audit", "--no-fund", join(dir, filename)];
  await run("npm", install, { cwd: scratch });
  assert.deepEqual(readdirSync(join(scratch, "node_modules")).sort(), [
    ".package-lock.json",
    "@folio",
  ]);

  writeFileSync(join(scratch, "main.ts"), PROGRAM);
  const { base: url } = await serve(t);
  const args = [url, `http://127.0.0.1:${await closedPort()}`];
  const expected = {
    title: "Hello, Folio",
    html: true,
    codes: ["0 invalid_parameter", "0 unreachable", "404 not_found"],
  };
  for (const [name, compilerOptions] of Object.entries(PROJECTS)) {
    const project = join(scratch, `tsconfig.${name}.json`);
    writeFileSync(project, JSON.stringify({ compilerOptions, files: ["main.ts"] }));
    await run(process.execPath, [TSC, "-p", project]).catch((error: { stdout: string }) => {
      assert.fail(`tsc under ${name} resolution: ${error.stdout}`);
    });
    if ("noEmit" in compilerOptions) continue;
    const { stdout } = await run(process.execPath, [join(scratch, name, "main.js"), ...args]);
    assert.deepEqual(JSON.parse(stdout), expected, name);
  }
});
