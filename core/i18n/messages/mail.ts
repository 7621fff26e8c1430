import { defineMessages } from "../define.ts";

// Keys are "mail.…": the frame every designed e-mail shares (issue 12; ADR 0250): the footer and its links.
// The e-mails' own sentences stay in their features' modules (account, purchase, esim).
export default defineMessages({
  en_US: {
    "mail.tagline": "Travel eSIM data plans",
    "mail.footer": "You are receiving this e-mail about your {brand} account or order.",
    "mail.help": "Help centre",
    "mail.orderHeading": "Order {code}",
    "mail.codeHeading": "Your verification code",
    "mail.topUpHeading": "Top-up added",
    "mail.deliveryHeading": "Your eSIM is ready",
    "mail.openEsim": "Open your eSIM",
    "mail.viewOrder": "View your order",
    "mail.codePreview": "Your code: {code}",
  },
  zh_CN: {
    "mail.tagline": "出行 eSIM 流量套餐",
    "mail.footer": "您收到此邮件，是因为您在 {brand} 的账户或订单。",
    "mail.help": "帮助中心",
    "mail.orderHeading": "订单 {code}",
    "mail.codeHeading": "您的验证码",
    "mail.topUpHeading": "充值已到账",
    "mail.deliveryHeading": "您的 eSIM 已准备好",
    "mail.openEsim": "打开我的 eSIM",
    "mail.viewOrder": "查看订单",
    "mail.codePreview": "您的验证码：{code}",
  },
  zh_HK: {
    "mail.tagline": "旅遊 eSIM 數據計劃",
    "mail.footer": "您收到此電郵，是因為您在 {brand} 的帳戶或訂單。",
    "mail.help": "幫助中心",
    "mail.orderHeading": "訂單 {code}",
    "mail.codeHeading": "您的驗證碼",
    "mail.topUpHeading": "增值已到帳",
    "mail.deliveryHeading": "您的 eSIM 已準備好",
    "mail.openEsim": "打開我的 eSIM",
    "mail.viewOrder": "查看訂單",
    "mail.codePreview": "您的驗證碼：{code}",
  },
});
