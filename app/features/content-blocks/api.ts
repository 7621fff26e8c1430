import { useMemo, useRef } from "react";
import { DEFAULT_SITE_CODE } from "../../../core/constants.ts";
import type { ScoreList } from "../../../core/lists.ts";
import type { NoteView } from "../../../server/modules/content/types.ts";
import type { RecommendedProduct } from "../../../server/modules/recommend/service.ts";
import type { HttpClient } from "../../lib/http/client.ts";
import { useI18n, useRootData } from "../../lib/i18n.tsx";
import { notify } from "../../lib/notify.ts";
import { usePageContext } from "./page-context.tsx";

/**
 * The content calls the browser makes after the first render (spec 7): tab lists page through the recommend
 * API and load notes. Headers follow the shopper's language and currency, name the online shop and tenant
 * (x-online-shop, x-tenant); a preview page adds x-preview. The HTTP client is loaded on the first call (ADR 0417):
 * every call comes after an effect or a press, and home's first load does without it.
 */
export function useContentApi() {
  const { locale, currency, channel, site } = useRootData();
  const { t } = useI18n();
  const { preview, shop } = usePageContext();
  // spec 7: content calls name the online shop and the tenant; a preview's shopCode and tenantId come first.
  const onlineShop = shop?.onlineShopCode ?? site.onlineShopCode;
  const tenant = shop?.tenantId ?? site.tenantId;
  // Read through a ref so the client (and every effect that depends on it) stays the same across renders.
  const headers = useRef({
    locale,
    currency: currency.currencyCode,
    channel,
    preview,
    t,
    onlineShop,
    tenant,
  });
  headers.current = { locale, currency: currency.currencyCode, channel, preview, t, onlineShop, tenant };

  return useMemo(() => {
    let loaded: Promise<HttpClient> | null = null;
    const client = () =>
      (loaded ??= import("../../lib/http/client.ts").then(({ createHttpClient }) =>
        createHttpClient({
          baseUrl: "",
          getHeaders: () => ({
            "x-channel-type": headers.current.channel,
            "x-site-code": DEFAULT_SITE_CODE,
            "x-lang": headers.current.locale,
            "x-currency": headers.current.currency,
            "x-online-shop": headers.current.onlineShop,
            "x-tenant": headers.current.tenant,
            ...(headers.current.preview ? { "x-preview": "1" } : {}),
          }),
          onToast: (message) => notify.toast(message),
          onDialog: (dialog) => {
            void notify.dialog({
              title: headers.current.t(dialog.titleKey),
              message: dialog.message,
              alert: true,
              cancelText: false,
            });
          },
          onUnauthorized: () => undefined,
        }),
      ));
    return {
      /**
       * spec 7 score mode; spec 8: a tab's product fetch failure is silently ignored (silent: no toast). A row's
       * "Show all" (ADR 0296) asks for the toast: the shopper pressed it and keeps the tile to try again.
       */
      recommend: (
        query: { recommendCode: string; size: number; maxScore?: number },
        signal?: AbortSignal,
        { silent = true }: { silent?: boolean } = {},
      ) =>
        client().then((http) =>
          http.list<ScoreList<RecommendedProduct>>("/o2pcm/v1/pub/product/recommend", {
            data: query,
            silent,
            signal,
          }),
        ),
      notes: (noteCodeList: string[], signal?: AbortSignal) =>
        client().then((http) =>
          http.post<Record<string, NoteView>>(
            "/o2cms/v1/pub/cms-note/note-codes",
            { noteCodeList },
            { silent: true, signal },
          ),
        ),
    };
  }, []);
}
