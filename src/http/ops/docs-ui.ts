// How /docs looks: Swagger UI branded as Folio (title, logo, favicon) and reading the one
// OpenAPI document the API publishes, /openapi.json, rather than the plugin's /docs/json.
import type { FastifySwaggerUiOptions } from "@fastify/swagger-ui";

/** Folio's mark: a folded page, drawn here (no image files to ship). */
const MARK = `<rect x="4" y="2" width="24" height="28" rx="3" fill="#1f4e79"/>
<path d="M20 2v8h8" fill="#9dc3e6"/><path d="M10 13h12M10 18h12M10 23h8" stroke="#fff"
stroke-width="2" stroke-linecap="round"/>`;

const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${MARK}</svg>`;
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 32" width="120" height="32">
${MARK}<text x="36" y="23" font-family="system-ui, sans-serif" font-size="20" font-weight="600"
fill="#ffffff">Folio</text></svg>`;

export const DOCUMENT_TITLE = "Folio API";
const DOCS_TITLE = `${DOCUMENT_TITLE} · docs`;
export const OPENAPI_PATH = "/openapi.json";

export function docsUiOptions(): FastifySwaggerUiOptions {
  return {
    routePrefix: "/docs",
    logo: { type: "image/svg+xml", content: Buffer.from(LOGO), href: "/docs", target: "_self" },
    theme: {
      title: DOCS_TITLE,
      favicon: [
        {
          filename: "folio.svg",
          rel: "icon",
          sizes: "any",
          type: "image/svg+xml",
          content: Buffer.from(ICON),
        },
      ],
    },
    uiConfig: {
      tryItOutEnabled: false,
      displayOperationId: true,
      // With `urls` Swagger UI loads these and ignores the plugin's own ./json.
      urls: [{ url: OPENAPI_PATH, name: DOCUMENT_TITLE }],
    },
  };
}
