// The OpenAPI 3.1 document, generated at startup from the route schemas (never written by
// hand), served at /openapi.json, and the Swagger UI at /docs that reads it.
import { createRequire } from "node:module";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { DOCUMENT_TITLE, OPENAPI_PATH, docsUiOptions } from "./docs-ui.js";
import { API_KEY_SCHEME } from "../wire/docs.js";

const { version } = createRequire(import.meta.url)("../../../../package.json") as {
  version: string;
};

const DESCRIPTION = `Folio publishes the posts of publications. Anyone may read what is
published: a post by its id or its slugs, publications, authors, lists, feeds and search.
With a publication's API key, its posts are written (the authoring API) and its webhook
endpoints managed; its writers write them at the desk, signed in with a session cookie. Errors are always a JSON envelope
\`{ success: false, msg, error, requestId }\` with a stable \`error\` code.`;

// Swagger UI sets inline style attributes; everything else comes from this origin.
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
  "form-action 'self'",
].join("; ");

/** What a part of the app installed above http/ adds to the document's root. */
export interface OpenApiExtension {
  tags: { name: string; description: string }[];
  securitySchemes: Record<string, object>;
}

/** Must run before the routes are registered: the document is built from the routes seen. */
export async function registerOpenApi(
  app: FastifyInstance,
  extensions: readonly OpenApiExtension[] = [],
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: DOCUMENT_TITLE, version, description: DESCRIPTION },
      tags: [
        { name: "posts", description: "One published post, by its id or by slugs" },
        { name: "lists", description: "Published posts, newest first, a page at a time" },
        { name: "publications", description: "A publication by id, slug or custom domain" },
        { name: "users", description: "An author by id or wallet address" },
        { name: "search", description: "Full-text search of posts and publications" },
        { name: "feeds", description: "RSS, Atom and JSON Feed for readers' apps" },
        { name: "authoring", description: "A publication's own posts, with its API key" },
        { name: "webhooks", description: "A publication's webhook endpoints and deliveries" },
        ...extensions.flatMap((e) => e.tags),
        { name: "operations", description: "Health of the running process" },
      ],
      components: {
        securitySchemes: {
          [API_KEY_SCHEME]: {
            type: "http",
            scheme: "bearer",
            description:
              "A publication's API key (`folio keys create`): `Authorization: Bearer folio_sk_…`",
          },
          ...Object.assign({}, ...extensions.map((e) => e.securitySchemes)),
        },
      },
    },
    // Only documented operations: OPTIONS and 405 answers carry no tags.
    hideUntagged: true,
    // Shared schemas keep their own names (Post, Error, Author, Social) in the document.
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => idOf(json) ?? `def-${i}` },
  });
  await app.register(swaggerUi, { ...docsUiOptions(), staticCSP: DOCS_CSP });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header("cache-control", "public, max-age=300").send(app.swagger()),
  );
}

function idOf(json: unknown): string | undefined {
  const id = (json as { $id?: unknown }).$id;
  return typeof id === "string" ? id : undefined;
}
