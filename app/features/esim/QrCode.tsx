import type { QrSymbol } from "./qr.server.ts";

/**
 * The activation code's QR symbol, drawn from the server's module path (ADR 0136): black on white with a
 * 4-module quiet zone, at least 256 CSS pixels wide (6+ pixels a module for a code this long), crisp edges.
 */
export function QrCode({ symbol, label }: { symbol: QrSymbol; label: string }) {
  const side = symbol.size + symbol.margin * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      width="288"
      height="288"
      shapeRendering="crispEdges"
      className="size-72 max-w-full rounded-lg border border-slate-200"
      data-qr="lpa"
    >
      <rect width={side} height={side} fill="#ffffff" />
      <path d={symbol.path} fill="#000000" />
    </svg>
  );
}
