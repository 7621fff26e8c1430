import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 33 item 1 (ADR 0419): the shopper's account forms keep no field's value in React state. Each input keeps its
// own value, the form is read from its FormData through Conform with the API's own zod schema, and what a page shows
// from the fields as typed comes from Conform's form value (`typed` of useAccountForm). React state in these files
// is for real UI state only; each one is listed here with what it holds. A new `useState` fails this test until it
// is listed, and a listed one that is gone must leave the list (the list only shrinks).

const ROOT = path.resolve(import.meta.dirname, "..");

/** The account pages: sign-in, sign-up, forgotten password, preferences, bind, the account's own pages. */
const ACCOUNT_PAGE = /^(login|register|bind|authentication-popup|logins\..+|my\..+)\.tsx$/;

/** Every `useState` the account forms keep, by file: what it holds, never a field's value. */
const UI_STATE: Record<string, Record<string, string>> = {
  "app/routes/my.payment-methods.tsx": { busy: "the saved card being removed" },
  "app/routes/bind.tsx": { third: "the stored third-party sign-in (session storage) the page links" },
  "app/features/account/AreaCodeSelect.tsx": { codes: "the calling codes loaded to choose from" },
  "app/features/account/CaptchaDialog.tsx": { captcha: "the captcha image shown and its key" },
  "app/features/account/LoginPanel.tsx": {
    tab: "the login tab shown",
    captchaOpen: "whether the image-captcha dialog is open",
  },
  "app/features/account/PasswordField.tsx": { visible: "whether the password is shown" },
  "app/features/account/SocialLogin.tsx": { persona: "the sandbox provider whose dialog is open" },
  "app/features/account/account-form.ts": {
    lastResult: "Conform's reply with the API's field errors",
    busy: "whether a submission is under way",
  },
  "app/features/account/code-sending.tsx": {
    open: "whether the image-captcha dialog is open",
    codeKey: "the key of the code last sent",
    sending: "whether a code is being sent",
  },
  "app/features/account/countdown.ts": {
    endsAt: "when the resend countdown ends",
    now: "the countdown's clock",
  },
  "app/features/address/BillingAddressForm.tsx": {
    area: "the area picked in the dialog, with its names (the form sends its codes as hidden inputs)",
    removing: "whether the saved address is being removed",
  },
};

function accountFormFiles(): string[] {
  const pages = readdirSync(path.join(ROOT, "app/routes"))
    .filter((name) => ACCOUNT_PAGE.test(name))
    .map((name) => `app/routes/${name}`);
  const features = readdirSync(path.join(ROOT, "app/features/account"))
    .filter((name) => /\.tsx?$/.test(name) && !name.includes(".test."))
    .map((name) => `app/features/account/${name}`);
  return [...pages, ...features, "app/features/address/BillingAddressForm.tsx"];
}

/** The names of the state a file keeps: `const [name, setName] = useState…`. */
function stateNames(source: string): string[] {
  return [...source.matchAll(/const \[(\w+),\s*\w+\]\s*=\s*(?:React\.)?useState\b/g)].map(
    (match) => match[1]!,
  );
}

describe("account forms keep no field value in React state", () => {
  const kept = Object.fromEntries(
    accountFormFiles().map((file) => [file, stateNames(readFileSync(path.join(ROOT, file), "utf8"))]),
  );

  it("every useState in an account form is listed UI state", () => {
    const unlisted = Object.entries(kept).flatMap(([file, names]) =>
      names.filter((name) => !(name in (UI_STATE[file] ?? {}))).map((name) => `${file}: ${name}`),
    );
    expect(unlisted).toEqual([]);
  });

  it("the list names only state that is still kept (it only shrinks)", () => {
    const gone = Object.entries(UI_STATE).flatMap(([file, names]) =>
      Object.keys(names)
        .filter((name) => !(kept[file] ?? []).includes(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(gone).toEqual([]);
  });

  it("no account input is controlled by a value it sets on change", () => {
    // A controlled field reads `value={x}` and writes `onChange={… setX(…)}`; inputs here use `defaultValue`.
    const controlled = Object.keys(kept).filter((file) =>
      /onChange=\{\([^)]*\)\s*=>\s*set\w+\(\s*event\.(target|currentTarget)\.value/.test(
        readFileSync(path.join(ROOT, file), "utf8"),
      ),
    );
    expect(controlled).toEqual([]);
  });

  it("finds the forms it guards", () => {
    expect(kept["app/routes/register.tsx"]).toEqual([]);
    expect(Object.keys(kept)).toContain("app/features/account/LoginPanel.tsx");
  });
});
