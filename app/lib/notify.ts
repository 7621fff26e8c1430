import { TOAST_MS } from "../../core/constants.ts";

/**
 * Toasts and dialogs for any code, including code outside React (the HTTP client, spec 8): a tiny event
 * emitter that the shell's notification host renders. Nothing here depends on React or the DOM.
 */
export interface ToastRequest {
  kind: "toast";
  id: number;
  message: string;
  durationMs: number;
}

export interface DialogOptions {
  title: string;
  message?: string;
  /** Defaults to the shared 确定 text. */
  confirmText?: string;
  /** Defaults to the shared 取消 text; `false` shows only the confirm button. */
  cancelText?: string | false;
  /** An alert interrupts the shopper (role=alertdialog): network and system errors. */
  alert?: boolean;
}

export interface DialogRequest extends DialogOptions {
  kind: "dialog";
  id: number;
  resolve(confirmed: boolean): void;
}

export type Notice = ToastRequest | DialogRequest;
type Listener = (notice: Notice) => void;

const listeners = new Set<Listener>();
const waiting: Notice[] = [];
let nextId = 1;

function emit(notice: Notice) {
  // Notices raised before the host mounts (for example during hydration) wait for it instead of being lost.
  if (listeners.size === 0) waiting.push(notice);
  for (const listener of listeners) listener(notice);
}

export const notify = {
  /** spec 9: a toast shows for 2000 ms unless told otherwise. */
  toast(message: string, options: { durationMs?: number } = {}): void {
    emit({ kind: "toast", id: nextId++, message, durationMs: options.durationMs ?? TOAST_MS });
  },

  /** Resolves true when confirmed, false when cancelled or dismissed with Escape. */
  dialog(options: DialogOptions): Promise<boolean> {
    return new Promise((resolve) => emit({ kind: "dialog", id: nextId++, ...options, resolve }));
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    for (const notice of waiting.splice(0)) listener(notice);
    return () => {
      listeners.delete(listener);
    };
  },
};
