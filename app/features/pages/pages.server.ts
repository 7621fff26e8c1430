import { data } from "react-router";
import type { InfoPageKey } from "../../../db/schema/pages.ts";
import type { AppLoadContext } from "../../context.ts";
import { serviceError } from "../../lib/service-error.ts";

/** An about-us or join-us page in the request's locale; a missing one is the spec's 404. */
export async function loadInfoPage(app: AppLoadContext, pageKey: InfoPageKey) {
  try {
    return await app.services.pages.infoPage(pageKey, app.request.locale);
  } catch (error) {
    if (serviceError(error)?.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}
