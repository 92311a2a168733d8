// Page views as the store keeps them: one running total per post, added to in batches by
// every node. A total is not a change: it moves no ETag and sends no notice.

/** Adding counted views. */
export interface ViewStore {
  /** Adds each count to its post's total in one transaction; posts gone since are skipped. */
  addViews(counts: ReadonlyMap<string, number>): Promise<void>;
}
