// How a line's fields are checked: against the shared schemas of posts/fields.ts, the first
// problem thrown as a FieldError that becomes `line N: field: reason`.
import type { Static, TSchema } from "../posts/typebox.js";
import { fieldValidator, type FieldValidator } from "../posts/field-errors.js";

export class FieldError extends Error {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(reason);
  }
}

export type Fields = Record<string, unknown>;

/** A compiled schema whose failures throw FieldError. */
export function checker<T extends TSchema>(schema: T) {
  const validator: FieldValidator<Static<T>> = fieldValidator(schema);
  return (value: unknown) => {
    const result = validator.check(value);
    if (!result.ok) throw new FieldError(result.problem.field, result.problem.reason);
    return result.value;
  };
}

/** The import format says null means absent; schemas say absent, so nulls are dropped. */
export function withoutNulls(o: Fields): Fields {
  const out: Fields = {};
  for (const [key, value] of Object.entries(o)) if (value !== null) out[key] = value;
  return out;
}
