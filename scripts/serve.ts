import { serve } from "../server/main.ts";
import { applyHeapLimit } from "./heap-limit.ts";

// `npm run serve` (NODE_ENV=production): serve the existing build, with the production heap limit (ADR 0145).
applyHeapLimit();
await serve("production");
