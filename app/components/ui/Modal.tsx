import { type ReactNode, useEffect, useId, useRef } from "react";
import { focusables, trapTab } from "./focus.ts";

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** alertdialog for messages that interrupt the shopper (errors, confirmations). */
  role?: "dialog" | "alertdialog";
  /** Where focus lands when the dialog opens; the first focusable element otherwise. */
  initialFocus?: React.RefObject<HTMLElement | null>;
  className?: string;
  describedBy?: string;
}

/**
 * A modal dialog on the fixed layer (spec 9: 1050): aria-modal, focus moved in on open and back to the opener on
 * close, Tab kept inside, Escape and the backdrop close it.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  role = "dialog",
  initialFocus,
  className = "",
  describedBy,
}: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const container = panel.current;
    if (container) (initialFocus?.current ?? focusables(container)[0] ?? container).focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        closeRef.current();
      } else if (container) trapTab(event, container);
    };
    container?.addEventListener("keydown", onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      container?.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-[1050] flex items-end justify-center md:items-center">
      <div aria-hidden="true" className="absolute inset-0 bg-slate-900/50" onClick={() => onClose()} />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, both take these */}
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`relative max-h-[90vh] w-full overflow-auto rounded-t-2xl bg-white p-6 shadow-xl outline-none md:max-w-md md:rounded-2xl ${className}`}
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
