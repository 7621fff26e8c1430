/** A landing page's visible title above its blocks (spec 2 /cmsCLP), on the store and on the editor's canvas. */
export function LandingTitle({ title }: { title: string }) {
  return <h1 className="mx-auto max-w-6xl px-4 pt-4 text-2xl font-bold text-slate-900">{title}</h1>;
}
