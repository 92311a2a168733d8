// Every row of a snapshot's keyset-paged read, one page in memory at a time.
import type { PageQuery } from "../store/post-store.js";

const PAGE_SIZE = 500;

export async function* paged<T extends { id: string }>(
  read: (q: PageQuery) => Promise<T[]>,
  only: string | undefined,
  pageSize = PAGE_SIZE,
): AsyncGenerator<T> {
  let after = "";
  for (;;) {
    const page = await read(
      only === undefined ? { after, limit: pageSize } : { after, limit: pageSize, only },
    );
    for (const row of page) yield row;
    if (page.length < pageSize) return;
    after = page.at(-1)!.id;
  }
}
