import { useEffect, useState } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { formatTime } from "../../lib/time.ts";

/**
 * A time in the shopper's own zone. The server renders it in UTC (naming the zone); once the page is live the
 * browser rewrites it locally. suppressHydrationWarning: the two ICU builds may space "AM" differently.
 */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const { locale } = useI18n();
  const [text, setText] = useState(() => formatTime(iso, locale, "UTC"));
  useEffect(() => setText(formatTime(iso, locale)), [iso, locale]);
  return (
    <time dateTime={iso} className={className} suppressHydrationWarning>
      {text}
    </time>
  );
}
