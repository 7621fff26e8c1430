import { BundleMessages, bundleLayout } from "../lib/bundle-layout.tsx";

/** Checkout's and payment's messages (ADR 0297), a locale bundle: see `bundleLayout`. */
const layout = bundleLayout("purchase");

export const handle = layout.handle;
export const loader = layout.loader;
export const clientLoader = layout.clientLoader;
export { featureMessagesRevalidate as shouldRevalidate } from "../lib/feature-messages.ts";

export default function PurchaseMessages() {
  return <BundleMessages name={handle.localeBundle} />;
}
