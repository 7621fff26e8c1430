import { isRouteErrorResponse, Outlet } from "react-router";
import { ErrorView, NotFoundView } from "../features/shell/PageStates.tsx";
import { ShellFrame } from "../features/shell/ShellFrame.tsx";
import type { Route } from "./+types/shell";

export default function Shell() {
  return (
    <ShellFrame>
      <Outlet />
    </ShellFrame>
  );
}

// A page without its own boundary that throws still gets the shell around the error, so the shopper keeps the
// top bar, footer and tabs to move on.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ShellFrame failed={!notFound}>{notFound ? <NotFoundView /> : <ErrorView />}</ShellFrame>;
}
