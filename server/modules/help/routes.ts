import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { HELP_SLUG } from "../../../core/help.ts";
import { isEmail } from "../../../core/validation.ts";
import { parseInput } from "../../http/validate.ts";
import type { HelpService } from "./service.ts";
import type { SupportDesk } from "./support.ts";
import { SUPPORT_MAX_ATTACHMENTS, SUPPORT_TOPICS } from "./support.ts";

const VOTER_COOKIE = "help_voter";
const VOTER_KEY = /^[A-Za-z0-9_-]{22}$/;

const SearchQuery = z.object({ keyword: z.string().trim().min(1).max(100) });
const SlugParams = z.object({ slug: z.string().regex(HELP_SLUG) });
const FeedbackBody = z.object({ helpful: z.boolean() });
const SupportBody = z.object({
  email: z.string().trim().max(254).refine(isEmail, "validation.email"),
  topic: z.enum(SUPPORT_TOPICS),
  orderCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  message: z.string().trim().min(10).max(2000),
  // Issue 10: the shopper's own pending uploads (mediaUrl), spec 5 maxNumber per message.
  attachments: z.array(z.string().max(300)).max(SUPPORT_MAX_ATTACHMENTS).optional(),
});

/** A logged-in shopper votes as themselves; a visitor by a random HttpOnly cookie, made on the first vote. */
async function voterOf(request: FastifyRequest, reply: FastifyReply) {
  const customer = await request.ctx.customer();
  if (customer) return { key: `c:${customer.id}`.slice(0, 64), customerId: customer.id };
  let key = request.cookies?.[VOTER_COOKIE];
  if (!key || !VOTER_KEY.test(key)) {
    key = randomBytes(16).toString("base64url");
    reply.setCookie(VOTER_COOKIE, key, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: 365 * 24 * 3600,
      secure: request.protocol === "https",
    });
  }
  return { key: `v:${key}`, customerId: null };
}

export function helpRoutes(app: FastifyInstance, services: { help: HelpService; support: SupportDesk }) {
  // spec 2 /ucenter/help: categories with their articles, and the help words (spec 9: up to 10).
  app.get("/o2cms/v1/pub/help/centre", async (request) => services.help.centre(request.ctx.locale));

  app.get("/o2cms/v1/pub/help/search", { schema: { querystring: SearchQuery } }, async (request) => {
    const { keyword } = parseInput(SearchQuery, request.query);
    return { articleList: await services.help.search(keyword, request.ctx.locale) };
  });

  app.get("/o2cms/v1/pub/help/articles/:slug", { schema: { params: SlugParams } }, async (request) => {
    const { slug } = parseInput(SlugParams, request.params);
    return services.help.article(slug, request.ctx.locale);
  });

  // The help centre's contact form: lands in the support inbox through the outbox (issue 10).
  app.post("/o2cms/v1/pub/help/support", { schema: { body: SupportBody } }, async (request) => {
    const input = parseInput(SupportBody, request.body);
    const customer = await request.ctx.customer();
    return services.support.send(input, {
      ip: request.ip,
      locale: request.ctx.locale,
      customerId: customer?.id ?? null,
    });
  });

  app.post(
    "/o2cms/v1/pub/help/articles/:slug/feedback",
    { schema: { params: SlugParams, body: FeedbackBody } },
    async (request, reply) => {
      const { slug } = parseInput(SlugParams, request.params);
      const { helpful } = parseInput(FeedbackBody, request.body);
      return services.help.feedback(slug, request.ctx.locale, helpful, await voterOf(request, reply));
    },
  );
}
