// Content for API writes: derived exactly as the import derives it, and large
// documents off the event loop, so requests keep being served while one renders.
import { strict as assert } from "node:assert";
import { after, describe, it } from "node:test";
import { ContentError, deriveContent } from "../../src/content/index.js";
import { ContentDeriver } from "../../src/posts/derive.js";

const section = (i: number) =>
  `## Part ${i}\n\nSome *text* with a [link](https://example.com/${i}) and \`code\`.\n\n- one\n- two\n\n`;
const large = Array.from({ length: 800 }, (_, i) => section(i)).join("");

describe("deriving content for API writes", () => {
  const deriver = new ContentDeriver(1, 32 * 1024);
  after(() => deriver.close());

  it("derives a large document on a worker, identical to the import's derivation", async () => {
    assert.ok(large.length > 32 * 1024);
    const expected = deriveContent({ markdown: large });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const derived = await deriver.derive({ markdown: large });
    clearInterval(timer);
    assert.deepEqual(derived, expected);
    assert.ok(ticks > 0, "the event loop ran while the document was derived");
  });

  it("derives a small document at once, and reports a bad one where the import would", async () => {
    assert.deepEqual(
      await deriver.derive({ markdown: "# Hi" }),
      deriveContent({ markdown: "# Hi" }),
    );
    const bad = { json: { type: "doc", content: [{ type: 7 }] } };
    const inline = (() => {
      try {
        deriveContent(bad);
      } catch (error) {
        return error as ContentError;
      }
    })();
    assert.ok(inline instanceof ContentError);
    const big = { json: { ...bad.json, padding: "x".repeat(40 * 1024) } };
    await assert.rejects(deriver.derive(big), (error: unknown) => {
      assert.ok(error instanceof ContentError);
      assert.equal(error.path, inline.path);
      assert.equal(error.message, inline.message);
      return true;
    });
  });

  it("fails a document it cannot hand to a worker, and nothing is left waiting for it", async () => {
    const unsendable = { json: { type: "doc", padding: "x".repeat(40 * 1024), f: () => 0 } };
    await assert.rejects(deriver.derive(unsendable), /could not be cloned/);
    assert.equal(deriver.pending, 0);
    assert.deepEqual(await deriver.derive({ markdown: large }), deriveContent({ markdown: large }));
  });
});
