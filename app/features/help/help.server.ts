import { data } from "react-router";
import { HELP_SLUG } from "../../../core/help.ts";
import type { AppLoadContext } from "../../context.ts";
import { serviceError } from "../../lib/service-error.ts";

const KEYWORD_MAX = 100;

/** /ucenter/help: categories, help words and, with ?keyword=, the matching articles. */
export async function loadHelpCentre(app: AppLoadContext, url: URL) {
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, KEYWORD_MAX);
  const [centre, results] = await Promise.all([
    app.services.help.centre(app.request.locale),
    keyword ? app.services.help.search(keyword, app.request.locale) : Promise.resolve(null),
  ]);
  return { ...centre, keyword, results };
}

/** /ucenter/help/{slug}: an article; an unknown or malformed slug is the spec's 404. */
export async function loadHelpArticle(app: AppLoadContext, slug: string | undefined) {
  if (!slug || !HELP_SLUG.test(slug)) throw data(null, { status: 404 });
  try {
    return await app.services.help.article(slug, app.request.locale);
  } catch (error) {
    if (serviceError(error)?.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}
