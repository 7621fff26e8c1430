import type { EsimSummary } from "../../../core/esim.ts";

/** Data amounts are MB on the wire (1 GB = 1024 MB, core/esim.ts). Below 1 GB in MB, else GB to 0.1 (no ".0"). */
export function formatData(mb: number): string {
  const value = Math.max(0, mb);
  if (value < 1024) return `${Math.round(value)} MB`;
  const gb = Math.round((value / 1024) * 10) / 10;
  return `${Number.isInteger(gb) ? gb.toFixed(0) : gb.toFixed(1)} GB`;
}

/** Share of the data used, 0–100 (whole percent), or null for an unlimited plan. */
export function usedPercent(usedMb: number, totalMb: number | null): number | null {
  if (totalMb === null) return null;
  if (totalMb <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((usedMb / totalMb) * 100)));
}

export interface DataFigures {
  used: string;
  total: string | null;
  left: string | null;
}

export function dataFigures(
  esim: Pick<EsimSummary, "dataUsedMb" | "dataTotalMb" | "dataLeftMb">,
): DataFigures {
  return {
    used: formatData(esim.dataUsedMb),
    total: esim.dataTotalMb === null ? null : formatData(esim.dataTotalMb),
    left:
      esim.dataTotalMb === null
        ? null
        : formatData(esim.dataLeftMb ?? Math.max(0, esim.dataTotalMb - esim.dataUsedMb)),
  };
}

export type InstallPlatform = "ios" | "android" | "other";

/** Which one-tap install to put first: iPhone/iPad, Android, or neither (a computer: the QR code comes first). */
export function installPlatform(userAgent: string | null | undefined): InstallPlatform {
  if (!userAgent) return "other";
  if (/Android/i.test(userAgent)) return "android";
  if (/iPhone|iPad|iPod/i.test(userAgent)) return "ios";
  return "other";
}

/** A phone or tablet: the one-tap install comes before the QR code (a phone cannot scan its own screen). */
export function isPhone(userAgent: string | null | undefined): boolean {
  return installPlatform(userAgent) !== "other" || /Mobile/i.test(userAgent ?? "");
}

/**
 * Whether Apple's one-tap install link works on this device (iOS 17.4 or later; ADR 0169). An iPhone that names
 * an older iOS in its user agent cannot use it; anything else (a newer iOS, another platform, an unreadable
 * version) is given the benefit of the doubt.
 */
export function supportsAppleOneTap(userAgent: string | null | undefined): boolean {
  if (installPlatform(userAgent) !== "ios") return true;
  const match = /\bOS (\d+)[_.](\d+)/.exec(userAgent ?? "");
  if (!match) return true;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return major > 17 || (major === 17 && minor >= 4);
}
