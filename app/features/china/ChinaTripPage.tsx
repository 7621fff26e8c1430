import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { ParsedDocument } from "../../../core/content/components.ts";
import type { BlockDataMap } from "../../../server/modules/content/types.ts";
import { Modal } from "../../components/ui/Modal.tsx";
import { getAppBridge } from "../../lib/bridge/index.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { ContentPage } from "../content-blocks/ContentPage.tsx";

/** The pop-up holds operator text only: no block needs resolved data. */
const NO_BLOCKS: Promise<BlockDataMap> = Promise.resolve({});

export interface ChinaTripData {
  document: ParsedDocument;
  blocks: Promise<BlockDataMap>;
  assumedWidth: number;
  popupDocument: ParsedDocument | null;
}

/**
 * spec 2 /gogochina (web) and /gogochinaApp (in the app): the China-trip content page and its pop-up. In the app,
 * block links go through /uniapp, which opens native pages with the bridge, and "Done" closes the web view.
 */
export function ChinaTripPage({ data, inApp = false }: { data: ChinaTripData; inApp?: boolean }) {
  const { t } = useI18n();
  const [popupOpen, setPopupOpen] = useState(false);
  const button =
    "rounded-full border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50";
  return (
    <>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 pt-6">
        <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{data.document.title}</h1>
        <div className="flex gap-2">
          {data.popupDocument && (
            <button
              type="button"
              className={button}
              aria-haspopup="dialog"
              onClick={() => setPopupOpen(true)}
            >
              {t("pages.china.popupOpen")}
            </button>
          )}
          {inApp && <LeaveAppPage className={button} webFallback />}
        </div>
      </div>
      <ContentPage
        document={data.document}
        blocks={data.blocks}
        assumedWidth={data.assumedWidth}
        linkChannel={inApp ? "APP" : undefined}
      />
      {data.popupDocument && (
        <Modal open={popupOpen} onClose={() => setPopupOpen(false)} title={data.popupDocument.title}>
          <ContentPage document={data.popupDocument} blocks={NO_BLOCKS} assumedWidth={data.assumedWidth} />
          <div className="mt-2 flex justify-end">
            <button type="button" className={button} onClick={() => setPopupOpen(false)}>
              {t("pages.china.close")}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

/**
 * spec 1 bridge "close the web view": leaving an app-only page. Shown once the page knows it runs in the app;
 * elsewhere, optionally, a link to the web page instead. If the app cannot close the view, the web page opens.
 */
export function LeaveAppPage({
  className,
  webFallback = false,
}: {
  className: string;
  webFallback?: boolean;
}) {
  const { t, href } = useI18n();
  const navigate = useNavigate();
  const [inApp, setInApp] = useState(false);
  useEffect(() => setInApp(getAppBridge().available), []);
  if (!inApp)
    return webFallback ? (
      <Link to={href("/gogochina")} className={className}>
        {t("pages.china.webVersion")}
      </Link>
    ) : null;
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        getAppBridge()
          .closeWebView()
          .catch(() => navigate(href("/gogochina")));
      }}
    >
      {t("pages.china.done")}
    </button>
  );
}
