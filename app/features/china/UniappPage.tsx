import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { UniappTarget } from "../../../core/uniapp.ts";
import type { NoteView } from "../../../server/modules/content/types.ts";
import { getAppBridge } from "../../lib/bridge/index.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { OperatorDocument } from "../pages/OperatorDocument.tsx";

const BUTTON = "rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-900";
const SECONDARY =
  "rounded-full border border-brand-700 px-5 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50";

/** In the app: asks the bridge to open the native page; without a working bridge, the web page instead. */
function OpenInApp({ target, web }: { target: Extract<UniappTarget, { kind: "page" }>; web: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const bridge = getAppBridge();
    if (!bridge.available || !target.native) {
      navigate(web, { replace: true });
      return;
    }
    bridge.navigate(target.native.code, target.native.params).catch(() => setFailed(true));
  }, [target, web, navigate]);
  return (
    <>
      <p role="status" className="mt-3 text-slate-700">
        {failed ? "" : t("pages.uniapp.opening")}
      </p>
      <Link to={web} className={`mt-6 inline-block ${BUTTON}`}>
        {t("pages.uniapp.continue")}
      </Link>
    </>
  );
}

/** spec 2 /uniapp: a note, the hand-over to a native page, or a page only the app has. */
export function UniappPage({
  target,
  web,
  note,
}: {
  target: UniappTarget;
  web: string | null;
  note: NoteView | null;
}) {
  const { t, href } = useI18n();
  if (note)
    return (
      <article className="mx-auto max-w-3xl px-4 py-8 md:px-6">
        <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{note.noteTitle}</h1>
        {note.mediaUrl && <img src={note.mediaUrl} alt="" className="mt-4 w-full rounded-2xl" />}
        <OperatorDocument html={note.noteContent} />
      </article>
    );
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t("pages.uniapp.title")}</h1>
      {target.kind === "page" && web ? (
        <OpenInApp target={target} web={web} />
      ) : (
        <>
          <p className="mt-3 text-slate-700">
            {target.kind === "live" ? t("pages.uniapp.liveOnly") : t("pages.uniapp.appOnly")}
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to={href("/app_installation_qrcode")} className={BUTTON}>
              {t("pages.uniapp.getApp")}
            </Link>
            <Link to={href("/")} className={SECONDARY}>
              {t("pages.uniapp.home")}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
