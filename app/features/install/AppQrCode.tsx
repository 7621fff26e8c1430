import { useI18n } from "../../lib/i18n.tsx";

/**
 * The app download QR code beside its text link: side by side on wide screens, stacked on phones (where the
 * link is what a shopper taps, since a phone cannot scan its own screen). `svg` is the server's rendering of
 * the configured download URL by the qrcode library, never shopper input.
 */
export function AppQrCode({ downloadUrl, svg }: { downloadUrl: string; svg: string }) {
  const { t } = useI18n();
  return (
    <div className="mx-auto max-w-[860px] px-4 py-8 md:px-6 md:py-16">
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{t("install.app.title")}</h1>
      <div className="mt-6 flex flex-col gap-6 md:flex-row md:items-center md:gap-10">
        <div
          role="img"
          aria-label={t("install.app.qrLabel")}
          data-testid="app-qr"
          className="w-56 shrink-0 self-center rounded-2xl border border-slate-200 bg-white p-2 md:w-64 md:self-auto [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG drawn on the server by the qrcode library from the configured URL.
          dangerouslySetInnerHTML={{ __html: svg }}
        />
        <div className="min-w-0">
          <p className="text-slate-700">{t("install.app.text")}</p>
          <p className="mt-4 text-sm text-slate-700">{t("install.app.linkIntro")}</p>
          <a href={downloadUrl} className="mt-1 block break-all font-medium text-brand-700 underline">
            {downloadUrl}
          </a>
        </div>
      </div>
    </div>
  );
}
