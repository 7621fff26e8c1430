import { Link, useRevalidator } from "react-router";
import type { NotificationView } from "../../../server/modules/notification/service.ts";
import { LocalTime } from "../../components/ui/LocalTime.tsx";
import { useApi } from "../../lib/api.ts";
import { useI18n } from "../../lib/i18n.tsx";

/** spec 2 /ucenter/push: the notices, unread ones marked, each with its link and a way to mark it read. */
export function NoticeList({ notices }: { notices: NotificationView[] }) {
  const { t, href } = useI18n();
  const api = useApi();
  const revalidator = useRevalidator();
  const unread = notices.filter((n) => !n.read).length;

  async function markRead(body: { ids: number[] } | { all: true }) {
    await api.post("/o2cum/v1/customer/notifications/read", body);
    // The page and the account menu's count (root loader) both refresh.
    await revalidator.revalidate();
  }

  if (notices.length === 0) return <p className="mt-6 text-slate-700">{t("notify.empty")}</p>;
  return (
    <>
      {unread > 0 && (
        <button
          type="button"
          onClick={() => void markRead({ all: true })}
          className="mt-4 rounded-full border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t("notify.markAllRead")}
        </button>
      )}
      <ul className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200">
        {notices.map((notice) => (
          <li key={notice.id} className={`p-4 ${notice.read ? "" : "bg-brand-50"}`}>
            <article aria-labelledby={`notice-${notice.id}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 id={`notice-${notice.id}`} className="font-semibold text-slate-900">
                  {!notice.read && (
                    <span className="mr-2 rounded bg-brand-700 px-1.5 py-0.5 text-xs text-white">
                      {t("notify.unread")}
                    </span>
                  )}
                  {notice.title}
                </h3>
                <LocalTime iso={notice.createdAt} className="text-xs text-slate-700" />
              </div>
              <p className="mt-1 text-sm text-slate-800">{notice.body}</p>
              <div className="mt-2 flex gap-4 text-sm">
                {notice.link && (
                  <Link
                    to={href(notice.link)}
                    className="text-brand-700 underline"
                    onClick={() => {
                      if (!notice.read)
                        void api.post("/o2cum/v1/customer/notifications/read", { ids: [notice.id] });
                    }}
                  >
                    {t("notify.open")}
                  </Link>
                )}
                {!notice.read && (
                  <button
                    type="button"
                    className="text-brand-700 underline"
                    aria-describedby={`notice-${notice.id}`}
                    onClick={() => void markRead({ ids: [notice.id] })}
                  >
                    {t("notify.markRead")}
                  </button>
                )}
              </div>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
