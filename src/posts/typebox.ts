// TypeBox, as the field rules and every wire schema use it. Its package is some 680 modules,
// and loading them cost every process (each `folio` command, each test file, each server
// start) about half a second; the build replaces this file's compiled form with one bundle of
// what it exports (scripts/build.js), which loads in a few tens of milliseconds. Import TypeBox
// from here, not from "typebox": a second copy would be loaded beside the bundle.
export { Type } from "typebox";
export { Compile } from "typebox/compile";
export type { Static, TSchema } from "typebox";
