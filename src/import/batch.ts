// One batch of an import: the records that passed their own checks, the lines that did not,
// and the store's verdict on the rest, told back in source order.
import type {
  WriteTransaction,
  NumberedRecord,
  PostInput,
  PostStore,
  Rejection,
} from "../store/post-store.js";
import { keepStoredTimes, type DefaultedPost } from "./keep-stored.js";
import { FieldError, type ParsedRecord } from "./records.js";
import type { SourceItem } from "./source.js";

/** A refused record, with where a converter found it when there is more to say than a line. */
export interface ImportRejection extends Rejection {
  place?: string;
}

export class ImportBatch {
  private records: NumberedRecord[] = [];
  private defaulted: DefaultedPost[] = [];
  private refused: ImportRejection[] = [];
  private places = new Map<number, string>();

  get size(): number {
    return this.records.length + this.refused.length;
  }

  /** Parses one item; a FieldError refuses it, anything else is a bug and is thrown. */
  add(item: SourceItem, parse: (item: SourceItem) => ParsedRecord): ParsedRecord | undefined {
    if (item.place !== undefined) this.places.set(item.number, item.place);
    if (item.problem) {
      this.refuse(item, item.problem.field, item.problem.reason);
      return undefined;
    }
    try {
      const parsed = parse(item);
      this.records.push({ line: item.number, record: parsed.record });
      if (parsed.defaulted) {
        this.defaulted.push({ record: parsed.record as PostInput, defaulted: parsed.defaulted });
      }
      return parsed;
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      this.refuse(item, error.field, error.message);
      return undefined;
    }
  }

  private refuse(item: SourceItem, field: string, reason: string): void {
    this.refused.push({ line: item.number, field, reason });
  }

  /** Writes the batch; returns how many records were written and every refusal, in order. */
  async write(store: PostStore, tx: WriteTransaction) {
    await keepStoredTimes(store, this.defaulted);
    const byStore = await tx.apply(this.records);
    // A line's own faults and the store's (references, slugs) are told in source order.
    const rejections = [...this.refused, ...byStore]
      .sort((a, b) => a.line - b.line)
      .map((r) => this.placed(r));
    const written = this.records.length - byStore.length;
    this.records = [];
    this.defaulted = [];
    this.refused = [];
    this.places = new Map();
    return { written, rejections };
  }

  private placed(r: Rejection): ImportRejection {
    const place = this.places.get(r.line);
    return place === undefined ? r : { ...r, place };
  }
}
