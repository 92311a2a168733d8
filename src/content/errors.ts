/** A source document that cannot be accepted; `path` names where inside it. */
export class ContentError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/** Deepest node nesting accepted; real posts stay far below it. */
export const MAX_DEPTH = 100;

/**
 * Deepest nesting of a document's JSON accepted: each node level is an object and its
 * `content` array, and the deepest node's marks and their attributes add a few more.
 */
export const MAX_JSON_DEPTH = 2 * MAX_DEPTH + 6;
