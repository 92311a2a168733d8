// The desk is read by its own pages alone: none of its answers, a page, its API or a refusal,
// carries the public API's CORS headers, which would let any origin read it.
import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { sqliteFactory } from "../helpers/stores.js";
import { buildDesk } from "./helpers.js";

const CORS = ["access-control-allow-origin", "access-control-expose-headers"];
const ELSEWHERE = { origin: "https://elsewhere.example" };

describe("the desk's answers and CORS", () => {
  it("carry no CORS header, while the API's answers keep theirs", async (t) => {
    const desk = await buildDesk(t, sqliteFactory);
    const writer = await desk.signIn();
    const answers = {
      "the session": await writer.send({ method: "GET", url: "/desk/api/session" }),
      "the desk's page": await writer.send({ method: "GET", url: "/desk" }),
      "a refusal without a session": await desk.app.inject({
        url: "/desk/api/posts",
        headers: ELSEWHERE,
      }),
      "the sign-in page": await desk.app.inject({
        url: "/desk/signin?token=x",
        headers: ELSEWHERE,
      }),
    };
    assert.equal(answers["the session"].statusCode, 200);
    assert.equal(answers["a refusal without a session"].statusCode, 401);
    for (const [what, res] of Object.entries(answers)) {
      for (const name of CORS) assert.equal(res.headers[name], undefined, `${what}: ${name}`);
    }
    const api = await desk.app.inject({ url: "/v1/publications/blog", headers: ELSEWHERE });
    assert.equal(api.headers["access-control-allow-origin"], "*");
  });
});
