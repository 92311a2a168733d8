// Which PostgreSQL failures mean "the store cannot answer now" (the API says 503 and the
// node keeps going) rather than a bug or a misconfiguration.
import { StoreUnavailableError } from "../../errors.js";
import { WriteConflictError } from "../authoring-writes.js";
import { StoreOpenError } from "../post-store.js";

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** SQLSTATEs of a server that is going away, starting, overloaded or cancelling us. */
function isTransientSqlState(code: string): boolean {
  return (
    code.startsWith("08") || // connection exception
    code.startsWith("53") || // insufficient resources (too many connections, disk full)
    code === "57P01" || // admin shutdown
    code === "57P02" || // crash shutdown
    code === "57P03" || // cannot connect now (starting up, in recovery)
    code === "57014" || // statement timeout
    code === "40P01" // deadlock detected: retrying is the answer
  );
}

// pg reports client-side timeouts and broken connections only in the message.
const TRANSIENT_MESSAGE =
  /timeout|terminated|Connection ended|not queryable|closed|ended unexpectedly|Client was closed/i;

function isUnavailable(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (NETWORK_CODES.has(code) || isTransientSqlState(code))) {
    return true;
  }
  if (error instanceof AggregateError) return error.errors.some(isUnavailable);
  return typeof code !== "string" && TRANSIENT_MESSAGE.test(error.message);
}

/** Turns a driver error into the store's vocabulary; anything else is passed on unchanged. */
export function asStoreError(error: unknown, where: string): unknown {
  if (isUnavailable(error)) {
    const reason = (error as Error).message || (error as { code?: string }).code;
    return new StoreUnavailableError(`PostgreSQL unavailable at ${where}: ${reason}`);
  }
  const code = String((error as { code?: unknown }).code ?? "");
  // unique_violation: a concurrent writer took the slug (or key) first.
  if (code === "23505") return new WriteConflictError((error as Error).message);
  // Wrong credentials or no such database: retrying will not help, saying so will.
  if (code.startsWith("28") || code === "3D000") {
    return new StoreOpenError(`cannot open PostgreSQL at ${where}: ${(error as Error).message}`);
  }
  return error;
}

/** host:port of a URL, for messages that must never show a password. */
export function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}
