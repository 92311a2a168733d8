// TypeBox's validation errors → one `field: reason` a person can act on, worded from the
// failing schema itself (its limits, pattern or description), so a rule's message cannot
// drift from the rule. Fields are named as written: `social.fid`, `categories[3]`.
import type { Static, TSchema } from "typebox";
import { Compile } from "typebox/compile";
import type { TLocalizedValidationError } from "typebox/error";
import { PATTERN_REASONS } from "./fields.js";

export interface FieldProblem {
  field: string;
  reason: string;
}

export interface FieldValidator<T> {
  /** The value, typed, or the first problem with it. */
  check(value: unknown): { ok: true; value: T } | { ok: false; problem: FieldProblem };
}

/** Compiles a schema once into a validator that reports its first problem in our words. */
export function fieldValidator<T extends TSchema>(schema: T): FieldValidator<Static<T>> {
  const compiled = Compile(schema);
  return {
    check(value) {
      if (compiled.Check(value)) return { ok: true, value: value as Static<T> };
      return { ok: false, problem: describe(schema, value, compiled.Errors(value)) };
    },
  };
}

/** The first error, in the order the schema lists its fields; a union's branches give way to it. */
function describe(root: TSchema, value: unknown, errors: TLocalizedValidationError[]) {
  const first = errors[0]!;
  const union = errors.find((e) => e.keyword === "anyOf" && e.instancePath === first.instancePath);
  const error = union ?? first;
  const node = nodeAt(root, error.schemaPath);
  const field = fieldName(error.instancePath);
  if (error.schemaPath.endsWith("/additionalProperties")) {
    return { field, reason: "is not a known field" };
  }
  switch (error.keyword) {
    case "required": {
      const [name] = (error.params as { requiredProperties: string[] }).requiredProperties;
      return { field: field === "" ? name! : `${field}.${name}`, reason: "is required" };
    }
    case "uniqueItems": {
      const [index] = (error.params as { duplicateItems: number[] }).duplicateItems;
      const item = (valueAt(value, error.instancePath) as unknown[])[index!];
      return { field: `${field}[${index}]`, reason: `repeats ${JSON.stringify(item)}` };
    }
    default: {
      const at = valueAt(value, error.instancePath);
      // A property given as undefined (from JavaScript, never JSON) is as good as absent.
      return { field, reason: at === undefined ? "is required" : reason(error, node, at) };
    }
  }
}

function reason(error: TLocalizedValidationError, node: TSchema, value: unknown): string {
  const limits = node as { minLength?: number; maxLength?: number; description?: string };
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "minLength":
    case "maxLength":
      return lengthReason(limits.minLength ?? 0, limits.maxLength, value as string);
    case "maxItems":
      return `must have at most ${params.limit} items`;
    case "pattern":
      return PATTERN_REASONS[params.pattern as string] ?? `must match ${params.pattern}`;
    case "type":
      return `must be ${article(params.type as string)}`;
    case "minimum":
      return `must be at least ${params.limit}`;
    case "maximum":
      return `must be at most ${params.limit}`;
    case "~refine":
      return params.message as string;
    default:
      return limits.description ? `must be ${limits.description}` : error.message;
  }
}

function lengthReason(min: number, max: number | undefined, value: string): string {
  const got = [...value].length;
  if (max === undefined) return `must be at least ${min} characters (got ${got})`;
  if (min === 0) return `must be at most ${max} characters (got ${got})`;
  return `must be ${min} to ${max} characters (got ${got})`;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** JSON pointer `/social/fid` or `/categories/3` → `social.fid`, `categories[3]`. */
function fieldName(pointer: string): string {
  return pointerParts(pointer).reduce(
    (name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part),
    "",
  );
}

function valueAt(value: unknown, pointer: string): unknown {
  return pointerParts(pointer).reduce<unknown>(
    (at, part) => (at as Record<string, unknown>)[part],
    value,
  );
}

function nodeAt(root: TSchema, schemaPath: string): TSchema {
  return pointerParts(schemaPath.replace(/^#/, "")).reduce<TSchema>(
    (at, part) => (at as Record<string, TSchema>)[part]!,
    root,
  );
}

// RFC 6901 section 4: "~1" is "/" and "~0" is "~", in that order.
function pointerParts(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
}
