// `folio <command>`: parses the command line and hands over to one thin command.
import { ConfigError } from "../config.js";
import { ThemeError } from "../site/index.js";
import { StoreUnavailableError } from "../errors.js";
import { SchemaTooNewError } from "../store/post-store.js";
import { StoreOpenError } from "../store/sqlite/store.js";
import { ListenError } from "../server.js";
import { commands, type Command } from "./commands.js";
import { UsageError } from "./args.js";
import { folioVersion, variableNames } from "./environment.js";

const HELP = `folio: serves the published posts of publications over a read API

Usage: folio <command> [options]

Commands:
${Object.entries(commands)
  .map(([name, c]) => `  ${name.padEnd(10)}${c.summary}`)
  .join("\n")}

Run 'folio help <command>' or 'folio <command> --help' for a command's options,
'folio --version' for the version.

Configuration comes from the environment (the README's table says what each does):
${variableNames()}`;

const HELP_FLAGS = ["--help", "-h"];

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--version" || name === "-V" || name === "version") {
    console.log(folioVersion());
    return 0;
  }
  if (name === "help" && rest.length > 0) return main([rest[0]!, "--help"]);
  if (name === undefined || name === "help" || HELP_FLAGS.includes(name)) {
    console.log(HELP);
    return 0;
  }
  const command: Command | undefined = commands[name];
  if (command === undefined) {
    console.error(`folio: unknown command '${name}' (try folio --help)`);
    return 2;
  }
  if (rest.some((arg) => HELP_FLAGS.includes(arg))) {
    console.log(command.help);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    return reportFailure(error);
  }
}

const EXPECTED = [
  ...[ConfigError, StoreOpenError, StoreUnavailableError, SchemaTooNewError],
  ...[ListenError, UsageError, ThemeError],
];

function reportFailure(error: unknown): number {
  if (EXPECTED.some((kind) => error instanceof kind)) {
    console.error(`folio: ${(error as Error).message}`);
    return error instanceof UsageError ? 2 : 1;
  }
  console.error(`folio: unexpected failure: ${(error as Error)?.stack ?? String(error)}`);
  return 1;
}
