// The desk's editor as the browser loads it: the script and stylesheet `npm run build` bundles
// into dist/desk/ (scripts/build.js, esbuild), read once at start and served under names made
// from their hash, so a browser may keep them forever and a new build is a new address.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { Answer } from "../http/wire/answer.js";
import { sendAnswer } from "../http/edge/send-answer.js";

/** dist/desk/, beside dist/src/ where this module runs from. */
export const BUNDLE_DIR = fileURLToPath(new URL("../../desk/", import.meta.url));

const FILES = {
  script: { file: "editor.js", type: "text/javascript; charset=utf-8", ext: "js" },
  style: { file: "editor-style.css", type: "text/css; charset=utf-8", ext: "css" },
  passkey: { file: "passkey.js", type: "text/javascript; charset=utf-8", ext: "js" },
} as const;

export const ASSET_CACHE = "public, max-age=31536000, immutable";

export interface AssetPaths {
  script: string;
  style: string;
  /** The passkey buttons of the sign-in page and the writer's list. */
  passkey: string;
}

export class DeskAssets {
  /** Where the page finds each file; undefined when the bundle was not built. */
  readonly paths: AssetPaths | undefined;
  private readonly answers = new Map<string, Answer>();

  constructor(dir = BUNDLE_DIR) {
    const paths: Partial<AssetPaths> = {};
    for (const [role, { file, type, ext }] of Object.entries(FILES)) {
      const path = `${dir}${file}`;
      if (!existsSync(path)) return;
      const body = readFileSync(path);
      const hash = createHash("sha256").update(body).digest("base64url").slice(0, 12);
      const name = `${file.slice(0, file.lastIndexOf("."))}.${hash}.${ext}`;
      this.answers.set(name, new Answer(body, type, []));
      paths[role as keyof AssetPaths] = `/desk/assets/${name}`;
    }
    this.paths = paths as AssetPaths;
  }

  /** The bytes of each file as served (for the size budget's test). */
  bytes(role: keyof AssetPaths): Buffer | undefined {
    const path = this.paths?.[role];
    return path === undefined
      ? undefined
      : this.answers.get(path.slice("/desk/assets/".length))?.body;
  }

  routes(app: FastifyInstance) {
    app.get("/desk/assets/:file", async (request, reply) => {
      const answer = this.answers.get((request.params as { file: string }).file);
      reply.header("cross-origin-resource-policy", "same-origin");
      return sendAnswer(request, reply, answer, ASSET_CACHE, "No such desk asset");
    });
  }
}
