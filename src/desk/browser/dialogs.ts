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
    dialog.addEventListener("cancel", cancel);
    dialog.addEventListener(
      "close",
      () => {
        dialog.removeEventListener("cancel", cancel);
        resolve(dialog.returnValue);
      },
      { once: true },
    );
    dialog.returnValue = "";
    dialog.showModal();
  });
}
