import { redirect } from "react-router";
import { callConsole } from "../features/admin/console.server.ts";
import type { Route } from "./+types/admin.logout";

// Sign-out is a form post (never a link a page could prefetch); the API ends the session and clears the cookie.
export async function action(args: Route.ActionArgs) {
  const result = await callConsole(args, { method: "POST", path: "/o2adm/v1/auth/logout" });
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("set-cookie", cookie);
  throw redirect("/admin/login", { headers });
}

export function loader() {
  throw redirect("/admin");
}
