import { defineMessages } from "../define.ts";

// Keys are "esim.…": the eSIM API's errors and the e-mails about eSIMs (issue 6; ADRs 0130-0134).
export default defineMessages({
  en_US: {
    "esim.notFound": "We couldn't find that eSIM.",
    "esim.topUp.notFound": "That eSIM isn't on your account, so it can't be topped up.",
    "esim.webhook.badSignature": "This notification's signature is not valid.",
    "esim.supplierAlert.lowBalanceSubject": "Supplier balance low: {supplier}",
    "esim.supplierAlert.lowBalanceBody":
      "The prepaid balance at {supplier} is {amount} {currency}, below its threshold. {plans} plans that only this supplier fulfils are paused until the balance is topped up.",
    "esim.topUp.expired": "That eSIM has expired and can't be topped up. Buy a new eSIM instead.",
    "esim.topUp.cancelled":
      "That eSIM was cancelled when its order was refunded and can't be topped up. Buy a new eSIM instead.",
    "esim.topUp.notReady": "That eSIM's order is still being completed. Try topping it up in a few minutes.",
    "esim.topUp.planNotAllowed":
      "That package can't top up this eSIM. Choose one of the top-up packages offered for it.",
    "esim.topUp.unavailable":
      "We can't read this eSIM's top-up packages just now. Please try again in a few minutes.",
    "esim.dev.noProfile": "The sandbox supplier has no active package on that ICCID.",
    "esim.email.deliverySubject": "Your eSIM is ready (order {code})",
    "esim.email.deliveryIntro":
      "Thanks for your order {code}. Your {plan} eSIM is ready to install. Install it on your phone while you still have Wi-Fi, before you travel.",
    "esim.email.deliveryIntroMany":
      "Thanks for your order {code}. Your {count} {plan} eSIMs are ready to install. Install each one on a different phone while you still have Wi-Fi, before you travel.",
    "esim.email.esimHeading": "eSIM {n}",
    "esim.email.scan":
      "Scan this QR code from another screen: Settings > Mobile Service > Add eSIM (iPhone) or Settings > Network & internet > SIMs > Add eSIM (Android).",
    "esim.email.qrAlt": "QR code to install eSIM {iccid}",
    "esim.email.manual": "Or enter the details by hand:",
    "esim.email.smdp": "SM-DP+ address: {value}",
    "esim.email.activationCode": "Activation code: {value}",
    "esim.email.lpa": "Full code (some Android phones ask for this): {value}",
    "esim.email.confirmationCode": "Confirmation code: {value}",
    "esim.email.iccid": "ICCID: {value}",
    "esim.email.installLink": "Install with one tap or see the guide: {url}",
    "esim.email.oneTapIos":
      "On an iPhone with iOS 17.4 or later, install it straight from this e-mail: {url}",
    "esim.email.oneTapIosLink": "Install on iPhone (iOS 17.4 or later)",
    "esim.email.apn": "If data doesn't connect, set the APN to {apn} and turn on data roaming for this eSIM.",
    "esim.email.topUpSubject": "Your top-up is on your eSIM (order {code})",
    "esim.email.topUpBody":
      "Thanks for your order {code}. {plan} has been added to your eSIM {iccid}. There's nothing to install: it starts when your current data runs out or ends. Details: {url}",
    "esim.email.failedSubject": "We couldn't deliver your eSIM (order {code})",
    "esim.email.failedBody":
      "Sorry, our eSIM supplier couldn't issue the eSIM for order {code} ({plan}). We've started a full refund to your original payment method; it usually arrives within 5 to 10 business days. You can try again at any time.",
    "esim.email.failedCancelled":
      "The eSIMs already shown in your account for this order have been cancelled and can't be installed.",
    "esim.email.lowSubject": "You've used 80% of your data ({plan})",
    "esim.email.lowBody":
      "Your eSIM ending {last} has used {used} of {total} on {plan}. Top up now to stay connected: the data goes onto the same eSIM, with nothing to install.",
    "esim.email.expiredSubject": "Your data plan has ended ({plan})",
    "esim.email.expiredBody":
      "{plan} on your eSIM ending {last} has ended. Keep the same eSIM and add more data whenever you need it: there's nothing to install.",
  },
  zh_CN: {
    "esim.notFound": "找不到该 eSIM。",
    "esim.topUp.notFound": "该 eSIM 不在你的账户中，无法充值。",
    "esim.webhook.badSignature": "此通知的签名无效。",
    "esim.supplierAlert.lowBalanceSubject": "供应商余额不足：{supplier}",
    "esim.supplierAlert.lowBalanceBody":
      "{supplier} 的预付余额为 {amount} {currency}，低于阈值。仅由该供应商供货的 {plans} 个套餐已暂停销售，充值后恢复。",
    "esim.topUp.expired": "该 eSIM 已过期，无法充值，请购买新的 eSIM。",
    "esim.topUp.cancelled": "该 eSIM 已随订单退款取消，无法充值，请购买新的 eSIM。",
    "esim.topUp.notReady": "该 eSIM 的订单仍在处理中，请几分钟后再充值。",
    "esim.topUp.planNotAllowed": "该套餐不能为此 eSIM 充值，请从为它提供的充值套餐中选择。",
    "esim.topUp.unavailable": "暂时无法读取该 eSIM 的充值套餐，请稍后再试。",
    "esim.dev.noProfile": "沙盒供应商在该 ICCID 上没有可用的套餐。",
    "esim.email.deliverySubject": "你的 eSIM 已就绪（订单 {code}）",
    "esim.email.deliveryIntro":
      "感谢你的订单 {code}。你的 {plan} eSIM 已可安装。请在出行前、仍有 Wi-Fi 时安装到手机上。",
    "esim.email.deliveryIntroMany":
      "感谢你的订单 {code}。你的 {count} 张 {plan} eSIM 已可安装。请在出行前、仍有 Wi-Fi 时将每张分别安装到不同的手机上。",
    "esim.email.esimHeading": "eSIM {n}",
    "esim.email.scan":
      "请用另一块屏幕显示并扫描此二维码：设置 > 蜂窝网络 > 添加 eSIM（iPhone），或 设置 > 网络和互联网 > SIM 卡 > 添加 eSIM（Android）。",
    "esim.email.qrAlt": "安装 eSIM {iccid} 的二维码",
    "esim.email.manual": "或手动输入以下信息：",
    "esim.email.smdp": "SM-DP+ 地址：{value}",
    "esim.email.activationCode": "激活码：{value}",
    "esim.email.lpa": "完整代码（部分 Android 手机需要）：{value}",
    "esim.email.confirmationCode": "确认码：{value}",
    "esim.email.iccid": "ICCID：{value}",
    "esim.email.installLink": "一键安装或查看安装指南：{url}",
    "esim.email.oneTapIos": "使用 iOS 17.4 及以上版本的 iPhone，可直接从此邮件安装：{url}",
    "esim.email.oneTapIosLink": "在 iPhone 上安装（iOS 17.4 及以上）",
    "esim.email.apn": "如果无法连接数据，请将 APN 设为 {apn}，并为此 eSIM 开启数据漫游。",
    "esim.email.topUpSubject": "充值已添加到你的 eSIM（订单 {code}）",
    "esim.email.topUpBody":
      "感谢你的订单 {code}。{plan} 已添加到你的 eSIM {iccid}，无需重新安装：当前流量用完或到期后自动生效。详情：{url}",
    "esim.email.failedSubject": "你的 eSIM 未能发放（订单 {code}）",
    "esim.email.failedBody":
      "抱歉，供应商未能为订单 {code}（{plan}）发放 eSIM。我们已发起全额退款，款项将原路退回，通常 5 至 10 个工作日到账。你可以随时重新购买。",
    "esim.email.failedCancelled": "此订单已显示在你账户中的 eSIM 已被取消，无法安装。",
    "esim.email.lowSubject": "你已使用 80% 的流量（{plan}）",
    "esim.email.lowBody":
      "你尾号 {last} 的 eSIM 上的 {plan} 已使用 {used}，共 {total}。立即充值以保持连接：流量会加到同一张 eSIM 上，无需重新安装。",
    "esim.email.expiredSubject": "你的流量套餐已结束（{plan}）",
    "esim.email.expiredBody":
      "你尾号 {last} 的 eSIM 上的 {plan} 已结束。需要时可为同一张 eSIM 加购流量，无需重新安装。",
  },
  zh_HK: {
    "esim.notFound": "找不到該 eSIM。",
    "esim.topUp.notFound": "該 eSIM 不在你的帳戶中，無法增值。",
    "esim.webhook.badSignature": "此通知的簽名無效。",
    "esim.supplierAlert.lowBalanceSubject": "供應商餘額不足：{supplier}",
    "esim.supplierAlert.lowBalanceBody":
      "{supplier} 的預付餘額為 {amount} {currency}，低於閾值。只由該供應商供貨的 {plans} 個套餐已暫停銷售，增值後恢復。",
    "esim.topUp.expired": "該 eSIM 已過期，無法增值，請購買新的 eSIM。",
    "esim.topUp.cancelled": "該 eSIM 已隨訂單退款取消，無法增值，請購買新的 eSIM。",
    "esim.topUp.notReady": "該 eSIM 的訂單仍在處理中，請幾分鐘後再增值。",
    "esim.topUp.planNotAllowed": "該計劃不能為此 eSIM 增值，請從為它提供的增值計劃中選擇。",
    "esim.topUp.unavailable": "暫時未能讀取此 eSIM 的增值計劃，請稍後再試。",
    "esim.dev.noProfile": "沙盒供應商在該 ICCID 上沒有可用的套餐。",
    "esim.email.deliverySubject": "你的 eSIM 已準備好（訂單 {code}）",
    "esim.email.deliveryIntro":
      "感謝你的訂單 {code}。你的 {plan} eSIM 已可安裝。請在出發前、仍有 Wi-Fi 時安裝到手機上。",
    "esim.email.deliveryIntroMany":
      "感謝你的訂單 {code}。你的 {count} 張 {plan} eSIM 已可安裝。請在出發前、仍有 Wi-Fi 時將每張分別安裝到不同的手機上。",
    "esim.email.esimHeading": "eSIM {n}",
    "esim.email.scan":
      "請用另一個螢幕顯示並掃描此二維碼：設定 > 流動網絡 > 加入 eSIM（iPhone），或 設定 > 網絡和互聯網 > SIM 卡 > 加入 eSIM（Android）。",
    "esim.email.qrAlt": "安裝 eSIM {iccid} 的二維碼",
    "esim.email.manual": "或手動輸入以下資料：",
    "esim.email.smdp": "SM-DP+ 地址：{value}",
    "esim.email.activationCode": "啟用碼：{value}",
    "esim.email.lpa": "完整代碼（部分 Android 手機需要）：{value}",
    "esim.email.confirmationCode": "確認碼：{value}",
    "esim.email.iccid": "ICCID：{value}",
    "esim.email.installLink": "一鍵安裝或查看安裝指南：{url}",
    "esim.email.oneTapIos": "使用 iOS 17.4 或以上版本的 iPhone，可直接從此電郵安裝：{url}",
    "esim.email.oneTapIosLink": "在 iPhone 上安裝（iOS 17.4 或以上）",
    "esim.email.apn": "如果無法連接數據，請將 APN 設為 {apn}，並為此 eSIM 開啟數據漫遊。",
    "esim.email.topUpSubject": "增值已加到你的 eSIM（訂單 {code}）",
    "esim.email.topUpBody":
      "感謝你的訂單 {code}。{plan} 已加到你的 eSIM {iccid}，毋須重新安裝：目前數據用完或到期後自動生效。詳情：{url}",
    "esim.email.failedSubject": "你的 eSIM 未能發出（訂單 {code}）",
    "esim.email.failedBody":
      "抱歉，供應商未能為訂單 {code}（{plan}）發出 eSIM。我們已安排全數退款，款項將退回原付款方式，一般 5 至 10 個工作天到賬。你可以隨時重新購買。",
    "esim.email.failedCancelled": "此訂單已顯示在你帳戶中的 eSIM 已被取消，無法安裝。",
    "esim.email.lowSubject": "你已使用 80% 的數據（{plan}）",
    "esim.email.lowBody":
      "你尾號 {last} 的 eSIM 上的 {plan} 已使用 {used}，共 {total}。立即增值以保持連線：數據會加到同一張 eSIM 上，無需重新安裝。",
    "esim.email.expiredSubject": "你的數據計劃已結束（{plan}）",
    "esim.email.expiredBody":
      "你尾號 {last} 的 eSIM 上的 {plan} 已結束。需要時可為同一張 eSIM 加購數據，無需重新安裝。",
  },
});
