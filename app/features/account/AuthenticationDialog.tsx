import { Modal } from "../../components/ui/Modal.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { LoginPanel, type LoginTab } from "./LoginPanel.tsx";

/**
 * spec 2 checkout "authentication popup": the login page as a dialog, so checkout keeps the shopper's place.
 * After a login the root data (user) is refreshed in place and `onClose` is called; the page stays.
 * Import it lazily (React.lazy) from the page that needs it, so its code stays out of that page's chunk.
 */
export function AuthenticationDialog({
  open,
  onClose,
  initialTab = "password",
}: {
  open: boolean;
  onClose: () => void;
  initialTab?: LoginTab;
}) {
  const { t } = useI18n();
  return (
    <Modal open={open} onClose={onClose} title={t("accountUi.popup.title")}>
      <div className="mt-4">
        <LoginPanel initialTab={initialTab} stay onDone={onClose} />
      </div>
    </Modal>
  );
}
