import { defineMessages } from "../define.ts";

// Keys are "inApp.…": what the store does through the app bridge (spec 1) or its browser fallback: share a plan,
// the device model read from the app for the compatibility check.
export default defineMessages({
  en_US: {
    "inApp.share": "Share",
    "inApp.sharePlan": "Share this plan",
    "inApp.shareText": "{title}: a travel eSIM data plan",
    "inApp.linkCopied": "Link copied",
    "inApp.shareFailed": "The link could not be shared",
    "inApp.deviceFilled": "Filled in from your phone: {model}",
  },
  zh_CN: {
    "inApp.share": "分享",
    "inApp.sharePlan": "分享此套餐",
    "inApp.shareText": "{title}：旅行 eSIM 流量套餐",
    "inApp.linkCopied": "链接已复制",
    "inApp.shareFailed": "无法分享该链接",
    "inApp.deviceFilled": "已根据您的手机填写：{model}",
  },
  zh_HK: {
    "inApp.share": "分享",
    "inApp.sharePlan": "分享此套餐",
    "inApp.shareText": "{title}：旅行 eSIM 數據套餐",
    "inApp.linkCopied": "連結已複製",
    "inApp.shareFailed": "無法分享該連結",
    "inApp.deviceFilled": "已根據您的手機填寫：{model}",
  },
});
