import type { Locale } from "../../../core/constants.ts";
import type { ContractBody, ContractQuery } from "../admin/contract.ts";
import { can } from "../admin/permissions.ts";
import type { CurrentOperator } from "../admin/service.ts";
import type * as api from "./console-contract.ts";
import type { PageEditor } from "./editor.ts";
import type { LinkTargets } from "./link-targets.ts";

// The page editor's console use cases (issue 33 item 1, ADR 0415; issue 17, issue 31). The page editor
// (editor.ts) owns each change's transaction, its audit entries and the page caches it drops (at once, or by the
// schedule's jobs); this service is what the console routes call: it takes the signed-in operator and decides
// what the operator's role allows (raw settings only with pages.advanced), so a route only validates, calls and
// shapes.

type Operator = Pick<CurrentOperator, "id" | "role">;

export function createContentConsole(deps: { pageEditor: PageEditor; linkTargets: LinkTargets }) {
  const editor = deps.pageEditor;
  const advanced = (operator: Operator) => ({ advanced: can(operator.role, "pages.advanced") });
  return {
    async listPages(filter: ContractQuery<typeof api.listPages>) {
      return { pages: await editor.list(filter) };
    },
    async linkTargets(query: ContractQuery<typeof api.linkTargets>) {
      return {
        targets: await deps.linkTargets.search({
          term: query.q,
          siteCode: query.siteCode,
          lang: query.lang as Locale,
        }),
      };
    },
    createPage(operator: Operator, body: ContractBody<typeof api.createPage>) {
      return editor.create(operator.id, body);
    },
    openPage(id: number) {
      return editor.open(id);
    },
    duplicatePage(operator: Operator, id: number, body: ContractBody<typeof api.duplicatePage>) {
      return editor.duplicate(operator.id, id, body);
    },
    saveDraft(operator: Operator, id: number, body: ContractBody<typeof api.saveDraft>) {
      return editor.save(operator.id, id, body, advanced(operator));
    },
    publishPage(operator: Operator, id: number, body: ContractBody<typeof api.publishPage>) {
      return editor.publish(operator.id, id, body);
    },
    schedulePage(operator: Operator, id: number, body: ContractBody<typeof api.schedulePage>) {
      return editor.schedule(operator.id, id, body);
    },
    async listSchedules(id: number) {
      return { schedules: await editor.schedules(id) };
    },
    cancelSchedule(operator: Operator, id: number, scheduleId: number, campaign: boolean) {
      return editor.cancelSchedule(operator.id, id, scheduleId, campaign);
    },
    pageScope(id: number) {
      return editor.scope(id);
    },
    insertBlock(operator: Operator, id: number, body: ContractBody<typeof api.insertBlock>) {
      return editor.insert(operator.id, id, body, advanced(operator));
    },
    async listVersions(id: number) {
      return { versions: await editor.versions(id) };
    },
    diffVersions(id: number, from: number, to: number) {
      return editor.diff(id, from, to);
    },
    rollbackPage(operator: Operator, id: number, version: number) {
      return editor.rollback(operator.id, id, version);
    },
  };
}

export type ContentConsole = ReturnType<typeof createContentConsole>;
