import { Form, Link, useActionData } from "react-router";
import {
  actionResult,
  callConsole,
  field,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { useConsoleT } from "../features/admin/i18n.tsx";
import { flagOf, lines } from "../features/admin/merch.ts";
import {
  ActionNote,
  buttonClass,
  Field,
  inputClass,
  linkClass,
  PageTitle,
  SelectField,
} from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.destination";

interface Destination {
  code: string;
  type: string;
  iso2: string | null;
  nameEn: string;
  nameZhCn: string;
  nameZhHk: string;
  continentCode: string | null;
  aliases: string[];
  enabled: boolean;
  popularity: number;
}

const CONTINENTS = ["AS", "EU", "NA", "SA", "AF", "OC"] as const;

export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "catalog.read");
  return {
    destination: await readConsole<Destination>(
      args,
      `/o2adm/v1/catalog/destinations/${encodeURIComponent(args.params.code)}`,
    ),
  };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const continent = field(form, "continentCode");
  const iso2 = field(form, "iso2").toUpperCase();
  const body = {
    nameEn: field(form, "nameEn"),
    nameZhCn: field(form, "nameZhCn"),
    nameZhHk: field(form, "nameZhHk"),
    continentCode: continent === "" ? null : continent,
    iso2: iso2 === "" ? null : iso2,
    aliases: lines(field(form, "aliases").replace(/,/g, "\n")),
    enabled: form.get("enabled") === "on",
    popularity: Number(field(form, "popularity") || 0),
  };
  const path = `/o2adm/v1/catalog/destinations/${encodeURIComponent(args.params.code)}`;
  return actionResult("save", await callConsole(args, { method: "PATCH", path, body }));
}

export default function ConsoleDestination({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { destination: d } = loaderData;
  return (
    <>
      <title>{`${d.code} · ${t("console.title")}`}</title>
      <p className="mb-2 text-sm">
        <Link className={linkClass} to="/admin/catalog/destinations">
          {t("console.destinations.back")}
        </Link>
      </p>
      <PageTitle>
        <span aria-hidden="true">{flagOf(d.iso2)} </span>
        {`${t("console.destinations.edit")} ${d.code}`}
      </PageTitle>
      <ActionNote result={result} success={t("console.saved")} />
      <Form method="post" className="grid max-w-3xl grid-cols-1 gap-x-4 md:grid-cols-3">
        <Field label={t("console.destinations.nameEn")} name="nameEn" required defaultValue={d.nameEn} />
        <Field
          label={t("console.destinations.nameZhCn")}
          name="nameZhCn"
          required
          defaultValue={d.nameZhCn}
        />
        <Field
          label={t("console.destinations.nameZhHk")}
          name="nameZhHk"
          required
          defaultValue={d.nameZhHk}
        />
        <SelectField
          label={t("console.destinations.continent")}
          name="continentCode"
          defaultValue={d.continentCode ?? ""}
          options={[{ value: "", label: "—" }, ...CONTINENTS.map((c) => ({ value: c, label: c }))]}
        />
        <Field label={t("console.destinations.flag")} name="iso2" maxLength={2} defaultValue={d.iso2 ?? ""} />
        <Field
          label={t("console.destinations.popularity")}
          name="popularity"
          inputMode="numeric"
          defaultValue={String(d.popularity)}
        />
        <div className="md:col-span-3">
          <label htmlFor="aliases" className="mb-1 block text-sm font-medium">
            {t("console.destinations.aliases")}
          </label>
          <textarea
            id="aliases"
            name="aliases"
            rows={3}
            defaultValue={d.aliases.join(", ")}
            className={`${inputClass} mb-3`}
          />
        </div>
        <label className="mb-3 flex items-center gap-2 text-sm md:col-span-3">
          <input type="checkbox" name="enabled" defaultChecked={d.enabled} />
          {t("console.destinations.onSale")}
        </label>
        <div className="md:col-span-3">
          <button type="submit" className={buttonClass}>
            {t("console.save")}
          </button>
        </div>
      </Form>
    </>
  );
}
