import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // BUILD_DIR lets the browser tests build into a folder of their own.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  // Sign in with Apple's form_post posts the ID token to /login from Apple's origin (ADR 0093). React Router
  // refuses a cross-origin action otherwise; server/http/csrf.ts lets only that post through.
  allowedActionOrigins: ["appleid.apple.com"],
} satisfies Config;
