import { data } from "react-router";
import { parseDocumentData } from "../../../core/content/components.ts";
import type { AppLoadContext } from "../../context.ts";
import { loadPublishedPage } from "../content-blocks/load-page.server.ts";

/** The China-trip page codes (db/seed/content-pages.ts); operators edit them like any content page. */
export const CHINA_PAGE = "gogochina";
export const CHINA_POPUP_PAGE = "gogochina-popup";

/** spec 2 /gogochina, /gogochinaApp: the landing page, with the pop-up's document for its dialog. */
export async function loadChinaTrip(app: AppLoadContext) {
  const [page, popup] = await Promise.all([
    loadPublishedPage(app, { pageCode: CHINA_PAGE }),
    app.services.content.publishedPage(app.request.siteCode, app.request.locale, {
      pageCode: CHINA_POPUP_PAGE,
    }),
  ]);
  return { ...page, popupDocument: popup ? parseDocumentData(popup.document) : null };
}

/** spec 2 /gogochina/popupContent: the pop-up's content on its own (the app opens it in a web view). */
export async function loadChinaPopup(app: AppLoadContext) {
  const page = await loadPublishedPage(app, { pageCode: CHINA_POPUP_PAGE });
  if (!page) throw data(null, { status: 404 });
  return page;
}
