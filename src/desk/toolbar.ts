// The editor's toolbar, once: the server renders its buttons (each with its visible label and
// its shortcut) and the browser's editor binds the same list to TipTap's commands and keys.
// Pure and without imports: the browser bundle takes it as it is.

export interface Tool {
  /** The command the browser runs (editor.ts), and the button's `data-command`. */
  command: string;
  /** The button's visible text, which is also its accessible name. */
  label: string;
  /** ProseMirror's notation: Mod is Control, or Command on a Mac. */
  keys: string;
  /** Whether the button shows a state (aria-pressed): a mark or node the selection is in. */
  toggle: boolean;
}

const tool = (command: string, label: string, keys: string, toggle = true): Tool => ({
  ...{ command, label, keys, toggle },
});

/**
 * Every mark and node of the stored schema (content/schema.ts) has one; the keys are TipTap's
 * own where it has one, and the editor's own (editor.ts) for links, tables, images, embeds and
 * the rule.
 */
export const TOOLS: readonly Tool[] = [
  tool("bold", "Bold", "Mod-b"),
  tool("italic", "Italic", "Mod-i"),
  tool("underline", "Underline", "Mod-u"),
  tool("strike", "Strikethrough", "Mod-Shift-s"),
  tool("code", "Code", "Mod-e"),
  tool("highlight", "Highlight", "Mod-Shift-h"),
  tool("subscript", "Subscript", "Mod-,"),
  tool("superscript", "Superscript", "Mod-."),
  tool("link", "Link", "Mod-k"),
  tool("paragraph", "Paragraph", "Mod-Alt-0"),
  tool("heading2", "Heading 2", "Mod-Alt-2"),
  tool("heading3", "Heading 3", "Mod-Alt-3"),
  tool("heading4", "Heading 4", "Mod-Alt-4"),
  tool("bulletList", "Bulleted list", "Mod-Shift-8"),
  tool("orderedList", "Numbered list", "Mod-Shift-7"),
  tool("taskList", "Task list", "Mod-Shift-9"),
  tool("blockquote", "Quote", "Mod-Shift-b"),
  tool("codeBlock", "Code block", "Mod-Alt-c"),
  tool("horizontalRule", "Rule", "Mod-Alt-r", false),
  tool("table", "Table", "Mod-Alt-t"),
  tool("image", "Image", "Mod-Alt-i", false),
  tool("embed", "Embed", "Mod-Alt-e", false),
  tool("undo", "Undo", "Mod-z", false),
  tool("redo", "Redo", "Mod-Shift-z", false),
];

/** The keys as `aria-keyshortcuts` and a tooltip write them ("Control+Shift+S"). */
export function ariaKeys(keys: string, mac = false): string {
  return keys
    .split("-")
    .map((part) => {
      if (part === "Mod") return mac ? "Meta" : "Control";
      return part.length === 1 ? part.toUpperCase() : part;
    })
    .join("+");
}
