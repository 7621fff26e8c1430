// Packages shaped like the package/list example in the eSIM Access docs: prices in USD × 10,000, volumes in
// bytes, durations with their unit, operators per location. `type` and `stock` are the stand-in's own (the
// supplier keeps them on its side; they are not in the API's answer).

export interface StandinPackage {
  packageCode: string;
  slug: string;
  name: string;
  price: number;
  currencyCode: string;
  volume: number;
  unusedValidTime: number;
  duration: number;
  durationUnit: string;
  location: string;
  description: string;
  activeType: number;
  favorite: boolean;
  retailPrice: number;
  speed: string;
  supportTopUpType: number;
  locationNetworkList: {
    locationName: string;
    locationLogo: string;
    locationCode: string;
    operatorList: { operatorName: string; networkType: string }[];
  }[];
  type: "BASE" | "TOPUP";
  /**
   * For a TOPUP package: the base packageCodes whose profiles it can top up (stand-in's own; default: the code
   * after the `TOPUP_` prefix, e.g. TOPUP_CKH491 tops up CKH491 profiles).
   */
  topUpFor?: string[];
  /** Profiles left; null: unlimited. */
  stock: number | null;
}

const GB = 1_073_741_824;

const japan = [
  {
    locationName: "Japan",
    locationLogo: "https://static.redteago.com/img/logos/JapanFlag.png",
    locationCode: "JP",
    operatorList: [
      { operatorName: "SoftBank", networkType: "4G/5G" },
      { operatorName: "KDDI", networkType: "4G" },
    ],
  },
];

export const FIXTURE_PACKAGES: StandinPackage[] = [
  {
    packageCode: "CKH491",
    slug: "JP_3_30",
    name: "Japan 3GB 30Days",
    price: 45_000,
    currencyCode: "USD",
    volume: 3 * GB,
    unusedValidTime: 180,
    duration: 30,
    durationUnit: "DAY",
    location: "JP",
    description: "Japan 3GB 30Days",
    activeType: 1,
    favorite: false,
    retailPrice: 90_000,
    speed: "4G/5G",
    supportTopUpType: 2,
    locationNetworkList: japan,
    type: "BASE",
    stock: null,
  },
  {
    packageCode: "CKH492",
    slug: "JP_10_30",
    name: "Japan 10GB 30Days",
    price: 112_500,
    currencyCode: "USD",
    volume: 10 * GB,
    unusedValidTime: 180,
    duration: 30,
    durationUnit: "DAY",
    location: "JP",
    description: "Japan 10GB 30Days",
    activeType: 1,
    favorite: false,
    retailPrice: 0,
    speed: "4G/5G",
    supportTopUpType: 2,
    locationNetworkList: japan,
    type: "BASE",
    stock: null,
  },
  {
    packageCode: "TOPUP_CKH491",
    slug: "JP_3_30_TOPUP",
    name: "Japan 3GB 30Days Top Up",
    price: 45_000,
    currencyCode: "USD",
    volume: 3 * GB,
    unusedValidTime: 180,
    duration: 30,
    durationUnit: "DAY",
    location: "JP",
    description: "Japan 3GB 30Days Top Up",
    activeType: 1,
    favorite: false,
    retailPrice: 90_000,
    speed: "4G/5G",
    supportTopUpType: 2,
    locationNetworkList: japan,
    type: "TOPUP",
    stock: null,
  },
];
