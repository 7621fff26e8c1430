import { DEFAULT_SITE_CODE, type Locale } from "../../../core/constants.ts";
import { translate } from "../../../core/i18n/index.ts";
import { localePath } from "../../../core/locale-path.ts";
import { createHttpClient, type HttpClient } from "../../lib/http/client.ts";
import { notify } from "../../lib/notify.ts";

export interface ApiContext {
  locale: Locale;
  currency: string;
  channel: string;
}

const clients = new Map<string, HttpClient>();

/**
 * The storefront HTTP client for discovery pages (spec 7 headers, spec 8 outcomes: a toast for a failed
 * response, a 网络异常 / 系统异常 dialog otherwise). One per locale, currency and channel.
 */
export function discoveryApi({ locale, currency, channel }: ApiContext): HttpClient {
  const key = `${locale}|${currency}|${channel}`;
  let client = clients.get(key);
  if (!client) {
    client = createHttpClient({
      baseUrl: "",
      getHeaders: () => ({
        "x-lang": locale,
        "x-currency": currency,
        "x-channel-type": channel,
        "x-site-code": DEFAULT_SITE_CODE,
      }),
      onToast: (message) => notify.toast(message),
      onDialog: ({ titleKey, message }) => {
        void notify.dialog({ title: translate(locale, titleKey), message, cancelText: false, alert: true });
      },
      // spec 8: 401 goes to login; discovery calls are public, so this only happens if a session broke.
      onUnauthorized: (_error, { autoLogin }) => {
        if (autoLogin) window.location.assign(localePath(locale, "/login", true));
      },
    });
    clients.set(key, client);
  }
  return client;
}
