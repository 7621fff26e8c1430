/**
 * One message module per feature holds all three locales, so the compiler refuses a module whose zh_CN or
 * zh_HK lacks a key that en_US has (and the i18n test checks the assembled catalogues at run time too).
 */
export function defineMessages<const K extends string>(catalogue: {
  en_US: Record<K, string>;
  zh_CN: NoInfer<Record<K, string>>;
  zh_HK: NoInfer<Record<K, string>>;
}) {
  return catalogue;
}
