/**
 * The operator console speaks English and Simplified Chinese only (issue 16): one module per console feature
 * holds both, and the compiler refuses a zh_CN that lacks a key en_US has (the console i18n test checks at run
 * time too). Keys start with "console.".
 */
export function defineConsoleMessages<const K extends `console.${string}`>(catalogue: {
  en_US: Record<K, string>;
  zh_CN: NoInfer<Record<K, string>>;
}) {
  return catalogue;
}
