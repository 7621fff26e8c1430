import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ComponentAction } from "../../../db/schema/content-document.ts";
import { inAppWebView } from "../../lib/bridge/detect.ts";
import { useRootData } from "../../lib/i18n.tsx";
import { actionTarget, type BlockTarget } from "./links.ts";
import { usePageLinkChannel } from "./page-context.tsx";

export function useActionTarget(action: ComponentAction | undefined): BlockTarget {
  const { locale, channel, origin, externalLinkHosts } = useRootData();
  const linkChannel = usePageLinkChannel();
  return actionTarget(action, {
    locale,
    channel: linkChannel ?? channel,
    origin,
    allowedHosts: externalLinkHosts,
  });
}

interface BlockLinkProps {
  action: ComponentAction | undefined;
  children: ReactNode;
  className?: string;
  label?: string;
  style?: React.CSSProperties;
}

/** A block's click target: a router link, an allowed external link, or no link at all. */
export function BlockLink({ action, children, className, label, style }: BlockLinkProps) {
  const target = useActionTarget(action);
  const { externalLinkHosts } = useRootData();
  if (target.kind === "internal")
    return (
      <Link to={target.to} className={className} aria-label={label} style={style}>
        {children}
      </Link>
    );
  if (target.kind === "external")
    return (
      <a
        href={target.href}
        className={className}
        aria-label={label}
        style={style}
        rel="noopener noreferrer"
        onClick={(event) => {
          // Inside the app (spec 1 bridge openWebPage): an allowed external page opens in the app's browser.
          // The bridge loads only then (ADR 0288): outside the app the link is an ordinary link.
          if (!inAppWebView()) return;
          event.preventDefault();
          void Promise.all([
            import("../../lib/bridge/index.ts"),
            import("../../lib/bridge/in-app-actions.ts"),
          ])
            .then(([{ getAppBridge }, { openWebPageInApp }]) =>
              openWebPageInApp(getAppBridge(), target.href, {
                origin: window.location.origin,
                allowedHosts: externalLinkHosts,
              }),
            )
            .then(
              (opened) => {
                if (!opened) window.location.assign(target.href);
              },
              () => window.location.assign(target.href),
            );
        }}
      >
        {children}
      </a>
    );
  return (
    <span className={className} style={style}>
      {children}
    </span>
  );
}
