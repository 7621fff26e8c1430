import {
  compiledOf,
  FEATURE_MESSAGE_BUNDLES,
  type FeatureMessageBundle,
  messagesOf,
} from "../../core/i18n/index.ts";
import { pageLocale } from "../../core/locale-path.ts";

/** A feature layout's loader data: its bundle's messages in the page's locale, with its ICU messages parsed. */
export function featureMessages(url: URL, bundle: FeatureMessageBundle) {
  const locale = pageLocale(url);
  return {
    messages: messagesOf(locale, FEATURE_MESSAGE_BUNDLES[bundle]),
    compiled: compiledOf(locale, FEATURE_MESSAGE_BUNDLES[bundle]),
  };
}
