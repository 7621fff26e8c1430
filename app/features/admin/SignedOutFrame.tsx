import { useConsoleT } from "./i18n.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";

/** Sign-in and enrolment: a single centred card, the console's name and the language choice. */
export function SignedOutFrame({ title, children }: { title: string; children: React.ReactNode }) {
  const t = useConsoleT();
  return (
    <div className="min-h-screen bg-slate-100">
      <title>{`${title} · ${t("console.title")}`}</title>
      <header className="flex items-center justify-between border-b border-slate-300 bg-white px-6 py-3">
        <p className="font-semibold text-slate-900">{t("console.title")}</p>
        <LanguageSwitch />
      </header>
      <main id="main" className="mx-auto mt-12 max-w-md rounded border border-slate-300 bg-white p-6">
        <h1 className="mb-4 text-xl font-semibold text-slate-900">{title}</h1>
        {children}
      </main>
    </div>
  );
}
