import { FEATURE_MESSAGE_BUNDLES, type FeatureMessageBundle, messagesOf } from "../../core/i18n/index.ts";
import { splitLocale } from "../../core/locale-path.ts";

/** A feature layout's loader data: its bundle's messages in the page's locale. */
export function featureMessages(url: URL, bundle: FeatureMessageBundle) {
  return { messages: messagesOf(splitLocale(url.pathname).locale, FEATURE_MESSAGE_BUNDLES[bundle]) };
}
