// TypeBox's validation errors → one `field: reason` a person can act on, worded from the
// failing schema itself (its limits, pattern or description), so a rule's message cannot
// drift from the rule. Fields are named as written: `social.fid`, `categories[3]`.
import type { Static, TSchema } from "./typebox.js";
import { Compile } from "./typebox.js";
import type { TLocalizedValidationError } from "typebox/error";
import { wellFormed } from "../content/index.js";
import { PATTERN_REASONS } from "./fields.js";

export interface FieldProblem {
  field: string;
  reason: string;
}

export interface FieldValidator<T> {
  /** The value, typed, or the first problem with it. */
  check(value: unknown): { ok: true; value: T } | { ok: false; problem: FieldProblem };
}

/**
 * Compiles a schema once into a validator that reports its first problem in our words. A
 * value it accepts comes back with every lone surrogate in its text made one U+FFFD, as the
 * content pipeline makes them (keys matched exactly refuse them instead: field-rules.ts).
 *
 * Refusing a value costs time linear in its size. TypeBox's check of `uniqueItems` is linear
 * (a set of hashes), but its error report gathers the duplicates pair by pair, quadratic in
 * their number, and even its linear reports cost microseconds per item. So an array over its
 * `maxItems` is refused first, without looking at its items; then problems are looked for
 * without `uniqueItems`, so the uniqueness report only ever runs on arrays within their limit
 * (every `uniqueItems` must come with a `maxItems`, checked here).
 */
export function fieldValidator<T extends TSchema>(schema: T): FieldValidator<Static<T>> {
  const compiled = Compile(schema);
  const bounded = Compile(withoutUniqueItems(schema));
  return {
    check(value) {
      if (compiled.Check(value)) return { ok: true, value: wellFormedText(value) as Static<T> };
      const long = overLongArray(schema, value);
      if (long !== undefined) return { ok: false, problem: long };
      const first = bounded.Check(value) ? compiled : bounded;
      return { ok: false, problem: describe(schema, value, first.Errors(value)) };
    },
  };
}

/**
 * Every string in a checked value, made well-formed in place: the value is input just
 * parsed, and a lone surrogate left in it would be stored as bytes that read back as three
 * U+FFFD. Iterative, so no nesting overflows the stack.
 */
function wellFormedText(value: unknown): unknown {
  if (typeof value === "string") return wellFormed(value);
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (typeof child === "string") {
        const text = wellFormed(child);
        if (text !== child) record[key] = text;
      } else if (typeof child === "object" && child !== null) stack.push(child);
    }
  }
  return value;
}

interface Visit {
  schema: TSchema;
  value: unknown;
  pointer: string;
}

/** The first array longer than its schema's `maxItems`, found without looking at its items. */
function overLongArray(root: TSchema, value: unknown): FieldProblem | undefined {
  const stack: Visit[] = [{ schema: root, value, pointer: "" }];
  while (stack.length > 0) {
    const { schema, value, pointer } = stack.pop()!;
    const node = schema as {
      anyOf?: TSchema[];
      type?: unknown;
      properties?: Record<string, TSchema>;
      items?: unknown;
      maxItems?: number;
    };
    if (Array.isArray(node.anyOf)) {
      for (const branch of node.anyOf) stack.push({ schema: branch, value, pointer });
      const arrays = node.anyOf.filter((b) => (b as { type?: unknown }).type === "array");
      const limits = arrays.map((b) => (b as { maxItems?: number }).maxItems);
      if (Array.isArray(value) && arrays.length > 0 && limits.every((l) => l !== undefined)) {
        const limit = Math.max(...(limits as number[]));
        if (value.length > limit) return { field: fieldName(pointer), reason: tooMany(limit) };
      }
    } else if (node.type === "array" && Array.isArray(value)) {
      if (node.maxItems !== undefined && value.length > node.maxItems) {
        return { field: fieldName(pointer), reason: tooMany(node.maxItems) };
      }
      if (typeof node.items === "object" && node.items !== null) {
        const items = node.items as TSchema;
        value.forEach((item, i) =>
          stack.push({ schema: items, value: item, pointer: `${pointer}/${i}` }),
        );
      }
    } else if (node.type === "object" && isRecord(value) && node.properties !== undefined) {
      for (const [key, property] of Object.entries(node.properties)) {
        if (Object.hasOwn(value, key)) {
          stack.push({ schema: property, value: value[key], pointer: `${pointer}/${key}` });
        }
      }
    }
  }
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const tooMany = (limit: unknown) => `must have at most ${limit} items`;

/** A copy of a schema with no `uniqueItems` (TypeBox's own keys, `~kind`, `~refine`, kept). */
function withoutUniqueItems<T>(node: T, path = "#"): T {
  if (Array.isArray(node))
    return node.map((item, i) => withoutUniqueItems(item, `${path}/${i}`)) as T;
  if (typeof node !== "object" || node === null) return node;
  const descriptors = Object.getOwnPropertyDescriptors(node) as Record<string, PropertyDescriptor>;
  if (descriptors.uniqueItems?.value === true && typeof descriptors.maxItems?.value !== "number") {
    throw new Error(`${path}: uniqueItems needs a maxItems, or refusing a long array is quadratic`);
  }
  delete descriptors.uniqueItems;
  for (const [key, d] of Object.entries(descriptors)) {
    if (d.enumerable && "value" in d) d.value = withoutUniqueItems(d.value, `${path}/${key}`);
  }
  return Object.defineProperties({}, descriptors) as T;
}

/**
 * The first error, in the order the schema lists its fields. A union's branches give way to
 * it, unless the value is a list and one branch is a list: then that branch's problem (too
 * many items, a bad one) is the one to tell.
 */
function describe(root: TSchema, value: unknown, errors: TLocalizedValidationError[]) {
  const first = errors[0]!;
  const union = errors.find((e) => e.keyword === "anyOf" && e.instancePath === first.instancePath);
  const list = union !== undefined && Array.isArray(valueAt(value, union.instancePath));
  const error = (list && branchProblem(union, errors)) || union || first;
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

/** The first problem of the one branch of a union whose type the value has, if only one has. */
function branchProblem(union: TLocalizedValidationError, errors: TLocalizedValidationError[]) {
  const prefix = `${union.schemaPath}/anyOf/`;
  const branch = (e: TLocalizedValidationError) => e.schemaPath.slice(prefix.length).split("/")[0];
  const inUnion = errors.filter((e) => e.schemaPath.startsWith(prefix));
  const wrongType = new Set(
    inUnion
      .filter((e) => e.keyword === "type" && e.instancePath === union.instancePath)
      .map(branch),
  );
  const others = inUnion.filter((e) => !wrongType.has(branch(e)));
  return new Set(others.map(branch)).size === 1 ? others[0] : undefined;
}

function reason(error: TLocalizedValidationError, node: TSchema, value: unknown): string {
  const limits = node as { minLength?: number; maxLength?: number; description?: string };
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "minLength":
    case "maxLength":
      return lengthReason(limits.minLength ?? 0, limits.maxLength, value as string);
    case "maxItems":
      return tooMany(params.limit);
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
