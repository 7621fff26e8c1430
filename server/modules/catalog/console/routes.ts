import type { FastifyInstance } from "fastify";
import { adminRoute } from "../../admin/route.ts";
import * as api from "./console-contract.ts";
import type { CatalogConsole } from "./console-service.ts";

// The console's catalogue, prices, FX rates and plan sheets (issue 16; ADRs 0230, 0231, 0233). Each endpoint is its
// contract (console-contract.ts, ADR 0407); the use cases, with their transactions, audit entries and cache
// clearing, are the catalogue console's (console-service.ts), which the catalog module builds (ADR 0420).

export function consoleCatalogRoutes(app: FastifyInstance, services: { catalogConsole: CatalogConsole }) {
  const catalog = services.catalogConsole;

  adminRoute(app, api.listPlans, ({ query }) => catalog.listPlans(query));
  adminRoute(app, api.labels, () => catalog.labels());
  adminRoute(app, api.unmapped, () => catalog.unmapped());
  adminRoute(app, api.getPlan, ({ params }) => catalog.plan(params.code));
  adminRoute(app, api.updatePlan, ({ operator, params, body }) =>
    catalog.updatePlan(operator, params.code, body),
  );
  adminRoute(app, api.setPrices, ({ operator, params, body }) =>
    catalog.setPrices(operator, params.code, body),
  );
  adminRoute(app, api.setSuppliers, ({ operator, params, body }) =>
    catalog.setSuppliers(operator, params.code, body),
  );
  adminRoute(app, api.listDestinations, ({ query }) => catalog.listDestinations(query));
  adminRoute(app, api.getDestination, ({ params }) => catalog.destination(params.code));
  adminRoute(app, api.updateDestination, ({ operator, params, body }) =>
    catalog.updateDestination(operator, params.code, body),
  );

  // Prices: rules, roundings and FX rates, each previewed before it is saved (ADR 0231).
  adminRoute(app, api.pricing, () => catalog.pricing());
  adminRoute(app, api.previewPricing, ({ body }) => catalog.previewPricing(body));
  adminRoute(app, api.saveRule, ({ operator, body }) => catalog.saveRule(operator, body));
  adminRoute(app, api.deleteRule, ({ operator, params }) => catalog.deleteRule(operator, params.id));
  adminRoute(app, api.saveRoundings, ({ operator, body }) => catalog.saveRoundings(operator, body));
  adminRoute(app, api.saveRates, ({ operator, body }) => catalog.saveRates(operator, body));

  // Plan sheets (ADR 0233): the export answers the workbook's bytes.
  adminRoute(app, api.exportPlansSheet, async ({ reply }) => {
    const bytes = await catalog.exportPlans();
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("content-disposition", `attachment; filename="roamly-plans-${day}.xlsx"`);
    return bytes;
  });
  adminRoute(app, api.importPlansSheet, ({ request, operator, body }) =>
    catalog.importPlans(operator, body, request.ctx.locale),
  );
}
