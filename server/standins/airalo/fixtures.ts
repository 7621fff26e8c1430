// Countries with operators and packages, shaped like the GET /v2/packages example in Airalo's Partner API v2
// docs: amounts in MB, validity in days, price and net_price in USD, per-currency prices. `stock` is the
// stand-in's own (Airalo keeps it on its side).

export interface AiraloStandinPackage {
  id: string;
  type: "sim" | "topup";
  price: number;
  amount: number;
  day: number;
  is_unlimited: boolean;
  title: string;
  short_info: string | null;
  data: string;
  voice: number | null;
  text: number | null;
  net_price: number;
  prices: {
    net_price: Record<string, number>;
    recommended_retail_price: Record<string, number>;
  };
  stock: number | null;
}

export interface AiraloStandinCountry {
  slug: string;
  country_code: string;
  title: string;
  image: { width: number; height: number; url: string };
  operators: {
    id: number;
    title: string;
    type: "local" | "global";
    is_prepaid: boolean;
    esim_type: string;
    apn_type: string;
    apn_value: string | null;
    is_roaming: boolean;
    coverages: { name: string; code: string; networks: { name: string; types: string[] }[] }[];
    countries: { country_code: string; title: string }[];
    packages: AiraloStandinPackage[];
  }[];
}

function pkg(id: string, type: "sim" | "topup", gb: number, day: number, netUsd: number, rrpUsd: number) {
  return {
    id,
    type,
    price: rrpUsd,
    amount: gb * 1024,
    day,
    is_unlimited: false,
    title: `${gb} GB - ${day} Days`,
    short_info: null,
    data: `${gb} GB`,
    voice: null,
    text: null,
    net_price: netUsd,
    prices: {
      net_price: { USD: netUsd, EUR: Math.round(netUsd * 92) / 100 },
      recommended_retail_price: { USD: rrpUsd, EUR: Math.round(rrpUsd * 92) / 100 },
    },
    stock: null,
  } satisfies AiraloStandinPackage;
}

export function fixtureCountries(): AiraloStandinCountry[] {
  const country = (code: string, title: string, slug: string, operator: string, networks: string[]) => ({
    slug,
    country_code: code,
    title,
    image: { width: 132, height: 99, url: `https://cdn.airalo.com/images/${slug}.png` },
    operators: [] as AiraloStandinCountry["operators"],
    networks,
    operator,
  });
  const japan = country("JP", "Japan", "japan", "Moshi Moshi", ["SoftBank", "KDDI"]);
  const korea = country("KR", "South Korea", "south-korea", "Jang Mobile", ["SK Telecom"]);
  const thailand = country("TH", "Thailand", "thailand", "Sawadee", ["AIS", "dtac"]);
  const list = [
    {
      c: japan,
      id: 101,
      packages: [
        pkg("moshi-moshi-30days-3gb", "sim", 3, 30, 4.5, 9),
        pkg("moshi-moshi-30days-10gb", "sim", 10, 30, 11.25, 0),
      ],
    },
    { c: korea, id: 102, packages: [pkg("jang-mobile-7days-1gb", "sim", 1, 7, 2.2, 4.5)] },
    { c: thailand, id: 103, packages: [pkg("sawadee-15days-2gb", "sim", 2, 15, 3.1, 6)] },
  ];
  return list.map(({ c, id, packages }) => ({
    slug: c.slug,
    country_code: c.country_code,
    title: c.title,
    image: c.image,
    operators: [
      {
        id,
        title: c.operator,
        type: "local" as const,
        is_prepaid: true,
        esim_type: "Prepaid",
        apn_type: "automatic",
        apn_value: null,
        is_roaming: true,
        coverages: [
          {
            name: c.country_code,
            code: c.country_code,
            networks: c.networks.map((n) => ({ name: n, types: ["4G", "5G"] })),
          },
        ],
        countries: [{ country_code: c.country_code, title: c.title }],
        packages: [
          ...packages,
          ...packages.map((p) => ({
            ...pkg(`${p.id}-topup`, "topup", p.amount / 1024, p.day, p.net_price, p.price),
          })),
        ],
      },
    ],
  }));
}

/**
 * A catalogue of `size` country entries (GET /v2/packages counts and pages country entries: the docs' example
 * reports `"total": 211` at `limit=3` over 71 pages). The three fixture countries come first; the rest are
 * generated, each with one operator, one sim package and its top-up.
 */
export function largeCatalogue(size: number): AiraloStandinCountry[] {
  const base = fixtureCountries();
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const taken = new Set(base.map((c) => c.country_code));
  const out = base.slice(0, size);
  let n = 0;
  while (out.length < size) {
    const code = `${letters[Math.floor(n / 26) % 26]}${letters[n % 26]}`;
    n += 1;
    if (taken.has(code)) continue;
    const slug = `country-${code.toLowerCase()}`;
    const op = `op-${code.toLowerCase()}`;
    const sim = pkg(`${op}-7days-1gb`, "sim", 1, 7, 2, 4);
    out.push({
      slug,
      country_code: code,
      title: `Country ${code}`,
      image: { width: 132, height: 99, url: `https://cdn.airalo.com/images/${slug}.png` },
      operators: [
        {
          id: 1000 + out.length,
          title: `Operator ${code}`,
          type: "local",
          is_prepaid: true,
          esim_type: "Prepaid",
          apn_type: "automatic",
          apn_value: null,
          is_roaming: true,
          coverages: [{ name: code, code, networks: [{ name: `Net ${code}`, types: ["4G"] }] }],
          countries: [{ country_code: code, title: `Country ${code}` }],
          packages: [sim, pkg(`${sim.id}-topup`, "topup", 1, 7, 2, 4)],
        },
      ],
    });
  }
  return out;
}
