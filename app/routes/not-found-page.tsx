import { data } from "react-router";
import { NotFoundView } from "../features/shell/PageStates.tsx";

// spec 2: an unknown route is a 404 showing 'Page Not Found: {path}'. The route's own boundary renders it
// inside the shell, and the thrown response keeps the status at 404.
export async function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundView />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
