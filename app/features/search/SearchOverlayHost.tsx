import { lazy, Suspense, useEffect, useState } from "react";
import { useSearchParams } from "react-router";

// The overlay's code loads only when it opens (home's first-load budget), never during server rendering.
const SearchOverlay = lazy(() => import("./SearchOverlay.tsx"));

/** spec 2: the search overlay opens whenever the query has searchDialog, on any page of the shell. */
export function SearchOverlayHost() {
  const [params] = useSearchParams();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated || !params.has("searchDialog")) return null;
  return (
    <Suspense fallback={null}>
      <SearchOverlay />
    </Suspense>
  );
}
