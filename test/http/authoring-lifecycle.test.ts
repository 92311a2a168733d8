// A post's life through the authoring API, on every store: draft → published →
// draft (unpublish) → published again (first publication time kept) → archived; draft →
// scheduled → live at its time with no write; a schedule cancelled; the rules around
// scheduledAt; sendNewsletter kept on the post for its events.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { buildWithClock } from "../helpers/authoring.js";
import { NOW } from "../helpers/fixtures.js";
import { storeFactories } from "../helpers/stores.js";

const HOUR = 3_600_000;

for (const factory of await storeFactories()) {
  describe(`post lifecycle (${factory.name})`, () => {
    it("publishes, unpublishes, republishes (keeping the first time) and archives", async (t) => {
      const { app, send, clock } = await buildWithClock(t, factory);
      const visible = async (id: string) =>
        (await app.inject(`/v1/posts/${id}`)).statusCode === 200;
      const created = await send({
        method: "POST",
        url: "/v1/posts",
        body: { title: "D", markdown: "x", status: "draft" },
      });
      const { id, status } = created.json<{ id: string; status: string }>();
      assert.equal(status, "draft");
      assert.equal(await visible(id), false);
      const put = (body: object) => send({ method: "PUT", url: `/v1/posts/${id}`, body });
      assert.equal((await put({ status: "published" })).statusCode, 200);
      assert.equal(await visible(id), true);
      const first = (await app.inject(`/v1/posts/${id}`)).json<{ publishedAt: string }>()
        .publishedAt;
      assert.equal(first, String(NOW));
      clock.now += HOUR;
      await put({ status: "draft" });
      assert.equal(await visible(id), false);
      await put({ status: "published" });
      assert.equal(
        (await app.inject(`/v1/posts/${id}`)).json<{ publishedAt: string }>().publishedAt,
        first,
      );
      await put({ status: "archived" });
      assert.equal(await visible(id), false);
      const archived = (await send({ method: "GET", url: "/v1/posts?status=archived" })).json<{
        items: { id: string }[];
      }>();
      assert.ok(archived.items.some((p) => p.id === id));
    });

    it("schedules a post that goes live at its time with no write, on the clock of the reader", async (t) => {
      const { app, send, clock, store } = await buildWithClock(t, factory);
      const at = NOW + HOUR;
      const body = { title: "Soon", markdown: "x", scheduledAt: at, sendNewsletter: true };
      const created = await send({ method: "POST", url: "/v1/posts", body });
      const { id, status } = created.json<{ id: string; status: string }>();
      assert.equal(status, "scheduled");
      assert.equal((await app.inject(`/v1/posts/${id}`)).statusCode, 404);
      const scheduled = (await send({ method: "GET", url: "/v1/posts?status=scheduled" })).json<{
        items: { id: string }[];
      }>();
      assert.deepEqual(scheduled.items.map((p) => p.id).sort(), [id, "pst_future"].sort());
      const tx = await store.beginWrite({ bulk: false });
      assert.equal((await tx.lockPost("pub_1", { id }))?.sendNewsletter, true);
      await tx.rollback();
      clock.now = at;
      const live = await app.inject(`/v1/posts/${id}`);
      assert.equal(live.statusCode, 200);
      assert.equal(live.json<{ publishedAt: string }>().publishedAt, String(at));
    });

    it("cancels a schedule with scheduledAt null: the post is a draft again", async (t) => {
      const { app, send, clock } = await buildWithClock(t, factory);
      const body = { title: "Soon", markdown: "x", scheduledAt: NOW + HOUR };
      const { id } = (await send({ method: "POST", url: "/v1/posts", body })).json<{
        id: string;
      }>();
      assert.equal(
        (await send({ method: "PUT", url: `/v1/posts/${id}`, body: { scheduledAt: null } }))
          .statusCode,
        200,
      );
      clock.now = NOW + 2 * HOUR;
      assert.equal((await app.inject(`/v1/posts/${id}`)).statusCode, 404);
      const drafts = (await send({ method: "GET", url: "/v1/posts?status=draft" })).json<{
        items: { id: string }[];
      }>();
      assert.ok(drafts.items.some((p) => p.id === id));
      const again = await send({
        method: "PUT",
        url: `/v1/posts/${id}`,
        body: { scheduledAt: NOW + 3 * HOUR },
      });
      assert.equal(again.statusCode, 200, "a draft may be scheduled");
      clock.now = NOW + 3 * HOUR;
      assert.equal((await app.inject(`/v1/posts/${id}`)).statusCode, 200);
    });

    it("refuses schedules in the past, with status draft or archived, and of a live post", async (t) => {
      const { send } = await buildWithClock(t, factory);
      const cases: [string, string, object, number, RegExp][] = [
        [
          "POST",
          "/v1/posts",
          { title: "T", markdown: "x", scheduledAt: NOW - 1 },
          400,
          /^scheduledAt: must be in the future/,
        ],
        [
          "POST",
          "/v1/posts",
          { title: "T", markdown: "x", scheduledAt: NOW + HOUR, status: "draft" },
          400,
          /cannot be combined with status draft/,
        ],
        [
          "PUT",
          "/v1/posts/pst_draft",
          { scheduledAt: NOW + HOUR, status: "archived" },
          400,
          /cannot be combined with status archived/,
        ],
        [
          "PUT",
          "/v1/posts/pst_1",
          { scheduledAt: NOW + HOUR },
          409,
          /only a draft or a scheduled post can be scheduled \(this one is published\)/,
        ],
        ["PUT", "/v1/posts/pst_draft", { scheduledAt: "tomorrow" }, 400, /^scheduledAt/],
      ];
      for (const [method, url, body, status, message] of cases) {
        const res = await send({ method: method as "POST" | "PUT", url, body });
        assert.equal(res.statusCode, status, JSON.stringify(body));
        assert.match(res.json<{ msg: string }>().msg, message);
      }
    });
  });
}
