// Several test files in one process (scripts/run-tests.js): their top-level tests join one
// queue and run one after another, each file's in its own order, as if each had a process of
// its own, without each paying again for loading Folio and compiling its routes.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

for (const file of process.argv.slice(2)) await import(pathToFileURL(resolve(file)).href);
