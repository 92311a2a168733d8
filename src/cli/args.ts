// Command-line parsing shared by the commands: node:util parseArgs, errors as UsageError.
import { parseArgs, type ParseArgsConfig } from "node:util";

export class UsageError extends Error {}

export function parse(args: string[], options: ParseArgsConfig["options"], positionals: number) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: options ?? {},
      allowPositionals: positionals > 0,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length > positionals) {
    throw new UsageError(`unexpected argument '${parsed.positionals[positionals]}'`);
  }
  return parsed;
}
