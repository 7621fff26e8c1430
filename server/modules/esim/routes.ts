import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { PACKAGE_STATES } from "../../../core/esim.ts";
import { esimId } from "../../../core/ids.ts";
import { PageQuery } from "../../../core/lists.ts";
import { requireCustomer } from "../../http/session.ts";
import { parseInput } from "../../http/validate.ts";
import type { Services } from "../../services.ts";

export const EsimIdParam = z.object({ id: esimId() });
const PackageListQuery = PageQuery.extend({ state: z.enum(PACKAGE_STATES).optional() });

// The customer's eSIMs (issue 6; paths in the style of spec 7, page mode lists). Another customer's eSIM is a 404.
export function esimRoutes(app: FastifyInstance, services: Services) {
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

  app.post(
    "/o2esim/v1/customer/esims/:id/installed",
    { schema: { params: EsimIdParam } },
    async (request) => {
      const customer = await requireCustomer(request);
      const { id } = parseInput(EsimIdParam, request.params);
      return services.esim.markInstalled(customer.id, id, request.ctx.locale);
    },
  );

  app.get("/o2esim/v1/customer/packages", { schema: { querystring: PackageListQuery } }, async (request) => {
    const customer = await requireCustomer(request);
    const query = parseInput(PackageListQuery, request.query);
    return services.esim.listPackages(customer.id, query, request.ctx.locale);
  });
}
