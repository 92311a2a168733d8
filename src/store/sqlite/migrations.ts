// Versioned schema steps for the SQLite store. Append only: a released step never changes.
import { authoringSteps } from "./schema-authoring.js";
import { bytesSteps } from "./schema-bytes.js";
import { contentPlaceSteps } from "./schema-content-place.js";
import { deskSteps } from "./schema-desk.js";
import { discoverySteps } from "./schema-discovery.js";
import { postsSteps } from "./schema-posts.js";
import { searchSteps } from "./schema-search.js";
import { sitePagesSteps } from "./schema-site-pages.js";
import { searchPendingSteps } from "./schema-search-pending.js";
import { webhooksSteps } from "./schema-webhooks.js";

// The version table: a step's version is its place in this list, so a new step only ever goes
// last (at the end of the last file, or in a new file spread last). Each schema-*.ts types its
// steps as a tuple of their count: growing one is a visible change, right only for the last.
export const migrations: readonly string[] = [
  ...postsSteps, // 1–2
  ...authoringSteps, // 3–6
  ...discoverySteps, // 7–9
  ...webhooksSteps, // 10
  ...bytesSteps, // 11
  ...searchSteps, // 12
  ...deskSteps, // 13
  ...searchPendingSteps, // 14
  ...sitePagesSteps, // 15
  ...contentPlaceSteps, // 16
];
