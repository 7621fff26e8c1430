import { randomInt } from "node:crypto";

/**
 * Renders captcha digits as an SVG with per-glyph rotation, offsets and noise curves and dots, so the answer
 * is not in the markup as text a script could read: every glyph is drawn as a path from a tiny stroke font.
 */
const GLYPHS: Record<string, string> = {
  "0": "M2 1 L8 1 L8 15 L2 15 Z",
  "1": "M3 4 L5 1 L5 15 M2 15 L8 15",
  "2": "M1 3 Q5 -1 8 3 Q8 7 1 15 L9 15",
  "3": "M1 1 L8 1 L4 7 Q9 8 8 12 Q6 16 1 14",
  "4": "M7 15 L7 1 L1 10 L9 10",
  "5": "M8 1 L2 1 L1 7 Q8 5 8 11 Q7 16 1 14",
  "6": "M8 2 Q2 0 1 9 Q1 15 5 15 Q9 15 8 10 Q7 6 1 9",
  "7": "M1 1 L9 1 L4 15",
  "8": "M5 8 Q1 6 2 3 Q5 -1 8 3 Q9 6 5 8 Q0 10 2 14 Q5 17 8 14 Q10 10 5 8",
  "9": "M8 7 Q7 1 4 1 Q1 1 1 5 Q2 9 8 7 L7 15",
};

const WIDTH = 120;
const HEIGHT = 44;

function color(): string {
  return `hsl(${randomInt(0, 360)},${randomInt(40, 70)}%,${randomInt(25, 45)}%)`;
}

export function renderCaptchaSvg(digits: string): string {
  const parts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const y1 = randomInt(4, HEIGHT - 4);
    const y2 = randomInt(4, HEIGHT - 4);
    parts.push(
      `<path d="M0 ${y1} Q${randomInt(20, 100)} ${randomInt(0, HEIGHT)} ${WIDTH} ${y2}" stroke="${color()}" stroke-width="${randomInt(1, 3)}" fill="none" opacity="0.6"/>`,
    );
  }
  const step = (WIDTH - 16) / digits.length;
  [...digits].forEach((digit, index) => {
    const x = 10 + index * step + randomInt(-3, 4);
    const y = 8 + randomInt(-3, 5);
    const scale = (1.5 + randomInt(0, 30) / 100).toFixed(2);
    const rotate = randomInt(-25, 26);
    parts.push(
      `<path d="${GLYPHS[digit]}" transform="translate(${x} ${y}) rotate(${rotate} 5 8) scale(${scale})" stroke="${color()}" stroke-width="1.6" stroke-linecap="round" fill="none"/>`,
    );
  });
  for (let i = 0; i < 40; i++) {
    parts.push(`<circle cx="${randomInt(0, WIDTH)}" cy="${randomInt(0, HEIGHT)}" r="1" fill="${color()}"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#f4f6f8"/>${parts.join("")}</svg>`;
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
