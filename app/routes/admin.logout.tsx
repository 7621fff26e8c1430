import { redirect } from "react-router";
import * as api from "../../server/modules/admin/console-contract.ts";
import { callConsole, cookieHeaders } from "../features/admin/console.server.ts";
import type { Route } from "./+types/admin.logout";

// Sign-out is a form post (never a link a page could prefetch); the API ends the session and clears the cookie.
export async function action(args: Route.ActionArgs) {
  const answer = await callConsole(args, api.signOut, {});
  throw redirect("/admin/login", { headers: cookieHeaders(answer) });
}

export function loader() {
  throw redirect("/admin");
}
