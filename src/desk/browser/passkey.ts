// Passkeys in the desk's own pages: "Sign in with a passkey" where a writer has no session, and
// "Add a passkey" on the writer's list. The ceremonies are the browser's WebAuthn, driven by
// @simplewebauthn/browser (the server's library's twin). Without this script, or in a browser
// without WebAuthn, the button stays hidden and an invite link still signs in.
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";
import { DeskApi, Unreachable, type Answer } from "./api.js";

const box = document.querySelector<HTMLElement>("[data-passkey]");
if (box !== null) wire(box);

function wire(box: HTMLElement) {
  const button = box.querySelector<HTMLButtonElement>(".passkey-button");
  const status = box.querySelector<HTMLElement>(".passkey-status");
  if (button === null || status === null) return;
  if (!browserSupportsWebAuthn()) {
    status.textContent = "This browser cannot use passkeys.";
    return;
  }
  const csrf = document.querySelector<HTMLInputElement>('input[name="_csrf"]')?.value ?? "";
  const api = new DeskApi(csrf);
  const signingIn = box.dataset.passkey === "signin";
  button.hidden = false;
  button.addEventListener("click", () => {
    button.disabled = true;
    status.textContent = signingIn
      ? "Waiting for your passkey…"
      : "Follow your browser's steps to make a passkey…";
    const done = signingIn ? signIn(api, box.dataset.return) : register(api, box);
    void done
      .catch((error: unknown) => failure(error))
      .then((text) => {
        if (text !== undefined) status.textContent = text;
        button.disabled = false;
      });
  });
}

async function signIn(api: DeskApi, back: string | undefined): Promise<string | undefined> {
  const asked = await api.signInOptions();
  if (asked.json === undefined) return refused(asked);
  const response = await startAuthentication({ optionsJSON: asked.json as never });
  const started = await api.signIn(response);
  if (started.json === undefined) return refused(started);
  // Only back into the desk: the page names where the writer was going.
  const target = back !== undefined && /^\/desk(?:[/?]|$)/.test(back) ? back : "/desk";
  location.assign(target);
  return "Signed in.";
}

async function register(api: DeskApi, box: HTMLElement): Promise<string | undefined> {
  const asked = await api.passkeyOptions();
  if (asked.json === undefined) return refused(asked);
  const response = await startRegistration({ optionsJSON: asked.json as never });
  const saved = await api.addPasskey(response);
  if (saved.json === undefined) return refused(saved);
  const count = box.querySelector<HTMLElement>(".passkey-count");
  const had = Number(count?.dataset.count ?? "0") + 1;
  if (count) {
    count.dataset.count = String(had);
    count.textContent = had === 1 ? "You have 1 passkey." : `You have ${had} passkeys.`;
  }
  return "Passkey added: from now on it signs you in on this device, without an invite link.";
}

function refused(answer: Answer): string {
  return `The desk refused: ${answer.message ?? `status ${answer.status}`}`;
}

function failure(error: unknown): string {
  if (error instanceof Unreachable) return "The desk cannot be reached. Check the connection.";
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") {
    return "No passkey was used (cancelled or timed out). Try again, or use an invite link.";
  }
  if (name === "InvalidStateError") return "This device already holds a passkey for you here.";
  return `The passkey could not be used: ${error instanceof Error ? error.message : String(error)}`;
}
