// `npm run build`: compiles the project with tsc, bundles the desk's browser code with esbuild
// (dist/desk/), and when both succeed, stamps dist/.
// `--if-stale` (what `npm start` runs first) skips the compile when no source is newer than
// the stamp, so a start after `npm ci` or a build costs no tsc run (seconds) at all.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const STAMP = "dist/.build-stamp";
/** What the build reads (the .ts and .css files under these folders): a change makes dist/ stale. */
const INPUTS = [
  "src",
  "test",
  "bench",
  "scripts",
  "packages",
  "tsconfig.json",
  "package-lock.json",
];

/** Generated or bulky folders inside the inputs. */
const SKIPPED = ["data", "dist", "node_modules"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory() && !SKIPPED.includes(entry.name))
      newest = Math.max(newest, newestMtime(child));
    else if (/\.(ts|css)$/.test(entry.name)) newest = Math.max(newest, statSync(child).mtimeMs);
  }
  return newest;
}

function isStale() {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  return INPUTS.some((input) => newestMtime(input) > built);
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv.includes("--if-stale") && !isStale()) process.exit(0);
// Dated from before the compile: a source saved while tsc runs still counts as newer.
const started = new Date();
// From clean: tsc never deletes what a removed source compiled to (a stale test would run).
for (const out of ["dist", "packages/client/dist"]) rmSync(out, { recursive: true, force: true });
const tsc = (project) => run(process.execPath, ["node_modules/typescript/bin/tsc", "-p", project]);
// The client package first: the server's tests import it by name (folio/client).
tsc("packages/client/tsconfig.json");
tsc("tsconfig.json");
await bundleVendors();
await bundleDesk();
writeFileSync(STAMP, `${started.toISOString()}\n`);
utimesSync(STAMP, started, started);

/**
 * Kysely's 280 modules and TypeBox's 680 as one each (src/store/kysely.ts and
 * src/posts/typebox.ts say why): each compiled re-export file is replaced by a bundle of what
 * it exports.
 */
async function bundleVendors() {
  const esbuild = await import("esbuild");
  for (const file of ["dist/src/store/kysely.js", "dist/src/posts/typebox.js"]) {
    await esbuild.build({
      entryPoints: [file],
      outfile: file,
      allowOverwrite: true,
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      // Without comments (their examples import the package by name) and white space, but
      // with their own names, so a stack trace through them still reads.
      minifyWhitespace: true,
      minifySyntax: true,
      logLevel: "warning",
    });
  }
}

/**
 * The desk's browser code: the editor's script and stylesheet, and the passkey buttons' script
 * (sign-in page, writer's list), minified, with every dependency inside (nothing is loaded from
 * elsewhere). The server serves them under names made from their hash (src/desk/assets.ts).
 */
async function bundleDesk() {
  const esbuild = await import("esbuild");
  await esbuild.build({
    entryPoints: {
      editor: "src/desk/browser/editor.ts",
      "editor-style": "src/desk/browser/editor.css",
      passkey: "src/desk/browser/passkey.ts",
    },
    outdir: "dist/desk",
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: ["es2022", "chrome109", "firefox115", "safari16"],
    legalComments: "eof",
    logLevel: "warning",
  });
}
