import { Outlet } from "react-router";
import { ConsoleFrame } from "../features/admin/ConsoleFrame.tsx";
import { requireOperator } from "../features/admin/console.server.ts";
import type { Route } from "./+types/admin.console";

// The signed-in console's layout: a visitor goes to sign in; the navigation shows the role's sections.
export async function loader(args: Route.LoaderArgs) {
  return { operator: await requireOperator(args) };
}

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  return (
    <ConsoleFrame operator={loaderData.operator}>
      <Outlet />
    </ConsoleFrame>
  );
}
