import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { PACKAGE_STATES } from "../../../core/esim.ts";
import { esimId, iccid } from "../../../core/ids.ts";
import { PageQuery } from "../../../core/list-query.ts";
import { ApiError } from "../../http/errors.ts";
import { requireCustomer } from "../../http/session.ts";
import { parseInput } from "../../http/validate.ts";
import { supplierWebhookPath } from "../catalog/supply/sync-log.ts";
import type { EsimService } from "./service.ts";

export const EsimIdParam = z.object({ id: esimId() });
/** eSIM Access webhooks ({notifyType, content}); only the fields the store reads are checked. */
const EsimAccessWebhook = z.object({
  notifyType: z.string().max(40),
  content: z
    .object({
      orderNo: z.string().max(64).optional(),
      iccid: iccid().optional(),
    })
    .passthrough(),
});
const PackageListQuery = PageQuery.extend({ state: z.enum(PACKAGE_STATES).optional() });

// The customer's eSIMs (issue 6; paths in the style of spec 7, page mode lists). Another customer's eSIM is a 404.
export function esimRoutes(app: FastifyInstance, services: { esim: EsimService }) {
  app.get("/o2esim/v1/customer/esims", { schema: { querystring: PageQuery } }, async (request) => {
    const customer = await requireCustomer(request);
    const query = parseInput(PageQuery, request.query);
    return services.esim.listEsims(customer.id, query, request.ctx.locale);
  });

  app.get("/o2esim/v1/customer/esims/:id", { schema: { params: EsimIdParam } }, async (request) => {
    const customer = await requireCustomer(request);
    const { id } = parseInput(EsimIdParam, request.params);
    return services.esim.getEsim(customer.id, id, request.ctx.locale);
  });

  // The top-up packages this eSIM may take, priced in the request's currency (issue 12).
  app.get("/o2esim/v1/customer/esims/:id/top-ups", { schema: { params: EsimIdParam } }, async (request) => {
    const customer = await requireCustomer(request);
    const { id } = parseInput(EsimIdParam, request.params);
    return services.esim.topUpOptions(customer.id, id, request.ctx.currency, request.ctx.locale);
  });

  app.post(
    "/o2esim/v1/customer/esims/:id/installed",
    { schema: { params: EsimIdParam } },
    async (request) => {
      const customer = await requireCustomer(request);
      const { id } = parseInput(EsimIdParam, request.params);
      return services.esim.markInstalled(customer.id, id, request.ctx.locale);
    },
  );

  // Supplier webhooks (ADR 0195). eSIM Access does not sign them: they are hints, acted on only after the profile
  // is re-read through the signed API, so a forged one can at most cause a re-read.
  app.post(
    "/o2esim/v1/supplier/esimaccess/webhook",
    { schema: { body: EsimAccessWebhook } },
    async (request) => {
      const { notifyType, content } = parseInput(EsimAccessWebhook, request.body);
      const known = ["ORDER_STATUS", "ESIM_STATUS", "SMDP_EVENT", "DATA_USAGE", "VALIDITY_USAGE"];
      if (known.includes(notifyType))
        await services.esim.supplierHint("esimaccess", {
          orderNo: notifyType === "ORDER_STATUS" ? content.orderNo : undefined,
          iccid: content.iccid,
        });
      await services.esim.webhookReceived("esimaccess");
      return { received: true };
    },
  );
  // A supplier may check the URL with HEAD before it sends anything (Airalo's opt-in does; issue 28, ADR 0311).
  for (const name of ["esimaccess", "airalo"] as const)
    app.head(supplierWebhookPath(name), async (_request, reply) => reply.code(200).send());

  // Airalo signs its webhooks over the exact bytes, so this scope keeps JSON bodies as Buffers.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: 65_536 },
      (_r, body, done) => done(null, body),
    );
    scope.post("/o2esim/v1/supplier/airalo/webhook", async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers["airalo-signature"];
      const signed = await services.esim.signedSupplierHint(
        "airalo",
        raw,
        Array.isArray(header) ? header[0] : header,
      );
      if (!signed) throw new ApiError(401, "esim.webhook.badSignature");
      await services.esim.webhookReceived("airalo");
      return { received: true };
    });
  });

  app.get("/o2esim/v1/customer/packages", { schema: { querystring: PackageListQuery } }, async (request) => {
    const customer = await requireCustomer(request);
    const query = parseInput(PackageListQuery, request.query);
    return services.esim.listPackages(customer.id, query, request.ctx.locale);
  });
}
