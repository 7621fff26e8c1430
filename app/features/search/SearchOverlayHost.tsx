import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";

// The overlay's code loads only when it opens (home's first-load budget). A page requested with searchDialog
// renders it on the server too, so it shows before hydration; the browser then hydrates it once the chunk is in.
const SearchOverlay = lazy(() => import("./SearchOverlay.tsx"));

/** spec 2: the search overlay opens whenever the query has searchDialog, on any page of the shell. */
export function SearchOverlayHost() {
  const [params] = useSearchParams();
  if (!params.has("searchDialog")) return null;
  return (
    <Suspense fallback={null}>
      <SearchOverlay />
    </Suspense>
  );
}
