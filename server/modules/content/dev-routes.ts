import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parseInput } from "../../http/validate.ts";
import type { PageEditor } from "./editor.ts";
import type { ContentService } from "./service.ts";

const DraftBody = z.object({
  siteCode: z.string().regex(/^[A-Za-z0-9_]{1,64}$/),
  document: z.unknown(),
});

/**
 * Sandbox tool (never registered in production): saves a draft page the way the page editor will, so browser
 * tests can preview unpublished pages. The document is validated and sanitized like any save (ADR 0070).
 */
export function contentDevRoutes(
  app: FastifyInstance,
  services: { content: ContentService; pageEditor: PageEditor },
) {
  app.post("/__dev/content/drafts", { schema: { body: DraftBody } }, async (request) => {
    const body = parseInput(DraftBody, request.body);
    const saved = await services.content.saveDraft(body.siteCode, body.document);
    // The signed preview links of the draft (issue 17): as a sub-page and as a template.
    return {
      ...saved,
      preview: services.pageEditor.previewLink(saved.id, "subPage", body.siteCode),
      templatePreview: services.pageEditor.previewLink(saved.id, "template", body.siteCode),
    };
  });
}
