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
