import { useEffect, useId, useRef, useState } from "react";
import { Modal } from "../../components/ui/Modal.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { type DialogRequest, notify, type ToastRequest } from "../../lib/notify.ts";

/** Renders what app/lib/notify.ts is asked to show: toasts in a live region, dialogs one at a time. */
export function NotifyHost() {
  const { t } = useI18n();
  const [toasts, setToasts] = useState<ToastRequest[]>([]);
  const [dialogs, setDialogs] = useState<DialogRequest[]>([]);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();

  useEffect(
    () =>
      notify.subscribe((notice) => {
        if (notice.kind === "toast") {
          setToasts((list) => [...list, notice]);
          setTimeout(
            () => setToasts((list) => list.filter((item) => item.id !== notice.id)),
            notice.durationMs,
          );
        } else setDialogs((list) => [...list, notice]);
      }),
    [],
  );

  const dialog = dialogs[0];
  const answer = (confirmed: boolean) => {
    if (!dialog) return;
    dialog.resolve(confirmed);
    setDialogs((list) => list.slice(1));
  };

  return (
    <>
      <div
        role="status"
        aria-live="polite"
        aria-label={t("shell.notifications")}
        className="pointer-events-none fixed inset-x-0 top-24 z-[1060] flex flex-col items-center gap-2 px-4"
      >
        {toasts.map((toast) => (
          <p
            key={toast.id}
            className="max-w-sm rounded-lg bg-slate-900/90 px-4 py-2 text-center text-sm text-white shadow-lg"
          >
            {toast.message}
          </p>
        ))}
      </div>
      {dialog && (
        <Modal
          key={dialog.id}
          open
          role={dialog.alert ? "alertdialog" : "dialog"}
          title={dialog.title}
          describedBy={dialog.message ? messageId : undefined}
          onClose={() => answer(false)}
          initialFocus={confirmRef}
        >
          {dialog.message && (
            <p id={messageId} className="mt-3 text-sm text-slate-700">
              {dialog.message}
            </p>
          )}
          <div className="mt-6 flex justify-end gap-3">
            {dialog.cancelText !== false && (
              <button
                type="button"
                onClick={() => answer(false)}
                className="rounded-full border border-slate-300 px-5 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
              >
                {dialog.cancelText ?? t("common.cancel")}
              </button>
            )}
            <button
              ref={confirmRef}
              type="button"
              onClick={() => answer(true)}
              className="rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {dialog.confirmText ?? t("common.confirm")}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
