// JSON → HTML with @tiptap/static-renderer. renderToHTMLString would resolve the
// extensions and rebuild every node/mark mapping per call, so the mappings are
// built here once and reused for each ProseMirror document.
import { getAttributesFromExtensions, resolveExtensions, splitExtensions } from "@tiptap/core";
import type { Node as PMNode } from "@tiptap/pm/model";
import {
  domOutputSpecToHTMLString,
  mapMarkExtensionToReactNode,
  mapNodeExtensionToReactNode,
} from "@tiptap/static-renderer/pm/html-string";
import { renderJSONContentToString, type NodeProps } from "@tiptap/static-renderer";
import { extensions } from "./schema.js";

const resolved = resolveExtensions(extensions);
const attributes = getAttributesFromExtensions(resolved);
const { nodeExtensions, markExtensions } = splitExtensions(resolved);

function escapeText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const joinChildren = (children: unknown) =>
  Array.isArray(children) ? children.join("") : typeof children === "string" ? children : "";

const render = renderJSONContentToString<PMNode["marks"][number], PMNode>({
  nodeMapping: {
    ...Object.fromEntries(
      nodeExtensions.map((ext) =>
        mapNodeExtensionToReactNode(domOutputSpecToHTMLString, ext, attributes),
      ),
    ),
    doc: ({ children }: NodeProps<PMNode, string | string[]>) => joinChildren(children),
    text: ({ node }: NodeProps<PMNode, string | string[]>) => escapeText(node.text ?? ""),
  },
  markMapping: Object.fromEntries(
    markExtensions.map((ext) =>
      mapMarkExtensionToReactNode(domOutputSpecToHTMLString, ext, attributes),
    ),
  ),
});

/** Unsanitized HTML for a normalized document; always pass it through sanitizeHtml. */
export function renderHtml(doc: PMNode): string {
  return render({ content: doc });
}
