// Why an attempt got no answer, said two ways. The operator (the server's log, `folio webhooks
// deliveries`) is told everything: the name, what it resolved to, the system's error. A key
// holder (`GET /v1/webhooks/deliveries`) chose the URL, so the detail of a refused or
// unresolvable target would let them map the server's network: which internal names exist
// (a lookup that fails against one that resolves to a private address) and their addresses.
// They get one fixed phrase for all of those; a receiver's own answer is theirs to see.

/** Refused: the target is a non-public address. Unresolved: its name has no address. */
type FailureKind = "refused" | "unresolved" | "network";

export interface Failure {
  /** As stored and shown to the operator: the kind's prefix, then the detail. */
  error: string;
  kind: FailureKind;
}

const PREFIX: Record<FailureKind, string> = {
  refused: "refused: ",
  unresolved: "unresolved: ",
  network: "",
};

export function failure(kind: FailureKind, detail: string): Failure {
  return { error: PREFIX[kind] + detail, kind };
}

/** What a key holder is told of every refused or unresolvable target, whatever the detail. */
export const UNREACHABLE_TARGET = "the endpoint's host is not a public address or does not resolve";

/** The receiver's status, and the start of its body: the receiver's own words. */
const RECEIVER_ANSWER = /^(HTTP \d{3}|redirect not followed)(: |$)/;
// Stored before the kinds had prefixes, a refusal or a failed lookup read like this.
const EARLIER_TARGET = /non-public address|getaddrinfo|\bE(NOTFOUND|AI_[A-Z]+|NODATA)\b/;

/** A stored reason as a key holder may see it. */
export function publicReason(stored: string): string {
  if (RECEIVER_ANSWER.test(stored)) return stored;
  const target = stored.startsWith(PREFIX.refused) || stored.startsWith(PREFIX.unresolved);
  return target || EARLIER_TARGET.test(stored) ? UNREACHABLE_TARGET : stored;
}
