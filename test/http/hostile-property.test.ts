// Property: whatever path, percent-encoding, query string and headers a client sends to
// either route, the answer is never a 5xx, every error is the envelope, and nothing of an
// invisible post comes back.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { build } from "../helpers/app.js";
import { assertSafeAnswer } from "../helpers/hostile.js";
import { storeFactories } from "../helpers/stores.js";

const RUNS = 300;

const known = fc.constantFrom(
  ...["pst_1", "pst_draft", "pst_archived", "pst_future", "Pst_Case", "pst_unicode"],
  ...["hello-world", "draft", "archived", "future", "café-ü", "Case-Slug"],
  ...["blog", "@blog", "Other-Pub", "@Other-Pub", "", ".", "..", "%2e%2e", "@"],
);
const percent = (s: string) =>
  [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
const brokenPercent = fc.constantFrom(
  ...["%", "%z", "%4", "%zz", "%C3", "%E0%A4%A", "%ED%A0%80", "%00", "%FF", "%%", "%25"],
);
const anyText = fc.string({ unit: "binary", maxLength: 40 });
const segment = fc.oneof(
  { weight: 4, arbitrary: known },
  { weight: 2, arbitrary: known.map(percent) },
  { weight: 2, arbitrary: brokenPercent },
  { weight: 3, arbitrary: anyText.map(encodeURIComponent) },
  { weight: 2, arbitrary: anyText },
  { weight: 1, arbitrary: fc.integer({ min: 250, max: 260 }).map((n) => "é".repeat(n)) },
  { weight: 1, arbitrary: fc.array(known, { maxLength: 3 }).map((a) => a.join("/")) },
);
const includeValue = fc.oneof(
  fc.constantFrom(..."true,false,1,0,null,,TRUE,Null,maybe,yes,%74rue,tr%ue,1 ,[]".split(",")),
  anyText.map(encodeURIComponent),
);
const queryPart = fc.oneof(
  includeValue.map((v) => `includeContent=${v}`),
  fc.constantFrom("includeContent", "includeContent[]=1", "__proto__=1", "constructor=x", "&"),
  fc.tuple(anyText, anyText).map(([k, v]) => `${encodeURIComponent(k)}=${v}`),
);
const query = fc.option(
  fc.array(queryPart, { maxLength: 4 }).map((parts) => `?${parts.join("&")}`),
  { nil: "" },
);
const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
});
const headers = fc.record(
  {
    "if-none-match": fc.oneof(printable, fc.constantFrom("*", '"x"', 'W/"x"', '"", ,')),
    "if-modified-since": fc.oneof(
      printable,
      fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()),
    ),
    "accept-encoding": fc.oneof(
      printable,
      fc.constantFrom("gzip", "br", "deflate", "*", "gzip;q=0, br;q=0", "identity", "br;q=x"),
    ),
    "x-request-id": fc.oneof(printable, fc.string({ unit: "grapheme", maxLength: 200 })),
    "x-junk": printable,
    origin: printable,
  },
  { requiredKeys: [] },
);
// Real publication/post pairs, visible or not, so the slug route is hit as well as missed.
const pair = fc.constantFrom(
  ...[
    ["blog", "hello-world"],
    ["@blog", "bare"],
    ["blog", "draft"],
    ["blog", "archived"],
  ],
  ...[
    ["blog", "future"],
    ["Other-Pub", "caf%C3%A9-%C3%BC"],
    ["Other-Pub", "Case-Slug"],
  ],
);
const method = fc.constantFrom("GET", "GET", "GET", "HEAD");

for (const factory of await storeFactories()) {
  describe(`hostile requests, property-based (${factory.name})`, () => {
    test("a control character in a key names nothing: 404, on every store", async (t) => {
      const { app } = await build(t, factory);
      const urls = ["/v1/posts/%00", "/v1/posts/pst_1%0A", "/v1/posts/pst%7F1"];
      urls.push("/v1/publications/slug/blog/posts/slug/hello-world%00", "/v1/posts/%1b[31m");
      for (const url of urls) {
        const res = await app.inject(url);
        assert.equal(res.statusCode, 404, url);
        assertSafeAnswer({ status: 404, headers: res.headers, body: res.rawPayload });
      }
    });

    const routes = {
      "by id": fc.tuple(segment, query).map(([id, q]) => `/v1/posts/${id}${q}`),
      "by slugs": fc
        .tuple(fc.oneof(pair, fc.tuple(segment, segment)), query)
        .map(([[pub, post], q]) => [pub, post, q] as const)
        .map(([pub, post, q]) => `/v1/publications/slug/${pub}/posts/slug/${post}${q}`),
      "near the routes": fc
        .tuple(fc.array(segment, { maxLength: 6 }), query)
        .map(([segments, q]) => `/v1/${segments.join("/")}${q}`),
    };
    for (const [name, url] of Object.entries(routes)) {
      test(`${name}: never a 5xx, always the envelope, nothing invisible (${RUNS} runs)`, async (t) => {
        const { app } = await build(t, factory);
        const statuses: Record<number, number> = {};
        let runs = 0;
        await fc.assert(
          fc.asyncProperty(url, headers, method, async (target, sent, verb) => {
            runs++;
            const res = await app.inject({ method: verb, url: target, headers: sent });
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            assertSafeAnswer(
              { status: res.statusCode, headers: res.headers, body: res.rawPayload },
              verb,
            );
          }),
          { numRuns: RUNS },
        );
        const spread = Object.entries(statuses).map(([s, n]) => `${s}×${n}`);
        t.diagnostic(`${runs} runs: ${spread.join(", ")}`);
      });
    }
  });
}
