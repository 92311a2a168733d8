#!/usr/bin/env node
import { endQuietlyOnClosedPipe, main } from "../dist/src/cli/main.js";

endQuietlyOnClosedPipe();
process.exitCode = await main(process.argv.slice(2));
