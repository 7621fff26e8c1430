// opencc-js ships no types; the one call the help search uses (ADR 0201).
declare module "opencc-js" {
  export function Converter(options: { from: string; to: string }): (text: string) => string;
}
