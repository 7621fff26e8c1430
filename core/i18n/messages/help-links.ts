import { defineMessages } from "../define.ts";

// Links from the checkout, the eSIM pages and the payment result to the help articles that fit them (issue 10).
export default defineMessages({
  en_US: {
    "helpLinks.title": "Need help?",
    "helpLinks.all": "All help topics",
    "helpLinks.choose-a-plan": "Choosing a plan",
    "helpLinks.payment-methods": "Payment methods",
    "helpLinks.request-a-refund": "Refunds",
    "helpLinks.install-on-iphone": "Installing on iPhone",
    "helpLinks.install-on-android": "Installing on Android",
    "helpLinks.turn-on-roaming": "Turning on data roaming",
    "helpLinks.no-connection-abroad": "No connection abroad",
    "helpLinks.refund-timing": "When refunds arrive",
  },
  zh_CN: {
    "helpLinks.title": "需要帮助？",
    "helpLinks.all": "全部帮助主题",
    "helpLinks.choose-a-plan": "如何选择套餐",
    "helpLinks.payment-methods": "付款方式",
    "helpLinks.request-a-refund": "退款",
    "helpLinks.install-on-iphone": "在 iPhone 上安装",
    "helpLinks.install-on-android": "在安卓手机上安装",
    "helpLinks.turn-on-roaming": "开启数据漫游",
    "helpLinks.no-connection-abroad": "在国外无法上网",
    "helpLinks.refund-timing": "退款到账时间",
  },
  zh_HK: {
    "helpLinks.title": "需要協助？",
    "helpLinks.all": "所有幫助主題",
    "helpLinks.choose-a-plan": "如何選擇計劃",
    "helpLinks.payment-methods": "付款方式",
    "helpLinks.request-a-refund": "退款",
    "helpLinks.install-on-iphone": "在 iPhone 上安裝",
    "helpLinks.install-on-android": "在 Android 手機上安裝",
    "helpLinks.turn-on-roaming": "開啟數據漫遊",
    "helpLinks.no-connection-abroad": "在外地無法上網",
    "helpLinks.refund-timing": "退款到賬時間",
  },
});
