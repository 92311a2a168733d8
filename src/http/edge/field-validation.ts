// Route parameters of the authoring routes checked with the shared field rules (TypeBox,
// as posts/fields.ts asks), failures worded as `field: reason`. Bodies are left to the write
// service, which checks them with the same rules and more (posts/write-body.ts).
import type { FastifySchemaCompiler } from "fastify";
import type { TSchema } from "../../posts/typebox.js";
import { fieldValidator } from "../../posts/field-errors.js";
import { invalid } from "../../posts/write-body.js";

export const fieldCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  if (httpPart === "body") return () => true;
  const validator = fieldValidator(schema);
  return (data: unknown) => {
    const result = validator.check(data);
    return result.ok ? { value: data } : { error: invalid(result.problem) };
  };
};
