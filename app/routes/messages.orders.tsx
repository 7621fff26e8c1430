import { BundleMessages, bundleLayout } from "../lib/bundle-layout.tsx";

/** The order pages' messages (ADR 0297), a locale bundle: see `bundleLayout`. */
const layout = bundleLayout("orders");

export const handle = layout.handle;
export const loader = layout.loader;
export const clientLoader = layout.clientLoader;
export { featureMessagesRevalidate as shouldRevalidate } from "../lib/feature-messages.ts";

export default function OrdersMessages() {
  return <BundleMessages name={handle.localeBundle} />;
}
