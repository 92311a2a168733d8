// The one TipTap extension set and ProseMirror schema for stored documents.
// Built once at module load: building a schema costs far more than rendering.
import { getSchema, Node, mergeAttributes, type AnyExtension } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";
import Highlight from "@tiptap/extension-highlight";
import Subscript from "@tiptap/extension-subscript";
import Superscript from "@tiptap/extension-superscript";
import Image from "@tiptap/extension-image";
import { TableKit } from "@tiptap/extension-table";
import { TaskList, TaskItem } from "@tiptap/extension-list";

/** A video/tweet-like embed, stored as attributes and rendered as a link card (never an iframe). */
const Embed = Node.create({
  name: "embed",
  group: "block",
  atom: true,
  addAttributes() {
    return {
      url: { default: null, renderHTML: () => ({}) },
      provider: {
        default: null,
        renderHTML: (a) => (a.provider ? { "data-provider": a.provider } : {}),
      },
      title: { default: null, renderHTML: () => ({}) },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-type="embed"]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const url = String(node.attrs.url ?? "");
    const label = String(node.attrs.title || url);
    return [
      "div",
      mergeAttributes(HTMLAttributes, { "data-type": "embed" }),
      ["a", { href: url }, label],
    ];
  },
});

/**
 * The link mark's check of an href at render, as TipTap's own default decides it, without
 * building that default's RegExp for every link: an href that begins with `http:` or `https:`
 * passes it whatever follows (the whitespace it strips cannot reach those first characters).
 */
const WEB_SCHEME = /^https?:/i;
export function allowedLinkUri(
  url: string,
  ctx: { defaultValidate: (url: string) => boolean },
): boolean {
  return WEB_SCHEME.test(url) || ctx.defaultValidate(url);
}

export const extensions: AnyExtension[] = [
  StarterKit.configure({
    // rel/target/class must never come from the document: the sanitizer decides them.
    link: {
      openOnClick: false,
      autolink: false,
      isAllowedUri: allowedLinkUri,
      HTMLAttributes: { target: null, rel: null, class: null },
    },
    // Editor-only behaviour that has no meaning for stored content.
    dropcursor: false,
    gapcursor: false,
    undoRedo: false,
    trailingNode: false,
  }),
  Highlight,
  Subscript,
  Superscript,
  Image,
  TableKit.configure({ table: { resizable: false } }),
  TaskList,
  TaskItem.configure({ nested: true }),
  Embed,
];

export const schema = getSchema(extensions);
