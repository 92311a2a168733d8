// `folio <command>`: parses the command line and hands over to one thin command.
import { ConfigError } from "../config/index.js";
import { databaseTarget } from "../config/database.js";
import { ThemeError } from "../site/theme-error.js";
import { ListenError, StoreUnavailableError } from "../errors.js";
import { SchemaTooNewError, StoreOpenError } from "../store/post-store.js";
import { commands, type Command } from "./commands.js";
import { UsageError } from "./args.js";
import { folioVersion, variableNames } from "./environment.js";
import { shownLines } from "./terminal-text.js";

const HELP = `folio: a publishing service. It serves publications' posts over a public HTTP
API, takes posts written with API keys (the authoring API), tells webhooks of changes,
and imports NDJSON and Ghost, WordPress or Markdown exports.

Usage: npx folio <command> [options]   (from a clone; 'folio' once installed on the PATH)

Commands:
${Object.entries(commands)
  .map(([name, c]) => `  ${name.padEnd(10)}${c.summary}`)
  .join("\n")}

Run 'folio help <command>' or 'folio <command> --help' for a command's options,
'folio --version' for the version.

Where the data is: DATABASE_URL (a SQLite file path, or postgres://…). When it is unset,
  ${defaultStorePath()}
(data/folio.db in Folio's own folder), whatever the working directory. A relative
DATABASE_URL is taken from the working directory. Every command that writes names its
store on standard error.

Configuration comes from the environment (the README's table says what each does):
${variableNames()}`;

function defaultStorePath(): string {
  const target = databaseTarget({});
  return target.kind === "sqlite" ? target.path : target.url;
}

const HELP_FLAGS = ["--help", "-h"];

/**
 * A reader that stops early (`folio openapi | head`) closes the pipe: like any Unix tool the
 * command then ends quietly and successfully instead of dying on an unhandled EPIPE.
 * Other write errors on standard output are still failures.
 */
export function endQuietlyOnClosedPipe(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    console.error(`folio: cannot write to standard output: ${error.message}`);
    process.exit(1);
  });
}

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
  const entry = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (entry === undefined) {
    console.error(`folio: unknown command '${name}' (try folio --help)`);
    return 2;
  }
  try {
    const command: Command = await entry.load();
    if (rest.some((arg) => HELP_FLAGS.includes(arg))) {
      console.log(command.help);
      return 0;
    }
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
    console.error(`folio: ${shownLines((error as Error).message)}`);
    return error instanceof UsageError ? 2 : 1;
  }
  console.error(
    `folio: unexpected failure: ${shownLines((error as Error)?.stack ?? String(error))}`,
  );
  return 1;
}
