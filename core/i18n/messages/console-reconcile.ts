import { defineMessages } from "../define.ts";

// Keys are "consoleReconcile.…": the console's Reconciliation API messages (issue 29 item 4, ADR 0365). The API
// answers in the request's language, so all three.
export default defineMessages({
  en_US: {
    "consoleReconcile.notFound": "There is no such mismatch",
    "consoleReconcile.alreadyResolved": "This mismatch was already marked resolved",
  },
  zh_CN: {
    "consoleReconcile.notFound": "没有这条差异",
    "consoleReconcile.alreadyResolved": "这条差异已标记为已解决",
  },
  zh_HK: {
    "consoleReconcile.notFound": "沒有這條差異",
    "consoleReconcile.alreadyResolved": "這條差異已標記為已解決",
  },
});
