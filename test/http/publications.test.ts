// Publications (by id, slug, custom domain) and users (by id, wallet) over HTTP,
// and the publication fields of the import format (old files still import).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { NO_SHEDDING, build } from "../helpers/app.js";
import { importLines } from "../helpers/store-tools.js";
import { storeFactories } from "../helpers/stores.js";

const WALLET = `0x${"Ef".repeat(20)}`;
const garden = {
  type: "publication",
  id: "pub_g",
  slug: "gardens",
  name: "Gardens",
  ownerUserId: "usr_g",
  customDomain: "https://Bücher.Example.COM",
  summary: "Beds",
  logoUrl: "https://img.example.com/g.png",
};
const gil = {
  type: "author",
  id: "usr_g",
  publicationId: "pub_g",
  name: "Gil",
  walletAddress: WALLET,
};

for (const factory of await storeFactories()) {
  describe(`publications and users (${factory.name})`, () => {
    test("a publication by id, slug (with or without @) and domain host, any letter case", async (t) => {
      const { app, store } = await build(t, factory, NO_SHEDDING);
      await importLines(store, [garden, gil]);
      const expected = {
        ...{ id: "pub_g", name: "Gardens", ownerUserId: "usr_g", slug: "gardens" },
        ...{ customDomain: "https://Bücher.Example.COM", summary: "Beds" },
        logoUrl: "https://img.example.com/g.png",
      };
      for (const url of [
        "/v1/publications/pub_g",
        "/v1/publications/slug/gardens",
        "/v1/publications/slug/@gardens",
        "/v1/publications/domain/b%C3%BCcher.example.com",
        "/v1/publications/domain/xn--bcher-kva.EXAMPLE.com",
      ]) {
        const res = await app.inject(url);
        assert.equal(res.statusCode, 200, url);
        assert.deepEqual(res.json(), expected, url);
        assert.equal(res.headers["surrogate-key"], "pub-pub_g");
        const again = await app.inject({ url, headers: { "if-none-match": res.headers.etag! } });
        assert.equal(again.statusCode, 304);
      }
    });

    test("unknown publications are 404s; a malformed domain or slug is a 400", async (t) => {
      const { app } = await build(t, factory, NO_SHEDDING);
      for (const url of [
        "/v1/publications/pub_x",
        "/v1/publications/slug/Blog",
        "/v1/publications/domain/blog.example.com",
      ]) {
        const res = await app.inject(url);
        assert.equal(res.statusCode, 404, url);
        assert.deepEqual(
          { error: res.json().error, msg: res.json().msg },
          { error: "not_found", msg: "Publication not found" },
        );
      }
      for (const url of [
        "/v1/publications/domain/a%2Fb",
        "/v1/publications/domain/user@host",
        "/v1/publications/domain/h:81",
        `/v1/publications/${"a".repeat(257)}`,
      ]) {
        const res = await app.inject(url);
        assert.equal(res.statusCode, 400, url);
        assert.equal(res.json().error, "invalid_parameter");
      }
    });

    test("a user by id and by wallet whatever its case, in the author shape", async (t) => {
      const { app, store } = await build(t, factory, NO_SHEDDING);
      await importLines(store, [garden, gil]);
      const byId = await app.inject("/v1/users/usr_1");
      assert.deepEqual(byId.json(), {
        ...{ id: "usr_1", publicationId: "pub_1", walletAddress: `0x${"ab".repeat(20)}` },
        ...{ avatarUrl: "https://img.example.com/ada.png", name: "Ada", bio: "Writes." },
        social: { username: "ada", fid: 3, displayName: "Ada L" },
      });
      assert.equal(byId.headers["surrogate-key"], "user-usr_1 pub-pub_1");
      for (const wallet of [WALLET, WALLET.toLowerCase(), `0x${WALLET.slice(2).toUpperCase()}`]) {
        const res = await app.inject(`/v1/users/wallet/${wallet}`);
        assert.equal(res.statusCode, 200, wallet);
        assert.equal(res.json().id, "usr_g");
      }
      assert.equal((await app.inject(`/v1/users/wallet/0x${"00".repeat(20)}`)).statusCode, 404);
      assert.equal((await app.inject("/v1/users/usr_none")).json().msg, "User not found");
      const bad = await app.inject("/v1/users/wallet/0x123");
      assert.equal(bad.statusCode, 400);
      assert.match(bad.json().msg, /^walletAddress /);
    });

    test("the import takes the publication fields, checks them, and still reads old lines", async (t) => {
      const { store } = await build(t, factory, NO_SHEDDING);
      const bad: [object, string][] = [
        [{ summary: "x".repeat(501) }, "summary: must be at most 500 characters (got 501)"],
        [{ customDomain: "blog.example.com" }, "customDomain: must be an absolute http(s) URL"],
        [{ logoUrl: "javascript:alert(1)" }, "logoUrl: must be an absolute http(s) URL"],
        [{ ownerUserId: "" }, "ownerUserId: must be 1 to 256 characters (got 0)"],
      ];
      for (const [fields, message] of bad) {
        const summary = await importLines(store, [{ ...garden, ...fields }]);
        const [rejection] = summary.rejections;
        assert.equal(`${rejection?.field}: ${rejection?.reason}`, message);
      }
      const old = await importLines(store, [
        { type: "publication", id: "pub_old", slug: "old", name: "Old" },
      ]);
      assert.equal(old.rejected, 0);
      assert.deepEqual(await store.findPublication({ id: "pub_old" }), {
        ...{ id: "pub_old", slug: "old", name: "Old", ownerUserId: "" },
      });
      // A re-import without the new fields clears them: a line says what the record is.
      await importLines(store, [
        garden,
        { type: "publication", id: "pub_g", slug: "gardens", name: "G" },
      ]);
      const cleared = await store.findPublication({ id: "pub_g" });
      assert.equal(cleared?.summary, undefined);
      assert.equal(
        await store.findPublication({ domainHost: "xn--bcher-kva.example.com" }),
        undefined,
      );
    });
  });
}
