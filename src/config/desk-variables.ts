// The writer's desk: sign-in invites, sessions, and the images writers upload.
import type { ConfigVariable } from "../config-schema.js";

export const DESK_VARIABLES = [
  {
    name: "DESK_INVITE_TTL_MS",
    fallback: String(24 * 3600 * 1000),
    meaning:
      "how long a `npx folio desk invite` link may be used (a day); it signs in once ([docs/desk.md](docs/desk.md))",
  },
  {
    name: "DESK_SESSION_IDLE_MS",
    fallback: String(7 * 24 * 3600 * 1000),
    meaning: "a desk session unused this long (a week) has ended",
  },
  {
    name: "DESK_SESSION_MAX_MS",
    fallback: String(30 * 24 * 3600 * 1000),
    meaning: "a desk session ends this long (30 days) after its sign-in, however active",
  },
  {
    name: "MEDIA_MAX_BYTES",
    fallback: String(20 * 1024 * 1024),
    meaning:
      "largest image upload (20 MiB); a larger one is `413`; `npx folio import` holds an image line's sizes to it too",
    alsoImport: true,
  },
  {
    name: "MEDIA_MAX_PIXELS",
    fallback: String(40_000_000),
    meaning:
      "most pixels (width × height, 40 megapixels) an uploaded image may have; read from its header and refused with `413` before it is decoded (and by `npx folio import` for an image line)",
    alsoImport: true,
  },
] as const satisfies readonly ConfigVariable[];
