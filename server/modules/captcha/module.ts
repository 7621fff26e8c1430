import type { Database } from "../../../db/client.ts";
import { defineModule } from "../../module.ts";
import { createCaptchaRepo } from "./repo.ts";
import { captchaDevRoutes, captchaRoutes } from "./routes.ts";
import { createCaptchaService } from "./service.ts";

export interface CaptchaModuleDeps {
  db: Database;
  /** Answers are kept for the sandbox's look-up (/__dev/captcha). */
  keepAnswersForDev: boolean;
}

export function createCaptchaModule(deps: CaptchaModuleDeps) {
  return createCaptchaService(createCaptchaRepo(deps.db), { keepAnswersForDev: deps.keepAnswersForDev });
}

export const captchaModule = defineModule<Parameters<typeof captchaRoutes>[1]>({
  name: "captcha",
  jobKinds: [],
  routes: (app, services, { sandbox }) => {
    captchaRoutes(app, services);
    if (sandbox) captchaDevRoutes(app, services);
  },
});
