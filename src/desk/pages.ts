// The desk's few server-made pages: the sign-in confirmation behind an invite link, and the
// answers to signing in and out. A GET never spends an invite (link scanners and prefetchers
// follow links); the page's form POSTs it.
import type { FastifyReply } from "fastify";

const POLICY = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export function sendPage(reply: FastifyReply, status: number, title: string, body: string) {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)} · Folio desk</title></head>
<body><main><h1>${escape(title)}</h1>
${body}
</main></body>
</html>
`;
  return reply
    .code(status)
    .headers({
      "content-security-policy": POLICY,
      "cache-control": "no-store",
      "cross-origin-resource-policy": "same-origin",
      "x-frame-options": "DENY",
    })
    .type("text/html; charset=utf-8")
    .send(html);
}

export function signInPage(reply: FastifyReply, token: string) {
  return sendPage(
    reply,
    200,
    "Sign in to the desk",
    `<p>This link signs you in once. Continue only if you asked for it.</p>
<form method="post" action="/desk/signin">
<input type="hidden" name="token" value="${escape(token)}">
<button type="submit">Sign in</button>
</form>`,
  );
}

export function badLinkPage(reply: FastifyReply) {
  return sendPage(
    reply,
    400,
    "This sign-in link cannot be used",
    "<p>It was used already, it expired, or it was copied incompletely. Ask for a new invite.</p>",
  );
}

export function signedOutPage(reply: FastifyReply) {
  return sendPage(reply, 200, "Signed out", "<p>Your desk session has ended.</p>");
}

export function deskHome(
  reply: FastifyReply,
  who: { user: string; publication: string },
  csrf: string,
) {
  return sendPage(
    reply,
    200,
    "Desk",
    `<p>Signed in as ${escape(who.user)} to ${escape(who.publication)}.</p>
<form method="post" action="/desk/signout">
<input type="hidden" name="_csrf" value="${escape(csrf)}">
<button type="submit">Sign out</button>
</form>`,
  );
}
