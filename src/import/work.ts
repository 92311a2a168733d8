// The work an import or rerender hands to its worker threads, as plain data both ways, so
// the same function runs in a worker or in-thread and gives the same answers.
import { ContentError, deriveContent, type DerivedContent } from "../content/index.js";
import {
  FieldError,
  parseRecord,
  recordFrom,
  type MediaLimits,
  type ParsedRecord,
} from "./records.js";

/** A line's text or a converter's value to check, or a stored document to re-derive. */
export type Task =
  | { record: { text?: string; value?: unknown }; now: number; limits?: MediaLimits }
  | { rerender: string };

export type RecordOutcome =
  { parsed: ParsedRecord } | { refused: { field: string; reason: string } };

/** Undefined derived: a post saved with no body; it stays empty. */
export type RerenderOutcome = { derived?: DerivedContent } | { failed: string };

export type Outcome = RecordOutcome | RerenderOutcome;

export function runTask(task: Task): Outcome {
  return "rerender" in task
    ? rerenderOne(task.rerender)
    : parseOne(task.record, task.now, task.limits);
}

/** A refusal is an outcome; any other error is a bug and is thrown. */
export function parseOne(
  item: { text?: string; value?: unknown },
  now: number,
  limits?: MediaLimits,
): RecordOutcome {
  try {
    const parsed =
      item.text !== undefined
        ? parseRecord(item.text, now, limits)
        : recordFrom(item.value, now, limits);
    return { parsed };
  } catch (error) {
    if (!(error instanceof FieldError)) throw error;
    return { refused: { field: error.field, reason: error.message } };
  }
}

/** The parsed record, or its refusal thrown again as the FieldError it was. */
export function settled(outcome: RecordOutcome): ParsedRecord {
  if ("refused" in outcome) throw new FieldError(outcome.refused.field, outcome.refused.reason);
  return outcome.parsed;
}

export function rerenderOne(json: string): RerenderOutcome {
  if (json === "") return {};
  try {
    return { derived: deriveContent({ json }) };
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return { failed: `${error.path}: ${error.message}` };
  }
}
