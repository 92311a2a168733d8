// How many round trips an authoring write costs on PostgreSQL, counted on the socket: a
// create and an update are four from BEGIN to COMMIT (the slug or the locked post, the checks,
// the write with the reads of what it wrote, the bodies and events with the COMMIT).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { buildWithKeys } from "../helpers/authoring.js";
import { transactionsWriting } from "../helpers/round-trips.js";
import { postgresFactory, storeFactories } from "../helpers/stores.js";

const usable = (await storeFactories()).some((f) => f.name === "postgres");

describe(
  "PostgreSQL round trips of a write",
  { skip: !usable && "PostgreSQL not reachable" },
  () => {
    it("creates and updates a post in four each", async (t) => {
      const { send } = await buildWithKeys(t, postgresFactory);
      const markdown = `# A heading\n\n${"Some *text* and a [link](https://example.com). ".repeat(60)}`;
      let id = "";
      // Found by the title it writes: a statement's text is on the wire only the first time
      // a connection runs it (the pipeline names its statements).
      const created = await transactionsWriting("Counted", async () => {
        const answer = await send({
          method: "POST",
          url: "/v1/posts",
          body: { title: "Counted", markdown, status: "published" },
        });
        assert.equal(answer.statusCode, 200, answer.body);
        id = answer.json().id;
      });
      assert.equal(created.length, 1, "one transaction wrote the post");
      assert.equal(created[0]!.length, 4);

      const updated = await transactionsWriting("Counted again", async () => {
        const answer = await send({
          method: "PUT",
          url: `/v1/posts/${id}`,
          body: { title: "Counted again", markdown: `${markdown}\n\nMore.` },
        });
        assert.equal(answer.statusCode, 200, answer.body);
      });
      assert.equal(updated.length, 1, "one transaction wrote the post");
      assert.equal(updated[0]!.length, 4);

      const read = await send({ method: "GET", url: `/v1/posts/${id}?includeContent=true` });
      assert.equal(read.json().title, "Counted again", "what the four round trips wrote is read");
    });
  },
);
