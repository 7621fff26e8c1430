/** Editorial text kept per locale (architecture: "Editorial content is stored per locale"). */
export interface LocalizedText {
  en_US: string;
  zh_CN: string;
  zh_HK: string;
}
