import { BundleMessages, bundleLayout } from "../lib/bundle-layout.tsx";

/** The content pages' messages (ADR 0293), a locale bundle: see `bundleLayout`. */
const layout = bundleLayout("content");

export const handle = layout.handle;
export const loader = layout.loader;
export const clientLoader = layout.clientLoader;
export { featureMessagesRevalidate as shouldRevalidate } from "../lib/feature-messages.ts";

export default function ContentMessages() {
  return <BundleMessages name={handle.localeBundle} />;
}
