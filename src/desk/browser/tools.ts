// The toolbar (its buttons rendered by the server from toolbar.ts), each button bound to its
// TipTap command and kept pressed while the selection is in its mark or node; the keys of the
// commands TipTap has no shortcut for; and the bar of what the selection is in (a code
// block's language, a table's rows and columns, an image's description).
import { Extension, type Editor } from "@tiptap/core";
import { NodeSelection } from "@tiptap/pm/state";
import { TOOLS, ariaKeys } from "../toolbar.js";
import { byId } from "./dialogs.js";

/** What the commands that ask something (a link's address, an image) open. */
export interface Askers {
  link(): void;
  image(): void;
  embed(): void;
  save(): void;
}

type Run = (editor: Editor) => boolean;

const chain = (editor: Editor) => editor.chain().focus();

const COMMANDS: Record<string, Run> = {
  bold: (e) => chain(e).toggleBold().run(),
  italic: (e) => chain(e).toggleItalic().run(),
  underline: (e) => chain(e).toggleUnderline().run(),
  strike: (e) => chain(e).toggleStrike().run(),
  code: (e) => chain(e).toggleCode().run(),
  highlight: (e) => chain(e).toggleHighlight().run(),
  subscript: (e) => chain(e).toggleSubscript().run(),
  superscript: (e) => chain(e).toggleSuperscript().run(),
  paragraph: (e) => chain(e).setParagraph().run(),
  heading2: (e) => chain(e).toggleHeading({ level: 2 }).run(),
  heading3: (e) => chain(e).toggleHeading({ level: 3 }).run(),
  heading4: (e) => chain(e).toggleHeading({ level: 4 }).run(),
  bulletList: (e) => chain(e).toggleBulletList().run(),
  orderedList: (e) => chain(e).toggleOrderedList().run(),
  taskList: (e) => chain(e).toggleTaskList().run(),
  blockquote: (e) => chain(e).toggleBlockquote().run(),
  codeBlock: (e) => chain(e).toggleCodeBlock().run(),
  horizontalRule: (e) => chain(e).setHorizontalRule().run(),
  table: (e) => chain(e).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  undo: (e) => chain(e).undo().run(),
  redo: (e) => chain(e).redo().run(),
  addRowAfter: (e) => chain(e).addRowAfter().run(),
  addColumnAfter: (e) => chain(e).addColumnAfter().run(),
  deleteRow: (e) => chain(e).deleteRow().run(),
  deleteColumn: (e) => chain(e).deleteColumn().run(),
  deleteTable: (e) => chain(e).deleteTable().run(),
};

const ACTIVE: Record<string, (editor: Editor) => boolean> = {
  heading2: (e) => e.isActive("heading", { level: 2 }),
  heading3: (e) => e.isActive("heading", { level: 3 }),
  heading4: (e) => e.isActive("heading", { level: 4 }),
};

/** The keys TipTap's own extensions do not bind (toolbar.ts names them). */
export function deskKeys(askers: Askers) {
  const keysOf = (command: string) => TOOLS.find((t) => t.command === command)!.keys;
  return Extension.create({
    name: "deskKeys",
    addKeyboardShortcuts() {
      const { editor } = this;
      return {
        [keysOf("link")]: () => (askers.link(), true),
        [keysOf("image")]: () => (askers.image(), true),
        [keysOf("embed")]: () => (askers.embed(), true),
        [keysOf("table")]: () => COMMANDS.table!(editor),
        [keysOf("horizontalRule")]: () => COMMANDS.horizontalRule!(editor),
        "Mod-y": () => COMMANDS.redo!(editor),
        "Mod-s": () => (askers.save(), true),
      };
    },
  });
}

export class Toolbar {
  private readonly buttons: HTMLButtonElement[];

  constructor(
    private readonly editor: Editor,
    askers: Askers,
  ) {
    const bar = document.querySelector<HTMLElement>(".desk-toolbar")!;
    this.buttons = [...bar.querySelectorAll<HTMLButtonElement>("button[data-command]")];
    const asked: Record<string, () => void> = {
      link: askers.link,
      image: askers.image,
      embed: askers.embed,
    };
    const mac = /Mac|iPhone|iPad/.test(navigator.platform);
    for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-command]")) {
      const command = button.dataset.command!;
      button.disabled = false;
      // A press keeps the focus in the text: TipTap gives it back a frame later, and keys
      // typed before that frame would go to the button (a space presses it again).
      button.addEventListener("mousedown", (event) => event.preventDefault());
      button.addEventListener("click", () => {
        const ask = asked[command];
        if (ask !== undefined) ask();
        else COMMANDS[command]?.(editor);
      });
      const tool = TOOLS.find((t) => t.command === command);
      if (mac && tool !== undefined) {
        const keys = ariaKeys(tool.keys, true);
        button.setAttribute("aria-keyshortcuts", keys);
        button.title = `${tool.label} (${keys})`;
      }
    }
    // One stop for Tab; the arrow keys move along the bar (WAI-ARIA's toolbar pattern).
    this.buttons.forEach((b, i) => (b.tabIndex = i === 0 ? 0 : -1));
    bar.addEventListener("keydown", (event) => this.move(event));
    bar.addEventListener("focusin", (event) => {
      const target = event.target as HTMLButtonElement;
      if (this.buttons.includes(target))
        this.buttons.forEach((b) => (b.tabIndex = b === target ? 0 : -1));
    });
    this.context();
    editor.on("transaction", () => this.update());
    this.update();
  }

  private move(event: KeyboardEvent) {
    const at = this.buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at === -1) return;
    const last = this.buttons.length - 1;
    const to =
      event.key === "ArrowRight"
        ? (at + 1) % this.buttons.length
        : event.key === "ArrowLeft"
          ? (at + last) % this.buttons.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : -1;
    if (to === -1) return;
    event.preventDefault();
    this.buttons[to]!.focus();
  }

  private update() {
    const { editor } = this;
    for (const button of this.buttons) {
      if (!button.hasAttribute("aria-pressed")) continue;
      const command = button.dataset.command!;
      const active = ACTIVE[command]?.(editor) ?? editor.isActive(command);
      button.setAttribute("aria-pressed", String(active));
    }
    const undo = this.buttons.find((b) => b.dataset.command === "undo");
    const redo = this.buttons.find((b) => b.dataset.command === "redo");
    if (undo) undo.setAttribute("aria-disabled", String(!editor.can().undo()));
    if (redo) redo.setAttribute("aria-disabled", String(!editor.can().redo()));
    this.showContext();
  }

  /** The bar of the selection's block: shown while the selection is in it. */
  private context() {
    const language = byId<HTMLInputElement>("code-language");
    language.addEventListener("input", () => {
      this.editor.commands.updateAttributes("codeBlock", {
        language: language.value.trim() || null,
      });
    });
    const alt = byId<HTMLInputElement>("image-alt-inline");
    alt.addEventListener("input", () => {
      const { selection } = this.editor.state;
      if (selection instanceof NodeSelection && selection.node.type.name === "image") {
        this.editor.commands.updateAttributes("image", { alt: alt.value });
      }
    });
  }

  private showContext() {
    const { editor } = this;
    const { selection } = editor.state;
    const image = selection instanceof NodeSelection && selection.node.type.name === "image";
    const shown: Record<string, boolean> = {
      codeBlock: editor.isActive("codeBlock"),
      table: editor.isActive("table"),
      image,
    };
    const bar = byId("editor-context");
    let any = false;
    for (const group of bar.querySelectorAll<HTMLElement>("[data-when]")) {
      const on = shown[group.dataset.when!] === true;
      any ||= on;
      const was = !group.hidden;
      group.hidden = !on;
      if (on && !was) {
        // Filled when it appears, never while the writer types into it.
        if (group.dataset.when === "codeBlock") {
          byId<HTMLInputElement>("code-language").value =
            (editor.getAttributes("codeBlock").language as string | null) ?? "";
        }
      }
      if (
        on &&
        group.dataset.when === "image" &&
        document.activeElement?.id !== "image-alt-inline"
      ) {
        byId<HTMLInputElement>("image-alt-inline").value =
          (editor.getAttributes("image").alt as string | null) ?? "";
      }
    }
    bar.hidden = !any;
  }
}
