// Route schemas compiled once per process: two apps with the same schemas share what was
// compiled, whatever objects hold the schemas, and a schema that says something else gets
// its own; what is shared still serializes and validates as Fastify's own compilers do.
import assert from "node:assert/strict";
import { test } from "node:test";
import Fastify from "fastify";
import { sharedSerializers, sharedValidators } from "../../src/http/edge/compilers.js";

const Name = { $id: "Name", type: "string", maxLength: 5 };
const body = () => ({
  type: "object",
  properties: { name: { $ref: "Name#" }, n: { type: "integer" } },
  required: ["name"],
});

const validate = sharedValidators as unknown as (
  shared: unknown,
  options: unknown,
) => (route: { schema: unknown }) => (data: unknown) => boolean;
const options = { customOptions: { coerceTypes: false } };

test("equal schemas in other objects share one serializer; another schema gets its own", () => {
  const first = sharedSerializers({ Name: { ...Name } })({ schema: body() });
  const again = sharedSerializers({ Name: structuredClone(Name) })({ schema: body() });
  assert.equal(again, first);
  const other = sharedSerializers({ Name: { ...Name } })({
    schema: { ...body(), properties: { name: { $ref: "Name#" } } },
  });
  assert.notEqual(other, first);
  assert.equal(first({ name: "ab", n: 2, extra: 1 }), '{"name":"ab","n":2}');
  assert.equal(other({ name: "ab", n: 2 }), '{"name":"ab"}');
});

test("shared schemas that differ make different serializers for the same route schema", () => {
  const short = sharedSerializers({ Name: Name })({ schema: body() });
  const numeric = sharedSerializers({ Name: { $id: "Name", type: "integer" } })({
    schema: body(),
  });
  assert.notEqual(numeric, short);
  assert.equal(numeric({ name: 7 }), '{"name":7}');
});

test("a route schema that is also a shared one, by its $id, compiles against the others", () => {
  const serialize = sharedSerializers({ Name })({ schema: Name });
  assert.equal(serialize("abc"), '"abc"');
});

test("validators are shared the same way and still refuse what the schema refuses", () => {
  const check = validate({ Name: { ...Name } }, options)({ schema: body() });
  assert.equal(validate({ Name: structuredClone(Name) }, options)({ schema: body() }), check);
  assert.equal(check({ name: "abc" }), true);
  assert.equal(check({ name: "too long" }), false);
  assert.equal(check({ n: 1 }), false);
  const loose = validate({ Name: { ...Name } }, { customOptions: { coerceTypes: true } });
  assert.notEqual(loose({ schema: body() }), check, "other options, another validator");
});

test("two Fastify apps answer through the shared compilers as through their own", async (t) => {
  for (let i = 0; i < 2; i++) {
    const app = Fastify({
      schemaController: {
        compilersFactory: { buildSerializer: sharedSerializers, buildValidator: sharedValidators },
      },
    });
    t.after(() => app.close());
    app.addSchema({ ...Name });
    app.post("/", { schema: { body: body(), response: { 200: body() } } }, async (request) => ({
      ...(request.body as object),
      secret: "kept out",
    }));
    const ok = await app.inject({ method: "POST", url: "/", payload: { name: "ab", n: 1 } });
    assert.equal(ok.body, '{"name":"ab","n":1}');
    const refused = await app.inject({ method: "POST", url: "/", payload: { name: "abcdef" } });
    assert.equal(refused.statusCode, 400);
  }
});
