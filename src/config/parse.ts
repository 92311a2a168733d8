// The checks every section of the Config shares, so that one variable's mistake reads the
// same wherever it is made: a ConfigError naming the variable and what it must be.
export class ConfigError extends Error {}

export function parseInteger(name: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value.trim())) throw new ConfigError(`${name} must be a whole number`);
  const n = Number(value);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}`);
  return n;
}

export function oneOf(name: string, value: string, allowed: string[]): string {
  if (!allowed.includes(value))
    throw new ConfigError(`${name} must be one of ${allowed.join(", ")}`);
  return value;
}

export function parseBoolean(name: string, value: string): boolean {
  return oneOf(name, value.trim().toLowerCase(), ["true", "false"]) === "true";
}

export function nonEmpty(name: string, value: string): string {
  if (value.trim() === "") throw new ConfigError(`${name} is empty`);
  return value.trim();
}

export function headerValue(name: string, value: string): string {
  if (!/^[\x20-\x7e]+$/.test(value)) throw new ConfigError(`${name} must be printable ASCII`);
  return value.trim();
}

/** A port, or undefined when the variable is unset or empty. */
export function optionalPort(name: string, value: string | undefined): number | undefined {
  return value === undefined || value === "" ? undefined : parseInteger(name, value, 0, 65535);
}
