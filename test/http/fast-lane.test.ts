// The fast lane answers plain reads without Fastify's per-request machinery; it must answer
// exactly as Fastify does. Each request goes over real HTTP (the lane) and through inject
// (always Fastify), and the two answers are compared whole but for the request id and date.
import assert from "node:assert/strict";
import { request } from "node:http";
import { describe, test } from "node:test";
import { plainRead } from "../../src/http/fast-lane.js";
import { importNdjson } from "../../src/import/run-import.js";
import { build } from "../helpers/app.js";
import { PAST, ndjson } from "../helpers/fixtures.js";
import { storeFactories } from "../helpers/stores.js";

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
}

const IGNORED = ["x-request-id", "date", "connection", "keep-alive", "transfer-encoding"];
const comparable = ({ status, headers, body }: Answer) => {
  const kept = Object.entries(headers).filter(([k]) => !IGNORED.includes(k));
  const text = body.toString("latin1").replace(/"requestId":"[^"]*"/, "");
  return { status, headers: Object.fromEntries(kept.sort()), body: text };
};

function overHttp(base: string, method: string, path: string, headers: Record<string, string>) {
  return new Promise<Answer>((resolve, reject) => {
    request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on("error", reject)
      .end();
  });
}

const longDoc = {
  type: "doc",
  content: Array.from({ length: 30 }, () => ({
    type: "paragraph",
    content: [{ type: "text", text: "Long enough to compress. " }],
  })),
};

const CASES: [string, string, Record<string, string>][] = [
  ["GET", "/v1/posts/pst_1", {}],
  ["GET", "/v1/posts/pst_1/", {}],
  ["HEAD", "/v1/posts/pst_1", {}],
  ["GET", "/v1/posts/pst_1?includeContent=true", {}],
  ["GET", "/v1/posts/pst_1?includeContent=FALSE", {}],
  ["GET", "/v1/posts/pst_long?includeContent=1", { "accept-encoding": "gzip, br" }],
  ["HEAD", "/v1/posts/pst_long?includeContent=1", { "accept-encoding": "gzip" }],
  ["GET", "/v1/publications/slug/blog/posts/slug/hello-world", {}],
  ["GET", "/v1/posts/pst_draft", {}],
  ["GET", "/v1/posts/never", { "x-request-id": "abc-1" }],
  ["GET", "/v1/publications/slug/blog/posts/slug/draft?includeContent=true", {}],
  ["GET", "/v1/posts/pst_1", { "if-modified-since": new Date(PAST + 5000).toUTCString() }],
];

for (const factory of await storeFactories()) {
  describe(`fast lane (${factory.name})`, () => {
    test("answers every plain read exactly as Fastify does", async (t) => {
      const { app, store } = await build(t, factory, { RATE_LIMIT: "0" });
      const long = {
        type: "post",
        id: "pst_long",
        publicationId: "pub_1",
        slug: "long",
        title: "Long",
        publishedAt: PAST,
        updatedAt: PAST,
        json: longDoc,
      };
      await importNdjson(store, ndjson([long]));
      const base = await app.listen({ port: 0, host: "127.0.0.1" });
      const etag = String((await app.inject("/v1/posts/pst_1")).headers.etag);
      for (const [method, path, headers] of [
        ...CASES,
        ["GET", "/v1/posts/pst_1", { "if-none-match": etag }] as const,
      ]) {
        assert.ok(plainRead(method, path), `${path} takes the lane`);
        for (let round = 0; round < 2; round++) {
          const lane = await overHttp(base, method, path, headers);
          const injected = await app.inject({ method: method as "GET", url: path, headers });
          const viaFastify = {
            status: injected.statusCode,
            headers: injected.headers,
            body: injected.rawPayload,
          };
          assert.deepEqual(
            comparable(lane),
            comparable(viaFastify),
            `${method} ${path} ${JSON.stringify(headers)}`,
          );
        }
      }
    });
  });
}

test("anything but a plain read goes to Fastify", () => {
  for (const [method, url] of [
    ["POST", "/v1/posts/x"],
    ["OPTIONS", "/v1/posts/x"],
    ["GET", "/v1/posts/x?includeContent=maybe"],
    ["GET", "/v1/posts/x?includeContent=1&includeContent=1"],
    ["GET", "/v1/posts/x?utm=1"],
    ["GET", "/v1/posts/%70st"],
    ["GET", "/v1/posts/"],
    ["GET", `/v1/posts/${"a".repeat(257)}`],
    ["GET", "/v1/publications/slug/@blog/posts/slug/x"],
    ["GET", "/v1/posts/a/b"],
    ["GET", "/healthz"],
  ]) {
    assert.equal(plainRead(method, url), undefined, `${method} ${url}`);
  }
  assert.deepEqual(plainRead("GET", "/v1/posts/pst_1?includeContent=True"), {
    lookup: { id: "pst_1" },
    withContent: true,
    route: "/v1/posts/:postId",
  });
});
