// How many round trips an authoring write costs on PostgreSQL: a create and an update are
// four messages from BEGIN to COMMIT (the slug or the locked post, the checks, the write with
// the reads of what it wrote, the bodies and events with the COMMIT), whatever else the
// process sends meanwhile.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import pg from "pg";
import { buildWithKeys } from "../helpers/authoring.js";
import { postgresFactory, storeFactories } from "../helpers/stores.js";

const usable = (await storeFactories()).some((f) => f.name === "postgres");

/** Every message each connection sends while `work` runs. */
async function messages(work: () => Promise<void>): Promise<Map<pg.Client, string[]>> {
  const sent = new Map<pg.Client, string[]>();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, text: unknown, ...rest: unknown[]) {
    const list = sent.get(this) ?? [];
    sent.set(this, list);
    list.push(typeof text === "string" ? text : (text as { text: string }).text);
    return (original as (...args: unknown[]) => unknown).call(this, text, ...rest);
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return sent;
}

/** The messages of the one transaction that wrote a post, BEGIN through COMMIT. */
function transaction(sent: Map<pg.Client, string[]>): string[] {
  const spans: string[][] = [];
  for (const list of sent.values()) {
    let span: string[] | undefined;
    for (const text of list) {
      if (/^BEGIN\b/.test(text)) span = [];
      span?.push(text);
      if (span !== undefined && /\bCOMMIT$/.test(text)) {
        spans.push(span);
        span = undefined;
      }
    }
  }
  // Timers of the process (go-live sweeps, deliveries) run transactions of their own.
  const writes = spans.filter((span) => span.some((text) => text.includes("INSERT INTO posts")));
  assert.equal(writes.length, 1, "one transaction wrote the post");
  return writes[0]!;
}

describe(
  "PostgreSQL round trips of a write",
  { skip: !usable && "PostgreSQL not reachable" },
  () => {
    it("creates and updates a post in four each", async (t) => {
      const { send } = await buildWithKeys(t, postgresFactory);
      const markdown = `# A heading\n\n${"Some *text* and a [link](https://example.com). ".repeat(60)}`;
      let id = "";
      const created = await messages(async () => {
        const answer = await send({
          method: "POST",
          url: "/v1/posts",
          body: { title: "Counted", markdown, status: "published" },
        });
        assert.equal(answer.statusCode, 200, answer.body);
        id = answer.json().id;
      });
      assert.equal(transaction(created).length, 4, transaction(created).join("\n---\n"));

      const updated = await messages(async () => {
        const answer = await send({
          method: "PUT",
          url: `/v1/posts/${id}`,
          body: { title: "Counted again", markdown: `${markdown}\n\nMore.` },
        });
        assert.equal(answer.statusCode, 200, answer.body);
      });
      assert.equal(transaction(updated).length, 4, transaction(updated).join("\n---\n"));

      const read = await send({ method: "GET", url: `/v1/posts/${id}?includeContent=true` });
      assert.equal(read.json().title, "Counted again", "what the four round trips wrote is read");
    });
  },
);
