import { defineMessages } from "../define.ts";

// Keys are "consoleSuppliers.…": the console's Suppliers API messages (issue 28, ADR 0311). The console is English
// and Simplified Chinese; its API answers in the request's language, so zh_HK too.
export default defineMessages({
  en_US: {
    "consoleSuppliers.notConfigured": "This supplier is not configured in this store",
    "consoleSuppliers.noWebhooks": "This supplier has no webhooks to register",
    "consoleSuppliers.noCatalogue": "No configured supplier keeps a catalogue to sync",
  },
  zh_CN: {
    "consoleSuppliers.notConfigured": "本店未配置该供应商",
    "consoleSuppliers.noWebhooks": "该供应商没有可注册的 Webhook",
    "consoleSuppliers.noCatalogue": "已配置的供应商均无可同步的目录",
  },
  zh_HK: {
    "consoleSuppliers.notConfigured": "本店未設定該供應商",
    "consoleSuppliers.noWebhooks": "該供應商沒有可登記的 Webhook",
    "consoleSuppliers.noCatalogue": "已設定的供應商均無可同步的目錄",
  },
});
