// Checking real responses against the OpenAPI document the app itself serves, with the
// Ajv 8 that Fastify validates with. A bare `ajv` import would find Ajv 6 (ESLint's), so
// Ajv and its formats are loaded from Fastify's compiler, which depends on both.
import { createRequire } from "node:module";

type Validate = ((data: unknown) => boolean) & {
  errors?: { instancePath: string; message?: string }[] | null;
};
interface Ajv {
  addSchema(schema: object, key: string): unknown;
  getSchema(ref: string): Validate | undefined;
}

const fromFastify = createRequire(createRequire(import.meta.url).resolve("@fastify/ajv-compiler"));
const { Ajv2020 } = fromFastify("ajv/dist/2020") as { Ajv2020: new (options: object) => Ajv };
const addFormats = fromFastify("ajv-formats") as (ajv: Ajv) => void;

export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};
export type Operation = {
  operationId?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; description?: string }[];
  responses: Record<string, { description: string; headers?: Record<string, unknown> }>;
};

/** Checks a body against a documented response: the problems found, none when it fits. */
export function responseChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(document as object, "openapi");
  return (path: string, status: number | string, body: unknown, method = "get"): string[] => {
    const pointer = ["paths", path, method, "responses", String(status), "content"]
      .concat(["application/json", "schema"])
      .map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1"))
      .join("/");
    const validate = ajv.getSchema(`openapi#/${pointer}`);
    if (validate === undefined) return [`no schema for ${status} at ${path}`];
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}
