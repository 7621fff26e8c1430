import { data } from "react-router";

// An unknown console path: the console's own 404 (its error boundary), inside the signed-in frame.
export function loader() {
  throw data({ code: "notFound" }, { status: 404 });
}

export default function ConsoleNotFound() {
  return null;
}
