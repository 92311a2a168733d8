// Route schemas compiled once per process rather than once per route of every app.
// Fastify's own compilers build a fast-json-stringify function for each route and status,
// most of them the same few schemas (the error envelope answers on every route), and a new
// Ajv with its formats for every app. That was most of what an app cost to make: over half
// of a test file's CPU, where each test builds apps of its own, and part of every start.
// A compiled serializer or validator is a pure function of its schema, so it is shared by
// what the schema says.
import { createRequire } from "node:module";
import type { AjvCompiler } from "@fastify/ajv-compiler";
import fastJson from "fast-json-stringify";
import type { FastifyServerOptions } from "fastify";

type Serializer = (data: unknown) => string;
type Schemas = Record<string, unknown>;
type RouteSchema = { schema?: unknown };
type Validator = (data: unknown) => boolean;
/** What the pool is at run time (its typings describe Ajv's own `compile` instead). */
type ValidatorPool = (shared: Schemas, options: unknown) => (route: RouteSchema) => Validator;

/**
 * By what the schemas say, not by which objects hold them: Fastify copies every shared schema
 * into each app, and some routes build their schemas as they are added. The text of a schema
 * object is taken once.
 */
const texts = new WeakMap<object, string>();
function textOf(schema: object): string {
  let text = texts.get(schema);
  if (text === undefined) texts.set(schema, (text = JSON.stringify(schema)));
  return text;
}

/** What is compiled in one setting (the shared schemas and the options), by the route schema. */
class Compiled<T> {
  private readonly settings = new Map<string, Map<string, T>>();

  in(shared: Schemas, options: unknown): (schema: object, make: () => T) => T {
    const setting = `${JSON.stringify(shared)}\n${JSON.stringify(options)}`;
    let bySchema = this.settings.get(setting);
    if (bySchema === undefined) this.settings.set(setting, (bySchema = new Map()));
    const made = bySchema;
    return (schema, make) => {
      const text = textOf(schema);
      let value = made.get(text);
      if (value === undefined) made.set(text, (value = make()));
      return value;
    };
  }
}

const serializers = new Compiled<Serializer>();
const validators = new Compiled<Validator>();
/**
 * Fastify's own pool: one Ajv per setting, so the formats and shared schemas load once. Made
 * when the first app is, as Fastify would: a command that builds none does not load Ajv.
 */
let ajvPool: ValidatorPool | undefined;
function pool(): ValidatorPool {
  if (ajvPool === undefined) {
    const ajv = createRequire(import.meta.url)("@fastify/ajv-compiler") as {
      AjvCompiler: typeof AjvCompiler;
    };
    ajvPool = ajv.AjvCompiler() as unknown as ValidatorPool;
  }
  return ajvPool;
}

function compile(schema: object, shared: Schemas, options: object): Serializer {
  return fastJson(schema, { ...options, schema: shared } as fastJson.Options) as Serializer;
}

/**
 * Fastify's `schemaController.compilersFactory.buildSerializer`: given an app's shared schemas,
 * the compiler its routes call, answering a serializer already built for the same schema
 * against the same shared schemas.
 */
export function sharedSerializers(externalSchemas?: unknown, options: object = {}) {
  const shared = (externalSchemas ?? {}) as Schemas;
  const memo = serializers.in(shared, options);
  return (route: RouteSchema): Serializer => {
    const schema = route.schema as object;
    return memo(schema, () => compile(schema, shared, options));
  };
}

type Factories = NonNullable<
  NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]
>;

/** The same for `buildValidator`, over Fastify's own Ajv compiler. */
function validatorsFor(externalSchemas: unknown, options: unknown) {
  const shared = (externalSchemas ?? {}) as Schemas;
  const memo = validators.in(shared, options);
  const build = pool()(shared, options);
  return (route: RouteSchema): Validator => memo(route.schema as object, () => build(route));
}

/** Typed as Fastify's option is (which takes the pool's typings, not what Fastify calls it with). */
export const sharedValidators = validatorsFor as unknown as Factories["buildValidator"];
