import { countries } from "countries-list";
import * as flags from "country-flag-icons/string/3x2";
import BadgePercent from "lucide-react/icons/badge-percent";
import Download from "lucide-react/icons/download";
import Earth from "lucide-react/icons/earth";
import Gift from "lucide-react/icons/gift";
import Globe from "lucide-react/icons/globe";
import Headset from "lucide-react/icons/headset";
import MapIcon from "lucide-react/icons/map";
import MapPin from "lucide-react/icons/map-pin";
import QrCode from "lucide-react/icons/qr-code";
import Search from "lucide-react/icons/search";
import Smartphone from "lucide-react/icons/smartphone";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ART_KINDS, type ArtKind } from "../../../db/seed/art-urls.ts";

// Deterministic generated SVG art for seeded images (ADR 0013, ADR 0260): the same URL always gives the same
// picture, so it can be cached for a year, and nothing is fetched from outside.
// - a country's thumbnail is its flag, from the country-flag-icons library (3:2 SVG);
// - a shortcut icon is a lucide icon on a rounded tile;
// - everything else is a designed illustration: sky, hills, a skyline and a landmark chosen for the place the
//   name is about. No picture carries text, so nothing can be clipped or read as a file name.

const SIZES: Record<ArtKind, [number, number]> = {
  dest: [800, 500],
  thumb: [120, 80],
  banner: [1200, 400],
  continent: [600, 300],
  note: [640, 360],
  live: [480, 640],
  icon: [96, 96],
  category: [400, 300],
  card: [480, 320],
};

const NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isArtKind(value: string): value is ArtKind {
  return (ART_KINDS as readonly string[]).includes(value);
}

export function isArtName(value: string): boolean {
  return NAME_PATTERN.test(value);
}

function hash(name: string): number {
  let value = 2166136261;
  for (const char of name) value = Math.imul(value ^ char.codePointAt(0)!, 16777619) >>> 0;
  return value;
}

/** A small deterministic random stream seeded by the name. */
function stream(seed: number): () => number {
  let state = seed || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
}

const r1 = (value: number) => Math.round(value * 10) / 10;

// ---------------------------------------------------------------------------------------------------------
// Flags and icons

type LucideIcon = typeof Globe;

const FLAGS = flags as unknown as Record<string, string>;

/** The flag SVG for an ISO 3166-1 alpha-2 code (or "EU"), sized to the thumbnail. */
export function flagSvg(code: string): string | null {
  const svg = FLAGS[code.toUpperCase()];
  if (!svg) return null;
  const [width, height] = SIZES.thumb;
  return svg.replace(
    "<svg ",
    `<svg width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice" `,
  );
}

const ICONS: Record<string, LucideIcon> = {
  country: MapPin,
  region: MapIcon,
  global: Earth,
  install: QrCode,
  invite: Gift,
  search: Search,
  download: Download,
  app: Smartphone,
  support: Headset,
  deal: BadgePercent,
};

const TILE_COLOURS = ["#0f766e", "#1d4ed8", "#7c3aed", "#c2410c", "#be185d", "#0369a1"];

function iconSvg(name: string, glyph: LucideIcon = ICONS[name] ?? Globe): string {
  const [width, height] = SIZES.icon;
  const tile = TILE_COLOURS[hash(name) % TILE_COLOURS.length]!;
  const inner = renderToStaticMarkup(
    createElement(glyph, { size: 52, color: "#ffffff", strokeWidth: 2, x: 22, y: 22, "aria-hidden": true }),
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" rx="24" fill="${tile}"/>`,
    `<circle cx="78" cy="18" r="30" fill="#ffffff" opacity="0.12"/>`,
    inner,
    "</svg>",
  ].join("");
}

// ---------------------------------------------------------------------------------------------------------
// Illustrations

type Landmark =
  | "fuji"
  | "pagoda"
  | "palace"
  | "stupa"
  | "eiffel"
  | "clock"
  | "dome"
  | "bridge"
  | "towers"
  | "palms"
  | "pyramid"
  | "alps"
  | "globe"
  | "phone";

const COUNTRY_LANDMARK: Record<string, Landmark> = {
  JP: "fuji",
  KR: "palace",
  CN: "pagoda",
  TW: "towers",
  HK: "towers",
  MO: "towers",
  SG: "towers",
  MY: "towers",
  AE: "towers",
  QA: "towers",
  TH: "stupa",
  VN: "pagoda",
  KH: "stupa",
  LA: "stupa",
  MM: "stupa",
  LK: "stupa",
  NP: "alps",
  IN: "dome",
  TR: "dome",
  SA: "dome",
  OM: "dome",
  FR: "eiffel",
  GB: "clock",
  IE: "clock",
  IT: "dome",
  VA: "dome",
  RU: "dome",
  CH: "alps",
  AT: "alps",
  NO: "alps",
  IS: "alps",
  NZ: "alps",
  CL: "alps",
  PE: "alps",
  CA: "alps",
  US: "bridge",
  AU: "bridge",
  PT: "bridge",
  EG: "pyramid",
  MX: "pyramid",
  MA: "pyramid",
  JO: "pyramid",
  MV: "palms",
  ID: "palms",
  PH: "palms",
  FJ: "palms",
  BR: "palms",
};

const CONTINENT_LANDMARKS: Record<string, Landmark[]> = {
  AS: ["pagoda", "stupa", "towers"],
  EU: ["clock", "dome", "alps"],
  AF: ["pyramid", "palms"],
  NA: ["bridge", "towers"],
  SA: ["alps", "palms"],
  OC: ["palms", "bridge"],
  AN: ["alps"],
};

const KEYWORD_LANDMARK: [RegExp, Landmark][] = [
  [/japan|tokyo|autumn/, "fuji"],
  [/seoul|korea/, "palace"],
  [/bangkok|thai|southeast|south_east/, "stupa"],
  [/east_asia|asia|china/, "pagoda"],
  [/europe|paris|france|roaming|schengen/, "eiffel"],
  [/london|britain/, "clock"],
  [/global|world|popular|regional|^gl$/, "globe"],
  [/island|beach|summer|oceania|^oc$|latam/, "palms"],
  [/africa|^af$|mea|middle/, "pyramid"],
  [/america|^na$|^nam$|^sa$/, "bridge"],
  [/app|install|esim|video|hotspot|qr|poster|promo|guide|deal/, "phone"],
];

/** Which landmark a picture shows: a country's own, else one its name speaks of, else one of its continent's. */
function landmarkFor(name: string, seed: number): Landmark {
  const code = name.replace(/-thumb$/, "").toUpperCase();
  const own = COUNTRY_LANDMARK[code];
  if (own) return own;
  const lower = name.toLowerCase().replace(/-/g, "_");
  for (const [pattern, landmark] of KEYWORD_LANDMARK) if (pattern.test(lower)) return landmark;
  const continent = /^[A-Z]{2}$/.test(code)
    ? (countries as Record<string, { continent: string }>)[code]?.continent
    : undefined;
  const options = CONTINENT_LANDMARKS[continent ?? ""] ?? ["towers", "alps", "bridge", "palms", "dome"];
  return options[seed % options.length]!;
}

interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  mid: string;
  near: string;
  ground: string;
  accent: string;
  window: string;
}

const PALETTES: Palette[] = [
  // morning
  {
    skyTop: "#7dd3fc",
    skyBottom: "#e0f2fe",
    sun: "#fde68a",
    far: "#93c5fd",
    mid: "#60a5fa",
    near: "#1e3a8a",
    ground: "#1e40af",
    accent: "#f97316",
    window: "#bfdbfe",
  },
  // sunset
  {
    skyTop: "#f472b6",
    skyBottom: "#fed7aa",
    sun: "#fff7ed",
    far: "#f9a8d4",
    mid: "#db2777",
    near: "#4c0519",
    ground: "#831843",
    accent: "#fbbf24",
    window: "#fde68a",
  },
  // dusk
  {
    skyTop: "#312e81",
    skyBottom: "#a78bfa",
    sun: "#fef3c7",
    far: "#6d28d9",
    mid: "#4c1d95",
    near: "#1e1b4b",
    ground: "#2e1065",
    accent: "#f472b6",
    window: "#fde68a",
  },
  // teal day
  {
    skyTop: "#5eead4",
    skyBottom: "#f0fdfa",
    sun: "#fef9c3",
    far: "#99f6e4",
    mid: "#14b8a6",
    near: "#134e4a",
    ground: "#115e59",
    accent: "#f43f5e",
    window: "#ccfbf1",
  },
  // golden
  {
    skyTop: "#fb923c",
    skyBottom: "#fef3c7",
    sun: "#fffbeb",
    far: "#fdba74",
    mid: "#c2410c",
    near: "#431407",
    ground: "#7c2d12",
    accent: "#0ea5e9",
    window: "#fef08a",
  },
];

/** Landmark silhouettes drawn on a local grid: baseline y = 0, up is negative, about 300 units tall. */
function landmarkShape(landmark: Landmark, p: Palette): string {
  switch (landmark) {
    case "fuji":
      return [
        `<path d="M-330 0 L-60 -250 Q0 -280 60 -250 L330 0 Z" fill="${p.mid}"/>`,
        `<path d="M-60 -250 L-100 -205 L-62 -214 L-34 -190 L-8 -214 L20 -192 L50 -214 L100 -205 L60 -250 Q0 -280 -60 -250 Z" fill="#ffffff"/>`,
        pagoda(-250, 0.55, p),
      ].join("");
    case "pagoda":
      return pagoda(0, 1, p);
    case "palace":
      return [
        `<rect x="-170" y="-40" width="340" height="40" fill="${p.near}"/>`,
        `<rect x="-130" y="-110" width="260" height="72" fill="${p.near}"/>`,
        `<path d="M-200 -104 Q-160 -118 -150 -140 L150 -140 Q160 -118 200 -104 Q120 -112 0 -110 Q-120 -112 -200 -104 Z" fill="${p.near}"/>`,
        `<rect x="-90" y="-170" width="180" height="32" fill="${p.near}"/>`,
        `<path d="M-150 -164 Q-118 -176 -110 -196 L110 -196 Q118 -176 150 -164 Q80 -170 0 -168 Q-80 -170 -150 -164 Z" fill="${p.near}"/>`,
        ...[-90, -45, 0, 45, 90].map(
          (x) => `<rect x="${x - 9}" y="-96" width="18" height="56" fill="${p.accent}"/>`,
        ),
      ].join("");
    case "stupa":
      return [
        `<rect x="-150" y="-30" width="300" height="30" fill="${p.near}"/>`,
        `<rect x="-115" y="-60" width="230" height="32" fill="${p.near}"/>`,
        `<path d="M-95 -60 Q-95 -150 0 -170 Q95 -150 95 -60 Z" fill="${p.near}"/>`,
        `<path d="M-16 -168 L0 -320 L16 -168 Z" fill="${p.near}"/>`,
        `<circle cx="0" cy="-110" r="22" fill="${p.accent}"/>`,
        `<path d="M-250 0 L-250 -90 L-225 -150 L-200 -90 L-200 0 Z M200 0 L200 -90 L225 -150 L250 -90 L250 0 Z" fill="${p.near}"/>`,
      ].join("");
    case "eiffel":
      return [
        `<path d="M-110 0 L-28 -210 L-12 -300 L-4 -340 L4 -340 L12 -300 L28 -210 L110 0 L72 0 Q0 -95 -72 0 Z" fill="${p.near}"/>`,
        `<rect x="-70" y="-112" width="140" height="12" fill="${p.near}"/>`,
        `<rect x="-38" y="-214" width="76" height="10" fill="${p.near}"/>`,
        `<path d="M-58 -100 L58 -100 L28 -200 L-28 -200 Z" fill="${p.mid}" opacity="0.55"/>`,
      ].join("");
    case "clock":
      return [
        `<rect x="-40" y="-250" width="80" height="250" fill="${p.near}"/>`,
        `<rect x="-48" y="-280" width="96" height="34" fill="${p.near}"/>`,
        `<path d="M-44 -280 L0 -360 L44 -280 Z" fill="${p.near}"/>`,
        `<circle cx="0" cy="-222" r="24" fill="${p.window}"/>`,
        `<path d="M0 -222 L0 -238 M0 -222 L12 -216" stroke="${p.near}" stroke-width="4" stroke-linecap="round"/>`,
        `<rect x="40" y="-120" width="170" height="120" fill="${p.near}"/>`,
        ...[60, 100, 140, 180].map(
          (x) => `<rect x="${x}" y="-100" width="14" height="40" rx="7" fill="${p.window}"/>`,
        ),
      ].join("");
    case "dome":
      return [
        `<rect x="-140" y="-90" width="280" height="90" fill="${p.near}"/>`,
        `<path d="M-100 -90 Q-100 -220 0 -230 Q100 -220 100 -90 Z" fill="${p.near}"/>`,
        `<path d="M-6 -228 L0 -270 L6 -228 Z" fill="${p.near}"/>`,
        `<circle cx="0" cy="-274" r="8" fill="${p.accent}"/>`,
        `<rect x="-200" y="-240" width="24" height="240" fill="${p.near}"/>`,
        `<path d="M-206 -240 L-188 -290 L-170 -240 Z" fill="${p.near}"/>`,
        `<rect x="176" y="-240" width="24" height="240" fill="${p.near}"/>`,
        `<path d="M170 -240 L188 -290 L206 -240 Z" fill="${p.near}"/>`,
        ...[-90, -30, 30, 90].map(
          (x) =>
            `<path d="M${x - 14} -20 L${x - 14} -56 Q${x} -74 ${x + 14} -56 L${x + 14} -20 Z" fill="${p.window}"/>`,
        ),
      ].join("");
    case "bridge":
      return [
        `<rect x="-200" y="-300" width="26" height="300" fill="${p.accent}"/>`,
        `<rect x="174" y="-300" width="26" height="300" fill="${p.accent}"/>`,
        `<rect x="-420" y="-90" width="840" height="16" fill="${p.accent}"/>`,
        `<path d="M-420 -200 Q-300 -100 -187 -296 Q0 -60 187 -296 Q300 -100 420 -200" fill="none" stroke="${p.accent}" stroke-width="7"/>`,
        ...Array.from({ length: 15 }, (_, i) => {
          const x = -160 + i * 23;
          const t = (x + 187) / 374;
          const y = r1(-296 + 4 * t * (1 - t) * 236 * 0.95);
          return `<line x1="${x}" y1="${y}" x2="${x}" y2="-90" stroke="${p.accent}" stroke-width="2"/>`;
        }),
      ].join("");
    case "towers":
      return [
        `<rect x="-150" y="-190" width="60" height="190" fill="${p.near}"/>`,
        `<rect x="-80" y="-300" width="56" height="300" fill="${p.near}"/>`,
        `<path d="M-80 -300 L-52 -340 L-24 -300 Z" fill="${p.near}"/>`,
        `<rect x="-54" y="-372" width="4" height="34" fill="${p.near}"/>`,
        `<rect x="-14" y="-240" width="70" height="240" fill="${p.near}"/>`,
        `<rect x="66" y="-340" width="46" height="340" fill="${p.near}"/>`,
        `<path d="M66 -340 L89 -390 L112 -340 Z" fill="${p.near}"/>`,
        `<rect x="122" y="-160" width="70" height="160" fill="${p.near}"/>`,
        ...windows(-70, -280, 3, 10, p),
        ...windows(74, -320, 2, 12, p),
      ].join("");
    case "palms":
      return [
        palm(-180, 1, p),
        palm(150, 0.8, p),
        palm(230, 0.6, p),
        `<path d="M-320 0 Q0 -40 320 0 Z" fill="${p.accent}" opacity="0.8"/>`,
      ].join("");
    case "pyramid":
      return [
        `<path d="M-260 0 L-60 -230 L140 0 Z" fill="${p.accent}"/>`,
        `<path d="M-60 -230 L140 0 L40 0 Z" fill="${p.near}" opacity="0.35"/>`,
        `<path d="M60 0 L200 -150 L340 0 Z" fill="${p.accent}"/>`,
        `<path d="M200 -150 L340 0 L270 0 Z" fill="${p.near}" opacity="0.35"/>`,
      ].join("");
    case "alps":
      return [
        `<path d="M-380 0 L-180 -230 L-90 -140 L40 -300 L210 -90 L270 -150 L380 0 Z" fill="${p.near}"/>`,
        `<path d="M-180 -230 L-215 -190 L-190 -198 L-160 -206 Z M40 -300 L-10 -238 L22 -250 L48 -232 L74 -256 Z" fill="#ffffff"/>`,
      ].join("");
    case "globe":
      return [
        `<circle cx="0" cy="-170" r="150" fill="${p.accent}"/>`,
        `<ellipse cx="0" cy="-170" rx="60" ry="150" fill="none" stroke="#ffffff" stroke-width="6" opacity="0.8"/>`,
        `<path d="M-150 -170 H150 M-130 -245 H130 M-130 -95 H130" stroke="#ffffff" stroke-width="6" opacity="0.8"/>`,
        `<path d="M-240 -310 Q-40 -390 190 -300" fill="none" stroke="#ffffff" stroke-width="4" stroke-dasharray="10 12"/>`,
        `<path d="M190 -300 l-30 -16 l8 -6 l36 8 l18 -12 l6 4 l-12 18 l14 30 l-8 4 l-22 -22 z" fill="#ffffff"/>`,
      ].join("");
    case "phone":
      return [
        `<rect x="-80" y="-320" width="160" height="300" rx="26" fill="${p.near}"/>`,
        `<rect x="-66" y="-292" width="132" height="240" rx="10" fill="${p.window}"/>`,
        `<rect x="-40" y="-250" width="80" height="80" rx="8" fill="${p.near}"/>`,
        `<rect x="-26" y="-236" width="22" height="22" fill="${p.window}"/>`,
        `<rect x="4" y="-236" width="22" height="22" fill="${p.window}"/>`,
        `<rect x="-26" y="-206" width="22" height="22" fill="${p.window}"/>`,
        `<rect x="-40" y="-150" width="80" height="14" rx="7" fill="${p.accent}"/>`,
        `<path d="M110 -260 a60 60 0 0 1 0 84 M135 -285 a95 95 0 0 1 0 134" fill="none" stroke="${p.accent}" stroke-width="10" stroke-linecap="round"/>`,
      ].join("");
  }
}

function pagoda(x: number, scale: number, p: Palette): string {
  const parts: string[] = [];
  for (let tier = 0; tier < 5; tier++) {
    const width = 150 - tier * 22;
    const top = -tier * 56;
    parts.push(
      `<rect x="${-width / 2 + 18}" y="${top - 40}" width="${width - 36}" height="40" fill="${p.near}"/>`,
    );
    parts.push(
      `<path d="M${-width / 2 - 20} ${top - 34} Q${-width / 2} ${top - 44} ${-width / 2 + 10} ${top - 58} L${width / 2 - 10} ${top - 58} Q${width / 2} ${top - 44} ${width / 2 + 20} ${top - 34} Z" fill="${p.near}"/>`,
    );
  }
  parts.push(`<rect x="-3" y="-340" width="6" height="60" fill="${p.near}"/>`);
  parts.push(`<rect x="-14" y="-30" width="28" height="30" fill="${p.accent}"/>`);
  return `<g transform="translate(${x} 0) scale(${scale})">${parts.join("")}</g>`;
}

function palm(x: number, scale: number, p: Palette): string {
  const leaves = [-150, -110, -60, -20, 30]
    .map(
      (angle) =>
        `<path d="M0 0 Q40 -30 95 -6 Q45 -14 0 0 Z" fill="${p.near}" transform="rotate(${angle + 90})"/>`,
    )
    .join("");
  return `<g transform="translate(${x} 0) scale(${scale})"><path d="M-6 0 Q-24 -120 18 -240 L28 -238 Q-8 -120 8 0 Z" fill="${p.near}"/><g transform="translate(22 -240)">${leaves}</g></g>`;
}

function windows(x: number, y: number, columns: number, rows: number, p: Palette): string[] {
  const cells: string[] = [];
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++)
      cells.push(
        `<rect x="${x + column * 14}" y="${y + row * 24}" width="8" height="12" fill="${p.window}" opacity="0.7"/>`,
      );
  return cells;
}

function skyline(width: number, ground: number, unit: number, random: () => number, p: Palette): string {
  const blocks: string[] = [];
  let x = -10;
  while (x < width) {
    const w = r1((30 + random() * 50) * unit);
    const h = r1((40 + random() * 130) * unit);
    blocks.push(`<rect x="${r1(x)}" y="${r1(ground - h)}" width="${w}" height="${r1(h + 2)}"/>`);
    x += w + random() * 6 * unit;
  }
  return `<g fill="${p.mid}" opacity="0.75">${blocks.join("")}</g>`;
}

function hills(
  width: number,
  ground: number,
  unit: number,
  random: () => number,
  colour: string,
  lift: number,
) {
  const points: string[] = [`M0 ${ground}`];
  const step = width / 4;
  for (let i = 0; i <= 4; i++) {
    const y = r1(ground - (lift + random() * lift) * unit);
    points.push(`Q${r1(i * step - step / 2)} ${y} ${r1(i * step)} ${r1(ground - lift * 0.6 * unit)}`);
  }
  points.push(`L${width} ${ground} Z`);
  return `<path d="${points.join(" ")}" fill="${colour}"/>`;
}

function illustration(kind: ArtKind, name: string): string {
  const [width, height] = SIZES[kind];
  const seed = hash(`${kind}:${name}`);
  const random = stream(seed);
  const p = PALETTES[hash(name) % PALETTES.length]!;
  const landmark = landmarkFor(name, hash(name));
  const unit = Math.min(width, height) / 400;
  const ground = Math.round(height * 0.8);
  const sunX = r1(width * (0.15 + random() * 0.2));
  const sunY = r1(height * (0.18 + random() * 0.12));
  const clouds = Array.from({ length: 3 }, () => {
    const cx = r1(random() * width);
    const cy = r1(height * (0.1 + random() * 0.3));
    const s = r1((0.6 + random() * 0.8) * unit);
    return `<g transform="translate(${cx} ${cy}) scale(${s})" fill="#ffffff" opacity="0.75"><ellipse cx="0" cy="0" rx="46" ry="14"/><ellipse cx="-14" cy="-10" rx="20" ry="14"/><ellipse cx="12" cy="-14" rx="22" ry="16"/></g>`;
  });
  // The landmark stands right of centre on wide art and in the centre on tall art.
  const landmarkScale = Math.round((Math.min(height * 0.62, width * 0.5) / 340) * 100) / 100;
  const landmarkX = r1(width > height * 1.4 ? width * 0.66 : width * 0.52);
  const id = `s${seed.toString(36)}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" preserveAspectRatio="xMidYMid slice" aria-hidden="true">`,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#${id})"/>`,
    `<circle cx="${sunX}" cy="${sunY}" r="${r1(38 * unit)}" fill="${p.sun}"/>`,
    ...clouds,
    hills(width, ground, unit, random, p.far, 90),
    skyline(width, ground, unit, random, p),
    `<g transform="translate(${landmarkX} ${ground}) scale(${landmarkScale})">${landmarkShape(landmark, p)}</g>`,
    `<rect y="${ground}" width="${width}" height="${height - ground}" fill="${p.ground}"/>`,
    `<path d="M0 ${ground + r1(10 * unit)} H${width}" stroke="${p.window}" stroke-width="${r1(2 * unit)}" stroke-dasharray="${r1(24 * unit)} ${r1(18 * unit)}" opacity="0.5"/>`,
    "</svg>",
  ].join("");
}

export function renderArt(kind: ArtKind, name: string): string {
  if (kind === "icon") return iconSvg(name);
  if (kind === "thumb") {
    const code = name.replace(/-thumb$/, "");
    return flagSvg(code) ?? iconSvg(name, code === "GLOBAL" ? Earth : code.length > 2 ? MapIcon : Globe);
  }
  return illustration(kind, name);
}
