/**
 * The eSIM compatibility list behind /install#compatibility (issue 6, ADR 0140): a static, reviewed list of the
 * current iPhone, Pixel and Galaxy models, searched in the browser. Model names are product names and are not
 * translated; region caveats and the no-eSIM entries are message keys so the page says them in its locale.
 */

export type DeviceBrand = "apple" | "google" | "samsung";

/** A region or carrier variant of a model that lacks eSIM although the model family has it. */
export type DeviceCaveat = "chinaIphone" | "galaxyUsKorea" | "pixel3Region";

export interface DeviceModel {
  brand: DeviceBrand;
  /** The product name as the maker writes it ("iPhone 15 Pro Max"). */
  name: string;
  /** Whether the model has eSIM (false only for the explicit no-eSIM entries). */
  esim: boolean;
  caveats: readonly DeviceCaveat[];
  /** Other ways shoppers type it: older names, regional names, Chinese words. */
  aliases?: readonly string[];
  /** A regional variant without eSIM, named in the page's language rather than by `name`. */
  variant?: "chinaMainland" | "hongKongMacau";
}

const CHINA_ALIASES = ["china", "mainland", "国行", "國行", "中国", "中國", "大陆", "大陸", "内地", "內地"];

function iphones(names: readonly string[]): DeviceModel[] {
  return names.map((name) => ({ brand: "apple", name, esim: true, caveats: ["chinaIphone"] }));
}

function pixels(names: readonly string[], caveats: readonly DeviceCaveat[] = []): DeviceModel[] {
  return names.map((name) => ({ brand: "google", name: `Google ${name}`, esim: true, caveats }));
}

function galaxies(names: readonly string[], caveats: readonly DeviceCaveat[] = []): DeviceModel[] {
  return names.map((name) => ({ brand: "samsung", name: `Samsung Galaxy ${name}`, esim: true, caveats }));
}

// iPhone XS, XS Max and XR (2018) were the first with eSIM; every later model has it. The iPhone 14 and later
// sold in the US are eSIM-only, the iPhone Air everywhere.
export const DEVICES: readonly DeviceModel[] = [
  ...iphones([
    "iPhone 17 Pro Max",
    "iPhone 17 Pro",
    "iPhone Air",
    "iPhone 17",
    "iPhone 16e",
    "iPhone 16 Pro Max",
    "iPhone 16 Pro",
    "iPhone 16 Plus",
    "iPhone 16",
    "iPhone 15 Pro Max",
    "iPhone 15 Pro",
    "iPhone 15 Plus",
    "iPhone 15",
    "iPhone 14 Pro Max",
    "iPhone 14 Pro",
    "iPhone 14 Plus",
    "iPhone 14",
    "iPhone 13 Pro Max",
    "iPhone 13 Pro",
    "iPhone 13",
    "iPhone 13 mini",
    "iPhone 12 Pro Max",
    "iPhone 12 Pro",
    "iPhone 12",
    "iPhone 12 mini",
    "iPhone 11 Pro Max",
    "iPhone 11 Pro",
    "iPhone 11",
    "iPhone XS Max",
    "iPhone XS",
    "iPhone XR",
  ]),
  {
    brand: "apple",
    name: "iPhone SE (3rd generation)",
    esim: true,
    caveats: ["chinaIphone"],
    aliases: ["SE 3", "SE 2022"],
  },
  {
    brand: "apple",
    name: "iPhone SE (2nd generation)",
    esim: true,
    caveats: ["chinaIphone"],
    aliases: ["SE 2", "SE 2020"],
  },
  // Explicit entries so a search for a mainland-China iPhone answers "no eSIM" rather than nothing.
  {
    brand: "apple",
    name: "iPhone (mainland China)",
    esim: false,
    caveats: [],
    aliases: CHINA_ALIASES,
    variant: "chinaMainland",
  },
  {
    brand: "apple",
    name: "iPhone (Hong Kong / Macau dual physical SIM)",
    esim: false,
    caveats: [],
    aliases: ["hong kong", "macau", "macao", "dual sim", "香港", "澳门", "澳門", "港版", "双卡", "雙卡"],
    variant: "hongKongMacau",
  },
  ...pixels([
    "Pixel 10 Pro Fold",
    "Pixel 10 Pro XL",
    "Pixel 10 Pro",
    "Pixel 10",
    "Pixel 9a",
    "Pixel 9 Pro Fold",
    "Pixel 9 Pro XL",
    "Pixel 9 Pro",
    "Pixel 9",
    "Pixel 8a",
    "Pixel 8 Pro",
    "Pixel 8",
    "Pixel 7a",
    "Pixel 7 Pro",
    "Pixel 7",
    "Pixel Fold",
    "Pixel 6a",
    "Pixel 6 Pro",
    "Pixel 6",
    "Pixel 5a",
    "Pixel 5",
    "Pixel 4a 5G",
    "Pixel 4a",
    "Pixel 4 XL",
    "Pixel 4",
  ]),
  ...pixels(["Pixel 3a XL", "Pixel 3a", "Pixel 3 XL", "Pixel 3"], ["pixel3Region"]),
  ...galaxies([
    "S25 Ultra",
    "S25 Edge",
    "S25+",
    "S25",
    "S25 FE",
    "S24 Ultra",
    "S24+",
    "S24",
    "S24 FE",
    "S23 Ultra",
    "S23+",
    "S23",
    "S23 FE",
    "S22 Ultra",
    "S22+",
    "S22",
    "Z Fold7",
    "Z Flip7",
    "Z Flip7 FE",
    "Z Fold6",
    "Z Flip6",
    "Z Fold5",
    "Z Flip5",
    "Z Fold4",
    "Z Flip4",
    "Z Fold3",
    "Z Flip3",
    "Z Fold2",
    "Z Flip",
    "A56 5G",
    "A55 5G",
    "A54 5G",
    "A36 5G",
    "A35 5G",
    "A26 5G",
  ]),
  ...galaxies(
    ["S21 Ultra", "S21+", "S21", "S20 Ultra", "S20+", "S20", "Note20 Ultra", "Note20"],
    ["galaxyUsKorea"],
  ),
];

/** Lower case, no punctuation, and a space between letters and digits: "iPhone15ProMax" ≈ "iphone 15 pro max". */
export function normaliseModel(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKC")
    .replace(/\+/g, " plus ")
    .replace(/[()/\-_.,]/g, " ")
    .replace(/([a-z])(\d)/g, "$1 $2")
    .replace(/(\d)([a-z])/g, "$1 $2")
    .replace(/\s+/g, " ")
    .trim();
}

function searchText(device: DeviceModel): string {
  const brand = { apple: "apple", google: "google", samsung: "samsung galaxy" }[device.brand];
  return normaliseModel([brand, device.name, ...(device.aliases ?? [])].join(" "));
}

const INDEX = new WeakMap<DeviceModel, string>();

function indexed(device: DeviceModel): string {
  let text = INDEX.get(device);
  if (text === undefined) {
    text = searchText(device);
    INDEX.set(device, text);
  }
  return text;
}

/**
 * The models matching what the shopper typed: every word of the query must start a word of the model (so "15"
 * finds the iPhone 15 family but not the 115), or, for Chinese, appear anywhere. Exact names come first, then
 * shorter names (the base model before Pro Max), then list order. An empty query matches nothing.
 */
export function searchDevices(query: string, devices: readonly DeviceModel[] = DEVICES): DeviceModel[] {
  const words = normaliseModel(query).split(" ").filter(Boolean);
  if (words.length === 0) return [];
  const target = normaliseModel(query);
  const matches = devices
    .map((device, order) => ({ device, order, text: indexed(device) }))
    .filter(({ text }) => {
      const modelWords = text.split(" ");
      return words.every((word) =>
        /^[ -~]+$/.test(word)
          ? modelWords.some((modelWord) => modelWord.startsWith(word))
          : text.includes(word),
      );
    });
  const rank = (entry: { device: DeviceModel }) => {
    const name = normaliseModel(entry.device.name);
    if (name === target || name.endsWith(` ${target}`)) return 0;
    return 1;
  };
  return matches
    .sort(
      (a, b) =>
        rank(a) - rank(b) ||
        Number(a.device.esim === false) - Number(b.device.esim === false) ||
        a.device.name.length - b.device.name.length ||
        a.order - b.order,
    )
    .map(({ device }) => device);
}
