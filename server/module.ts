import type { FastifyInstance } from "fastify";

/**
 * A module's face to the composition root (ADR 0405): its name, the job kinds its factory registers on the one job
 * runner, and its routes, which take only the services they use. Each module's `module.ts` exports one, beside its
 * factory (`create…Module`) and the narrow type of what that factory needs (`…ModuleDeps`).
 */
export interface ModuleDefinition<S> {
  name: string;
  jobKinds: readonly string[];
  /** Its shopper routes, and its sandbox routes when `sandbox` is on; console routes register in admin/register.ts. */
  routes?: (app: FastifyInstance, services: S, options: ModuleRouteOptions) => void;
}

export interface ModuleRouteOptions {
  /** Sandbox tools (/__dev) are on: outside production, or SANDBOX_TOOLS. */
  sandbox: boolean;
  publicOrigin?: string;
}

export function defineModule<S>(definition: ModuleDefinition<S>): ModuleDefinition<S> {
  return definition;
}

/**
 * A module built after this one in services.ts because it needs this one (the order module and the eSIM, refund
 * and payment modules; store credit and invite rewards and the account module): a module's deps name it as
 * `Later<…>` of the narrow part it uses, and read it only when a use case runs, never while modules are built
 * (ADR 0416).
 */
export type Later<T> = () => T;
