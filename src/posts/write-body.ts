// A write body → the changes it asks for, checked with the shared field rules. Problems
// are 400 invalid_parameter naming the field, worded as the import words them.
import type { TSchema } from "./typebox.js";
import { MAX_JSON_DEPTH, type ContentSource } from "../content/index.js";
import { ApiError } from "../errors.js";
import { fieldValidator, type FieldProblem } from "./field-errors.js";
import { CategoriesSchema } from "./fields.js";
import {
  CreatePostBody,
  UpdatePostBody,
  type CreatePostInput,
  type UpdatePostInput,
} from "./write-fields.js";

/** What a write changes; an absent field stays as it is. */
export interface PostChanges {
  title?: string;
  subtitle?: string;
  imageUrl?: string;
  slug?: string;
  postPreview?: string;
  categories?: string[];
  authorIds?: string[];
  sendNewsletter?: boolean;
  status?: "draft" | "published" | "archived";
  /** A time to publish at; null cancels a schedule. */
  scheduledAt?: number | null;
  source?: ContentSource;
}

const checkCreate = fieldValidator(CreatePostBody);
const checkUpdate = fieldValidator(UpdatePostBody);
const checkCategories = fieldValidator(CategoriesSchema);

export function invalid(problem: FieldProblem): ApiError {
  return new ApiError("invalid_parameter", `${problem.field}: ${problem.reason}`);
}

/**
 * Refuses a body with a field nested deeper than a `json` document may be (MAX_JSON_DEPTH
 * levels, the field itself the first), naming the field, before anything walks it
 * recursively: hashing, checking or handing it to a worker would overflow the stack.
 * One pass, iterative, linear in the body's size.
 */
export function checkDepth(body: unknown): void {
  if (typeof body !== "object" || body === null) return;
  type Frame = { value: object; depth: number; field: string };
  const stack: Frame[] = [{ value: body, depth: 0, field: "body" }];
  while (stack.length > 0) {
    const { value, depth, field } = stack.pop()!;
    if (depth > MAX_JSON_DEPTH) {
      throw invalid({ field, reason: `must not be nested deeper than ${MAX_JSON_DEPTH} levels` });
    }
    // Only containers are pushed: a long list of strings or numbers costs one look each.
    if (Array.isArray(value)) {
      for (const child of value as unknown[]) {
        if (typeof child === "object" && child !== null) {
          stack.push({ value: child, depth: depth + 1, field });
        }
      }
      continue;
    }
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (typeof child === "object" && child !== null) {
        stack.push({ value: child, depth: depth + 1, field: depth === 0 ? key : field });
      }
    }
  }
}

export function createChanges(body: unknown): PostChanges {
  const input: CreatePostInput = checked(checkCreate, body);
  const changes = common(input);
  if (changes.source === undefined) {
    throw invalid({ field: "markdown", reason: "is required (or json)" });
  }
  return changes;
}

export function updateChanges(body: unknown): PostChanges {
  return common(checked(checkUpdate, body ?? {}));
}

function checked<T>(validator: ReturnType<typeof fieldValidator<TSchema>>, body: unknown): T {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError("invalid_parameter", "body: must be a JSON object");
  }
  const result = validator.check(body);
  if (!result.ok) throw invalid(result.problem);
  return result.value as T;
}

function common(input: CreatePostInput | UpdatePostInput): PostChanges {
  const { categories, sendNewsletter, markdown, json, ...rest } = input;
  const changes: PostChanges = { ...rest };
  if (categories !== undefined) changes.categories = categoryList(categories);
  if (sendNewsletter !== undefined) {
    changes.sendNewsletter =
      sendNewsletter === true || sendNewsletter === "true" || sendNewsletter === "1";
  }
  if (markdown !== undefined && json !== undefined) {
    throw invalid({ field: "json", reason: "give json or markdown, not both" });
  }
  if (markdown !== undefined) changes.source = { markdown };
  if (json !== undefined) changes.source = { json };
  return changes;
}

/** "a, b" → ["a", "b"]; then the import's rules (≤ 100 distinct names of 1–100). */
function categoryList(value: string | string[]): string[] {
  const list =
    typeof value === "string"
      ? value
          .split(",")
          .map((c) => c.trim())
          .filter(Boolean)
      : value;
  const result = checkCategories.check(list);
  if (!result.ok) {
    const field = typeof value === "string" ? "categories" : `categories${result.problem.field}`;
    throw invalid({ field, reason: result.problem.reason });
  }
  return result.value;
}
