// The editor's questions, as the page's own <dialog>s (templates.ts): modal, labelled, closed
// by Escape (as "cancel") and giving focus back where it was.

export function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`the desk's page has no #${id}`);
  return element as T;
}

/**
 * Opens the dialog and answers the value of the button that closed it ("" for Escape).
 * `required`: Escape does not close it; a choice must be made.
 */
export function ask(dialog: HTMLDialogElement, required = false): Promise<string> {
  return new Promise((resolve) => {
    const cancel = (event: Event) => {
      if (required) event.preventDefault();
    };
    // Enter in a field submits on its keyup, not its keydown: closing at keydown gives focus
    // back to the editor, which would then take the rest of the keystroke and replace the
    // text the dialog was about (a link's words) with a new paragraph.
    let entered = false;
    const down = (event: KeyboardEvent) => {
      if (event.key !== "Enter" || !isField(event.target)) return;
      event.preventDefault();
      entered = true;
    };
    const up = (event: KeyboardEvent) => {
      if (event.key !== "Enter" || !entered) return;
      entered = false;
      const form = dialog.querySelector("form");
      form?.requestSubmit(form.querySelector<HTMLButtonElement>("button[value]"));
    };
    dialog.addEventListener("cancel", cancel);
    dialog.addEventListener("keydown", down);
    dialog.addEventListener("keyup", up);
    dialog.addEventListener(
      "close",
      () => {
        dialog.removeEventListener("cancel", cancel);
        dialog.removeEventListener("keydown", down);
        dialog.removeEventListener("keyup", up);
        resolve(dialog.returnValue);
      },
      { once: true },
    );
    dialog.returnValue = "";
    dialog.showModal();
  });
}

function isField(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement && !["file", "checkbox", "radio"].includes(target.type);
}
