// Checks shared by the hostile-input suites: what any answer may and may not contain.
import assert from "node:assert/strict";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { errorCatalogue } from "../../src/errors.js";

/** What must never leave the server: the invisible posts' titles and ids (fixtures.ts). */
export const HIDDEN = ["Secret draft", "Soon", "Old", "pst_draft", "pst_archived", "pst_future"];

export const VISIBLE_IDS = ["pst_1", "pst_bare", "pst_unicode", "Pst_Case"];

/**
 * The publications (all public): dot segments (`…/posts/slug/%2e%2e/..`) are removed by the
 * client before the request is sent, and may leave a publication's own route.
 */
const PUBLICATION_IDS = ["pub_1", "pub_2"];

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

export function decoded(answer: Answer): string {
  const coding = answer.headers["content-encoding"];
  // A HEAD answer names the coding its GET would have, with no body to decode.
  if (answer.body.length === 0) return "";
  if (coding === "gzip") return gunzipSync(answer.body).toString();
  if (coding === "br") return brotliDecompressSync(answer.body).toString();
  if (coding === "deflate") return inflateSync(answer.body).toString();
  return answer.body.toString();
}

/** Never a 5xx; errors are the envelope; successes are visible posts; nothing hidden leaks. */
export function assertSafeAnswer(answer: Answer, method = "GET"): void {
  const { status, headers } = answer;
  assert.ok(status < 500, `status ${status}`);
  assert.equal(headers["access-control-allow-origin"], "*");
  assert.equal(headers["x-content-type-options"], "nosniff");
  const text = decoded(answer);
  const { "x-request-id": requestId, ...otherHeaders } = headers;
  let visible = JSON.stringify(otherHeaders);
  if (String(headers["content-type"]).startsWith("text/html")) {
    // A page of the reader's site: a dot segment (`/v1/%2e%2e/…`) may lead out of the API.
    assert.ok([200, 404].includes(status), `page status ${status}`);
    if (status === 404) assert.equal(headers["cache-control"], "no-store");
    assert.doesNotMatch(String(headers["content-security-policy"]), /script-src/);
    visible += text;
  } else if (status >= 400) {
    assert.match(String(headers["content-type"]), /^application\/json; charset=utf-8$/);
    assert.equal(headers["cache-control"], "no-store");
    if (method !== "HEAD") {
      const body = JSON.parse(text) as Record<string, unknown>;
      assert.deepEqual(Object.keys(body).sort(), ["error", "msg", "requestId", "success"]);
      assert.equal(body.success, false);
      assert.equal(typeof body.msg, "string");
      const code = body.error as keyof typeof errorCatalogue;
      assert.equal(errorCatalogue[code]?.status, status, `code ${code} with status ${status}`);
      assert.equal(body.requestId, requestId);
      // The request id is the client's own (echoed); anything else is what the server chose.
      visible += JSON.stringify({ ...body, requestId: undefined });
    }
  } else if (status === 200 && method !== "HEAD") {
    const post = JSON.parse(text) as { id: string };
    assert.ok([...VISIBLE_IDS, ...PUBLICATION_IDS].includes(post.id), `200 for ${post.id}`);
    visible += text;
  } else {
    assert.ok([200, 204, 304].includes(status), `status ${status}`);
    assert.equal(text, "");
  }
  for (const hidden of HIDDEN) assert.ok(!visible.includes(hidden), `leaked '${hidden}'`);
}
