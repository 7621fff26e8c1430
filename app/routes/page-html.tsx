import { data } from "react-router";
import { legalPageKind, legalPageVersion } from "../../core/legal-page.ts";
import { appContext } from "../context.ts";
import { LegalDocument } from "../features/pages/LegalDocument.tsx";
import { RefundPolicyTerms } from "../features/pages/RefundPolicyTerms.tsx";
import { pageMessage } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import { serviceError } from "../lib/service-error.ts";
import type { Route } from "./+types/page-html";

export const handle = { messages: ["pages"] } satisfies MessagesHandle;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const store = pageMessage(matches, "app.name") ?? "eSIM";
  const title = loaderData?.title ?? pageMessage(matches, "pages.legal.title");
  return [{ title: title ? `${title} | ${store}` : store }];
}

// spec 2 /pageHtml?htmlType=|type=|url=: the terms, the privacy policy or the refund policy, version in force
// unless ?version= names an earlier one. A foreign or unknown url, or an unknown type, is the spec's 404.
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const query = new URL(request.url).searchParams;
  const kind = legalPageKind(query, app.request.origin);
  const version = legalPageVersion(query);
  if (kind === null || version === null) throw data(null, { status: 404 });
  try {
    const document = await app.services.pages.legalDocument(kind, app.request.locale, version);
    // The refund policy page says what the operator's policy data allows (issue 29, ADR 0353); a change to it
    // drops the cached page (the content tag).
    if (kind !== "refundPolicy") return { ...document, refundPolicy: null };
    return { ...document, refundPolicy: await app.services.refund.publicPolicy() };
  } catch (error) {
    if (serviceError(error)?.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export default function PageHtml({ loaderData }: Route.ComponentProps) {
  return (
    <LegalDocument document={loaderData}>
      {loaderData.refundPolicy && <RefundPolicyTerms policy={loaderData.refundPolicy} />}
    </LegalDocument>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
