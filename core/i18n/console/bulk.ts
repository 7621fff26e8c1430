import { defineConsoleMessages } from "./define.ts";

// Bulk actions on the orders list (issue 29 item 3, ADR 0383): choose orders, resend the eSIM e-mail or retry a
// provisioning that waits for an operator, and read what was done.
export default defineConsoleMessages({
  en_US: {
    "console.bulk.heading": "Bulk actions",
    "console.bulk.select": "Select",
    "console.bulk.selectOrder": "Select order {code}",
    "console.bulk.selectAll": "Select all on this page",
    "console.bulk.selected": "{count} selected (at most 100)",
    "console.bulk.resend": "Resend the eSIM e-mail",
    "console.bulk.retry": "Retry failed provisioning",
    "console.bulk.help":
      "Retry asks the supplier again for orders still being delivered whose supplier order waits for review; it never orders a second eSIM.",
    "console.bulk.summary": "Done: {done} · Skipped: {skipped} · Failed: {failed}",
    "console.bulk.outcome.done": "done",
    "console.bulk.outcome.skipped": "skipped",
    "console.bulk.outcome.failed": "failed, try again",
    "console.bulk.reason.alreadyDone": "already done by this submit",
    "console.bulk.reason.notFound": "no such order",
    "console.bulk.reason.nothingToSend": "no eSIM to send",
    "console.bulk.reason.notInReview": "no failed provisioning waiting for a retry",
  },
  zh_CN: {
    "console.bulk.heading": "批量操作",
    "console.bulk.select": "选择",
    "console.bulk.selectOrder": "选择订单 {code}",
    "console.bulk.selectAll": "全选本页",
    "console.bulk.selected": "已选 {count} 个（最多 100 个）",
    "console.bulk.resend": "重发 eSIM 邮件",
    "console.bulk.retry": "重试失败的开通",
    "console.bulk.help":
      "重试会向供应商再次查询仍在交付中、供应商订单等待复核的订单；绝不会再订购一张 eSIM。",
    "console.bulk.summary": "已完成：{done} · 已跳过：{skipped} · 失败：{failed}",
    "console.bulk.outcome.done": "已完成",
    "console.bulk.outcome.skipped": "已跳过",
    "console.bulk.outcome.failed": "失败，请重试",
    "console.bulk.reason.alreadyDone": "本次提交已处理过",
    "console.bulk.reason.notFound": "没有这个订单",
    "console.bulk.reason.nothingToSend": "没有可发送的 eSIM",
    "console.bulk.reason.notInReview": "没有等待重试的开通失败",
  },
});
