/**
 * Where a node or mark is in a source document, written out only when an error names it: a
 * document's hundreds of nodes would otherwise each build a path string no one reads.
 */
export class Where {
  constructor(
    private readonly parent: Path,
    private readonly list: "content" | "marks",
    private readonly index: number,
  ) {}

  toString(): string {
    return `${String(this.parent)}.${this.list}[${this.index}]`;
  }
}

export type Path = Where | string;

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
