import { useCallback, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { BREAKPOINT_MD } from "../../../core/constants.ts";

const SMALL_QUERY = `(max-width: ${BREAKPOINT_MD - 0.02}px)`;

/** Whether the viewport is in the small class (spec 9: below 720 px); false during server rendering. */
export function useSmallScreen(): boolean {
  const [small, setSmall] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(SMALL_QUERY);
    const update = () => setSmall(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return small;
}

/** The query keys of the dialogs that open through the router on small screens (spec 2's visible flags). */
export const QUERY_DIALOG_KEYS = ["addressPicker", "couponDialog"] as const;

/**
 * spec 2: a list reloads when a query parameter other than the visible flags changes; opening or closing a
 * query-key dialog alone never reloads the page's data. For a route's shouldRevalidate.
 */
export function onlyDialogKeysChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    for (const key of QUERY_DIALOG_KEYS) params.delete(key);
    params.sort();
    return params.toString();
  };
  return current.search !== next.search && strip(current) === strip(next);
}

/**
 * spec 2: a dialog tied to a query key opens through the router on small screens only, so the phone's back
 * gesture closes it; on wider screens it is plain component state and the URL stays as it is.
 */
export function useQueryDialog(key: (typeof QUERY_DIALOG_KEYS)[number]): {
  open: boolean;
  show: () => void;
  hide: () => void;
} {
  const small = useSmallScreen();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [localOpen, setLocalOpen] = useState(false);
  const routed = params.get(key) === "true";

  const show = useCallback(() => {
    if (!small) return setLocalOpen(true);
    const next = new URLSearchParams(params);
    next.set(key, "true");
    navigate({ search: `?${next}` }, { preventScrollReset: true });
  }, [small, params, key, navigate]);

  const hide = useCallback(() => {
    setLocalOpen(false);
    // The entry that opened it is the previous history entry: going back closes it like the back gesture does.
    if (routed) navigate(-1);
  }, [routed, navigate]);

  return { open: small ? routed : localOpen, show, hide };
}
