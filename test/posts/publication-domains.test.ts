// The publications' domains, read again until a read succeeds: a node whose store is out of
// reach at start (or when a publication changes) still comes to know them.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { StoreUnavailableError } from "../../src/errors.js";
import { PublicationDomains } from "../../src/posts/publication-domains.js";
import type { PublicationRecord } from "../../src/store/post-store.js";

const ROSES = { id: "pub_r", slug: "roses", customDomain: "https://Roses.Example/blog/" };
const PLAIN = { id: "pub_p", slug: "plain" };

/** A store whose listPublications answers from `answers`, one per call, the last repeated. */
function storeAnswering(answers: Array<() => Promise<unknown[]>>) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    listPublications: () => {
      const answer = answers[Math.min(calls++, answers.length - 1)]!;
      return answer() as Promise<PublicationRecord[]>;
    },
  };
}

/** Waits for `done`; the bound only stops a broken test from hanging. */
async function until(done: () => boolean) {
  for (const deadline = Date.now() + 5000; !done() && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const down = () => Promise.reject(new StoreUnavailableError("out of reach"));
const up =
  (...publications: unknown[]) =>
  () =>
    Promise.resolve(publications);

describe("publication domains", () => {
  it("reads again after a failure, until a read succeeds; then tells of it once", async () => {
    const store = storeAnswering([down, down, up(ROSES, PLAIN)]);
    const errors: unknown[] = [];
    let loaded = 0;
    const domains = new PublicationDomains(store, {
      onLoaded: () => loaded++,
      onError: (error) => errors.push(error),
      retryMs: 1,
    });
    await domains.refresh();
    assert.equal(domains.originOf("roses"), undefined);
    assert.equal(loaded, 0);
    await until(() => loaded > 0);
    assert.equal(store.calls, 3);
    assert.equal(errors.length, 2);
    assert.ok(errors.every((e) => e instanceof StoreUnavailableError));
    assert.equal(domains.originOf("roses"), "https://roses.example");
    assert.equal(domains.originOf("plain"), undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(store.calls, 3, "no read after one succeeded");
    domains.stop();
  });

  it("keeps the map it has while a later read fails, and retries that one too", async () => {
    const store = storeAnswering([up(ROSES), down, up()]);
    let loaded = 0;
    const domains = new PublicationDomains(store, { onLoaded: () => loaded++, retryMs: 1 });
    await domains.refresh();
    assert.equal(domains.originOf("roses"), "https://roses.example");
    await domains.refresh();
    assert.equal(domains.originOf("roses"), "https://roses.example", "the old map serves");
    await until(() => loaded === 2);
    assert.equal(domains.originOf("roses"), undefined, "the domain was dropped meanwhile");
    domains.stop();
  });

  it("discards a read overtaken by a later one", async () => {
    let release: (value: unknown[]) => void = () => {};
    const slow = () => new Promise<unknown[]>((resolve) => (release = resolve));
    const store = storeAnswering([slow, up()]);
    const domains = new PublicationDomains(store);
    const first = domains.refresh();
    await domains.refresh();
    release([ROSES]);
    await first;
    assert.equal(domains.originOf("roses"), undefined);
  });

  it("stops retrying once stopped", async () => {
    const store = storeAnswering([down]);
    const domains = new PublicationDomains(store, { retryMs: 1 });
    await domains.refresh();
    domains.stop();
    const calls = store.calls;
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(store.calls, calls);
  });
});
