import { defineMessages } from "../define.ts";

// Keys are "consoleBulk.…": the console API's messages for bulk actions on orders (issue 29 item 3, ADR 0383).
// The API answers in the request's language, so all three.
export default defineMessages({
  en_US: {
    "consoleBulk.tooMany": "Choose at most 100 orders at a time",
    "consoleBulk.notInReview": "This order has no failed provisioning waiting for a retry",
  },
  zh_CN: {
    "consoleBulk.tooMany": "每次最多选择 100 个订单",
    "consoleBulk.notInReview": "此订单没有等待重试的开通失败",
  },
  zh_HK: {
    "consoleBulk.tooMany": "每次最多選擇 100 張訂單",
    "consoleBulk.notInReview": "此訂單沒有等待重試的開通失敗",
  },
});
