import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData } from "react-router";
import * as api from "../../server/modules/catalog/console/console-contract.ts";
import {
  answerResult,
  callConsole,
  formProblem,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { useConsoleT } from "../features/admin/i18n.tsx";
import { flagOf } from "../features/admin/merch.ts";
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

const CONTINENTS = ["AS", "EU", "NA", "SA", "AF", "OC"] as const;

/** The page's form sends every field: an empty one clears it, an unchecked box is false. */
const DestinationForm = api.destinationPatchSchema({ form: true });

export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "catalog.read");
  return {
    destination: await readConsole(args, api.getDestination, { params: { code: args.params.code } }),
  };
}

export async function action(args: Route.ActionArgs) {
  await requireOperator(args, "catalog.write");
  const submission = parseWithZod(await args.request.formData(), { schema: DestinationForm });
  if (submission.status !== "success") return formProblem(args, "save", submission);
  return answerResult(
    "save",
    await callConsole(args, api.updateDestination, {
      params: { code: args.params.code },
      body: submission.value,
    }),
  );
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
