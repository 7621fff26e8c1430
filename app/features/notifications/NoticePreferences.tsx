import { useState } from "react";
import type { NotificationPreference } from "../../../server/modules/notification/service.ts";
import { useApi } from "../../lib/api.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { notify } from "../../lib/notify.ts";

/** Per kind, e-mail and/or the notification centre; receipts and deliveries always go by e-mail (ADR 0204). */
export function NoticePreferences({ initial }: { initial: NotificationPreference[] }) {
  const { t } = useI18n();
  const api = useApi();
  const [rows, setRows] = useState(initial);
  const [saving, setSaving] = useState(false);

  const set = (kind: string, field: "email" | "inApp", value: boolean) =>
    setRows((current) => current.map((row) => (row.kind === kind ? { ...row, [field]: value } : row)));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await api.put<{ preferences: NotificationPreference[] }>(
        "/o2cum/v1/customer/notification-preferences",
        { preferences: rows.map(({ kind, email, inApp }) => ({ kind, email, inApp })) },
      );
      setRows(saved.preferences);
      notify.toast(t("notify.prefs.saved"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} className="mt-4">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-slate-800">
            <th scope="col" className="py-2 font-semibold">
              {t("notify.prefs.kind")}
            </th>
            <th scope="col" className="py-2 font-semibold">
              {t("notify.prefs.email")}
            </th>
            <th scope="col" className="py-2 font-semibold">
              {t("notify.prefs.inApp")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const kind = t(`notify.kind.${row.kind}`);
            return (
              <tr key={row.kind} className="border-b border-slate-100">
                <th scope="row" className="py-2 font-normal text-slate-800">
                  {kind}
                </th>
                <td className="py-2">
                  {row.emailOptional ? (
                    <input
                      type="checkbox"
                      aria-label={`${kind}: ${t("notify.prefs.email")}`}
                      checked={row.email}
                      onChange={(event) => set(row.kind, "email", event.target.checked)}
                    />
                  ) : (
                    <span className="text-slate-700">{t("notify.prefs.always")}</span>
                  )}
                </td>
                <td className="py-2">
                  <input
                    type="checkbox"
                    aria-label={`${kind}: ${t("notify.prefs.inApp")}`}
                    checked={row.inApp}
                    onChange={(event) => set(row.kind, "inApp", event.target.checked)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button
        type="submit"
        disabled={saving}
        className="mt-4 rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
      >
        {t("notify.prefs.save")}
      </button>
    </form>
  );
}
