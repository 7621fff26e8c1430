import type { HelpCategory } from "../schema/help.ts";
import type { LocalizedText } from "../schema/localized.ts";

// Seed help centre (issue 10, ADR 0201): articles per category in the three locales, and the help words.

type Copy = { title: string; summary: string; paragraphs: string[] };

export interface SeedHelpArticle {
  slug: string;
  category: HelpCategory;
  copy: Record<keyof LocalizedText, Copy>;
}

export const SEED_HELP_ARTICLES: SeedHelpArticle[] = [
  {
    slug: "choose-a-plan",
    category: "buying",
    copy: {
      en_US: {
        title: "How do I choose the right plan?",
        summary: "Pick by destination, days and data, and check your phone first.",
        paragraphs: [
          "Search for the country or region you are visiting. A regional plan covers several countries on one eSIM, which is handy for a multi-country trip.",
          "Choose the number of days your trip lasts and the data you expect to use: maps and messaging need about 300 MB a day, video and hotspot use much more.",
          "Before you pay, make sure your phone supports eSIM and is not locked to a carrier.",
        ],
      },
      zh_CN: {
        title: "如何选择合适的套餐？",
        summary: "按目的地、天数和流量选择，并先检查您的手机。",
        paragraphs: [
          "搜索您要前往的国家或地区。区域套餐用一张 eSIM 覆盖多个国家，适合多国行程。",
          "选择与行程相符的天数和预计使用的流量：地图和聊天每天约需 300 MB，视频和热点则需要更多。",
          "付款前请确认您的手机支持 eSIM 且未被运营商锁定。",
        ],
      },
      zh_HK: {
        title: "如何選擇合適的計劃？",
        summary: "按目的地、日數和數據選擇，並先檢查您的手機。",
        paragraphs: [
          "搜尋您要前往的國家或地區。區域計劃以一張 eSIM 覆蓋多個國家，適合多國行程。",
          "選擇與行程相符的日數和預計使用的數據：地圖和通訊每天約需 300 MB，影片和熱點則需要更多。",
          "付款前請確認您的手機支援 eSIM 且未被網絡供應商鎖定。",
        ],
      },
    },
  },
  {
    slug: "payment-methods",
    category: "buying",
    copy: {
      en_US: {
        title: "Which payment methods can I use?",
        summary: "Cards, wallets, coupons and store credit.",
        paragraphs: [
          "We accept major credit and debit cards and the digital wallets shown at checkout. Prices are shown in the currency you pick.",
          "Coupons and store credit are applied at checkout before you pay. A card payment may ask you to confirm with your bank (3-D Secure).",
        ],
      },
      zh_CN: {
        title: "可以使用哪些付款方式？",
        summary: "银行卡、电子钱包、优惠券和账户余额。",
        paragraphs: [
          "我们接受主要的信用卡和借记卡，以及结账时显示的电子钱包。价格以您选择的币种显示。",
          "优惠券和账户余额在结账时、付款前抵扣。银行卡付款可能需要您向银行确认（3-D Secure 验证）。",
        ],
      },
      zh_HK: {
        title: "可以使用哪些付款方式？",
        summary: "信用卡、電子錢包、優惠券和帳戶餘額。",
        paragraphs: [
          "我們接受主要的信用卡和扣賬卡，以及結賬時顯示的電子錢包。價格以您選擇的貨幣顯示。",
          "優惠券和帳戶餘額在結賬時、付款前扣減。信用卡付款可能需要您向銀行確認（3-D Secure 驗證）。",
        ],
      },
    },
  },
  {
    slug: "install-on-iphone",
    category: "installing",
    copy: {
      en_US: {
        title: "How do I install my eSIM on an iPhone?",
        summary: "One tap on iOS 17.4 or later, or scan the QR code.",
        paragraphs: [
          "Open the eSIM in My eSIM while connected to Wi-Fi. On iOS 17.4 or later, tap Install and follow the prompts.",
          "On older iOS, go to Settings > Mobile Service > Add eSIM and scan the QR code shown on another screen, or enter the activation code by hand.",
          "Install before you travel, but turn on the eSIM line and data roaming only when you arrive.",
        ],
      },
      zh_CN: {
        title: "如何在 iPhone 上安装 eSIM？",
        summary: "iOS 17.4 及以上一键安装，或扫描二维码。",
        paragraphs: [
          "连接 Wi-Fi 后，在“我的 eSIM”中打开该 eSIM。iOS 17.4 及以上版本，点按“安装”并按提示操作。",
          "较早的 iOS 版本，请前往“设置 > 蜂窝网络 > 添加 eSIM”，扫描在另一块屏幕上显示的二维码，或手动输入激活码。",
          "请在出发前安装，到达后再开启 eSIM 线路和数据漫游。",
        ],
      },
      zh_HK: {
        title: "如何在 iPhone 上安裝 eSIM？",
        summary: "iOS 17.4 或以上一按安裝，或掃描二維碼。",
        paragraphs: [
          "連接 Wi-Fi 後，在「我的 eSIM」中開啟該 eSIM。iOS 17.4 或以上版本，按「安裝」並按指示操作。",
          "較舊的 iOS 版本，請前往「設定 > 流動網絡 > 加入 eSIM」，掃描在另一部裝置上顯示的二維碼，或手動輸入啟用碼。",
          "請在出發前安裝，抵達後才開啟 eSIM 線路和數據漫遊。",
        ],
      },
    },
  },
  {
    slug: "install-on-android",
    category: "installing",
    copy: {
      en_US: {
        title: "How do I install my eSIM on Android?",
        summary: "Scan the QR code from your network settings.",
        paragraphs: [
          "On a Samsung Galaxy go to Settings > Connections > SIM manager > Add eSIM. On a Google Pixel go to Settings > Network & internet > SIMs > Download a SIM instead.",
          "Scan the QR code from My eSIM shown on another screen, or enter the activation code by hand. Keep Wi-Fi on while the profile downloads.",
        ],
      },
      zh_CN: {
        title: "如何在安卓手机上安装 eSIM？",
        summary: "在网络设置中扫描二维码。",
        paragraphs: [
          "三星 Galaxy：设置 > 连接 > SIM 卡管理器 > 添加 eSIM。Google Pixel：设置 > 网络和互联网 > SIM 卡 > 改为下载 SIM 卡。",
          "扫描在另一块屏幕上显示的“我的 eSIM”二维码，或手动输入激活码。下载描述文件时请保持 Wi-Fi 连接。",
        ],
      },
      zh_HK: {
        title: "如何在 Android 手機上安裝 eSIM？",
        summary: "在網絡設定中掃描二維碼。",
        paragraphs: [
          "Samsung Galaxy：設定 > 連接 > SIM 卡管理員 > 加入 eSIM。Google Pixel：設定 > 網絡和互聯網 > SIM 卡 > 改為下載 SIM 卡。",
          "掃描在另一部裝置上顯示的「我的 eSIM」二維碼，或手動輸入啟用碼。下載描述檔時請保持 Wi-Fi 連線。",
        ],
      },
    },
  },
  {
    slug: "turn-on-roaming",
    category: "abroad",
    copy: {
      en_US: {
        title: "Why must I turn on data roaming?",
        summary: "Your travel eSIM always roams on a partner network.",
        paragraphs: [
          "Your eSIM connects through our partner networks at your destination, so your phone treats it as roaming. Turn on data roaming for the eSIM line only; this does not cost extra.",
          "Set the eSIM as the line for mobile data, and keep your home SIM's data roaming off to avoid charges from your home carrier.",
        ],
      },
      zh_CN: {
        title: "为什么必须开启数据漫游？",
        summary: "旅行 eSIM 始终通过合作网络漫游上网。",
        paragraphs: [
          "您的 eSIM 在目的地通过我们的合作网络连接，因此手机会将其视为漫游。请只为 eSIM 线路开启数据漫游，这不会产生额外费用。",
          "将 eSIM 设为蜂窝数据线路，并保持本地 SIM 卡的数据漫游关闭，以免产生原运营商的费用。",
        ],
      },
      zh_HK: {
        title: "為甚麼必須開啟數據漫遊？",
        summary: "旅遊 eSIM 一直透過合作網絡漫遊上網。",
        paragraphs: [
          "您的 eSIM 在目的地透過我們的合作網絡連接，因此手機會視之為漫遊。請只為 eSIM 線路開啟數據漫遊，這不會產生額外費用。",
          "將 eSIM 設為流動數據線路，並保持本地 SIM 卡的數據漫遊關閉，以免產生原網絡供應商的費用。",
        ],
      },
    },
  },
  {
    slug: "no-connection-abroad",
    category: "abroad",
    copy: {
      en_US: {
        title: "I have no internet connection abroad",
        summary: "Check roaming, the data line and the network selection.",
        paragraphs: [
          "Make sure the eSIM line is on, is chosen for mobile data, and has data roaming turned on. Restart the phone after you land.",
          "If it still does not connect, turn off automatic network selection and pick one of the partner networks listed on your plan. Still stuck? Contact us from the help centre with your order number.",
        ],
      },
      zh_CN: {
        title: "在国外无法上网",
        summary: "检查漫游、数据线路和网络选择。",
        paragraphs: [
          "请确认 eSIM 线路已开启、已设为蜂窝数据线路，并已开启数据漫游。落地后重启手机。",
          "如仍无法连接，请关闭自动选择网络，手动选择套餐中列出的合作网络。仍有问题？请在帮助中心联系我们并提供订单号。",
        ],
      },
      zh_HK: {
        title: "在外地無法上網",
        summary: "檢查漫遊、數據線路和網絡選擇。",
        paragraphs: [
          "請確認 eSIM 線路已開啟、已設為流動數據線路，並已開啟數據漫遊。抵達後重新啟動手機。",
          "如仍未能連線，請關閉自動選擇網絡，手動選擇計劃中列出的合作網絡。仍有問題？請在幫助中心聯絡我們並提供訂單編號。",
        ],
      },
    },
  },
  {
    slug: "top-up-a-plan",
    category: "topups",
    copy: {
      en_US: {
        title: "How do I top up my eSIM?",
        summary: "Add data or days to the eSIM you already installed.",
        paragraphs: [
          "Open the eSIM in My eSIM and choose a top-up if your plan offers them. The top-up lands on the same eSIM: there is nothing new to install.",
          "A top-up starts when you buy it, or when your current data runs out, as its description says.",
        ],
      },
      zh_CN: {
        title: "如何为 eSIM 充值？",
        summary: "为已安装的 eSIM 增加流量或天数。",
        paragraphs: [
          "在“我的 eSIM”中打开该 eSIM，如套餐支持充值即可选择充值包。充值会加到同一张 eSIM 上，无需重新安装。",
          "充值包按其说明在购买时或当前流量用完时开始生效。",
        ],
      },
      zh_HK: {
        title: "如何為 eSIM 增值？",
        summary: "為已安裝的 eSIM 增加數據或日數。",
        paragraphs: [
          "在「我的 eSIM」中開啟該 eSIM，如計劃支援增值即可選擇增值包。增值會加到同一張 eSIM 上，毋須重新安裝。",
          "增值包按其說明在購買時或現有數據用完時開始生效。",
        ],
      },
    },
  },
  {
    slug: "check-data-usage",
    category: "topups",
    copy: {
      en_US: {
        title: "How can I see how much data I have left?",
        summary: "My eSIM shows your usage and when the plan ends.",
        paragraphs: [
          "My eSIM shows the data used and left and the plan's end date for each eSIM. Usage from the network can take up to an hour to appear.",
          "We also tell you when you have used 80 % of your data and before your plan expires.",
        ],
      },
      zh_CN: {
        title: "如何查看剩余流量？",
        summary: "“我的 eSIM”会显示用量和套餐到期时间。",
        paragraphs: [
          "“我的 eSIM”显示每张 eSIM 的已用和剩余流量以及套餐到期日。网络用量数据最多可能延迟一小时显示。",
          "当流量使用达到 80 % 以及套餐即将到期时，我们也会通知您。",
        ],
      },
      zh_HK: {
        title: "如何查看剩餘數據？",
        summary: "「我的 eSIM」會顯示用量和計劃到期時間。",
        paragraphs: [
          "「我的 eSIM」顯示每張 eSIM 的已用和剩餘數據以及計劃到期日。網絡用量數據最多可能延遲一小時顯示。",
          "當數據用量達到 80 % 以及計劃即將到期時，我們亦會通知您。",
        ],
      },
    },
  },
  {
    slug: "request-a-refund",
    category: "refunds",
    copy: {
      en_US: {
        title: "How do I get a refund?",
        summary: "From the order's page: cancel an unused eSIM, or ask for a refund with a reason.",
        paragraphs: [
          "Sign in and open the order in My orders. Its page shows what you can do now under our refund policy.",
          "An eSIM you have not installed can be cancelled there for a full refund, within the days the refund policy gives. You confirm first; the eSIM then stops working and its QR code disappears.",
          "If your eSIM does not work, ask for a refund on the same page with a reason and, if you have one, a screenshot. We review each request, and the answer shows on the order page.",
          "The refund policy page lists the time limits and what an installed eSIM may have used.",
        ],
      },
      zh_CN: {
        title: "如何申请退款？",
        summary: "在订单页面取消未使用的 eSIM，或说明原因申请退款。",
        paragraphs: [
          "登录后在“我的订单”中打开订单，订单页面会显示按退款政策您现在可以做什么。",
          "尚未安装的 eSIM 可在退款政策规定的天数内在该页面取消并获得全额退款。取消前需要确认；取消后 eSIM 停止工作，二维码也不再显示。",
          "如果 eSIM 无法使用，可在同一页面说明原因申请退款，如有截图可一并提交。我们会逐一审核，结果会显示在订单页面。",
          "退款政策页面列出了期限以及已安装的 eSIM 可使用的流量上限。",
        ],
      },
      zh_HK: {
        title: "如何申請退款？",
        summary: "在訂單頁面取消未使用的 eSIM，或說明原因申請退款。",
        paragraphs: [
          "登入後在「我的訂單」中打開訂單，訂單頁面會顯示按退款政策您現在可以做甚麼。",
          "尚未安裝的 eSIM 可在退款政策規定的日數內在該頁面取消並獲全額退款。取消前需要確認；取消後 eSIM 停止運作，二維碼亦不再顯示。",
          "如果 eSIM 無法使用，可在同一頁面說明原因申請退款，如有截圖可一併提交。我們會逐一審核，結果會顯示在訂單頁面。",
          "退款政策頁面列出了期限以及已安裝的 eSIM 可使用的數據上限。",
        ],
      },
    },
  },
  {
    slug: "refund-timing",
    category: "refunds",
    copy: {
      en_US: {
        title: "When will I see my refund?",
        summary: "Store credit at once; a card refund within the days the order page states.",
        paragraphs: [
          "When you cancel or ask for a refund you choose where the money goes, among the ways the refund policy offers.",
          "Store credit is in your account at once. A refund to the card or wallet you paid with takes up to the number of days shown beside that choice; your bank decides the exact day.",
          "When an order is refunded in full, the store credit and the coupon it used come back to your account.",
        ],
      },
      zh_CN: {
        title: "退款多久到账？",
        summary: "账户余额立即到账；退回银行卡则在订单页面所示天数内到账。",
        paragraphs: [
          "取消或申请退款时，您可在退款政策提供的方式中选择退款去向。",
          "退为账户余额会立即到账。退回付款时使用的银行卡或钱包，最长需要该选项旁显示的天数，具体日期由银行决定。",
          "订单全额退款时，该订单使用的账户余额和优惠券将退回您的账户。",
        ],
      },
      zh_HK: {
        title: "退款多久到賬？",
        summary: "帳戶餘額即時到賬；退回信用卡則在訂單頁面所示日數內到賬。",
        paragraphs: [
          "取消或申請退款時，您可在退款政策提供的方式中選擇退款去向。",
          "退為帳戶餘額會即時到賬。退回付款時使用的信用卡或錢包，最長需要該選項旁顯示的日數，實際日子由銀行決定。",
          "訂單全額退款時，該訂單使用的帳戶餘額和優惠券會退回您的帳戶。",
        ],
      },
    },
  },
  {
    slug: "delete-account",
    category: "account",
    copy: {
      en_US: {
        title: "How do I delete my account?",
        summary: "From your profile, with a code sent to you.",
        paragraphs: [
          "Go to your profile, choose Delete account and confirm with the code we send to your e-mail or phone.",
          "Your personal details are removed. Orders are kept for accounting without your name; eSIMs already installed keep working until they expire.",
        ],
      },
      zh_CN: {
        title: "如何注销账户？",
        summary: "在个人资料中，用发送给您的验证码确认。",
        paragraphs: [
          "前往个人资料，选择“注销账户”，并用我们发送到您邮箱或手机的验证码确认。",
          "您的个人信息将被删除。订单会以匿名方式保留用于会计；已安装的 eSIM 在到期前仍可使用。",
        ],
      },
      zh_HK: {
        title: "如何刪除帳戶？",
        summary: "在個人資料中，以發送給您的驗證碼確認。",
        paragraphs: [
          "前往個人資料，選擇「刪除帳戶」，並以我們發送到您電郵或手機的驗證碼確認。",
          "您的個人資料會被移除。訂單會以匿名方式保留作會計用途；已安裝的 eSIM 在到期前仍可使用。",
        ],
      },
    },
  },
  {
    slug: "language-and-currency",
    category: "account",
    copy: {
      en_US: {
        title: "How do I change the language or currency?",
        summary: "Use the language and currency button in the footer.",
        paragraphs: [
          "Open the language and currency button at the bottom of any page, pick what you want and apply. When you are logged in, we remember your choice on your account.",
        ],
      },
      zh_CN: {
        title: "如何更改语言或币种？",
        summary: "使用页脚的语言和币种按钮。",
        paragraphs: [
          "在任意页面底部打开语言和币种按钮，选择后点击应用。登录后，我们会在您的账户中记住您的选择。",
        ],
      },
      zh_HK: {
        title: "如何更改語言或貨幣？",
        summary: "使用頁尾的語言及貨幣按鈕。",
        paragraphs: [
          "在任何頁面底部開啟語言及貨幣按鈕，選擇後按套用。登入後，我們會在您的帳戶中記住您的選擇。",
        ],
      },
    },
  },
];

/** spec 9: up to 10 help words per locale. */
export const SEED_HELP_WORDS: LocalizedText[] = [
  { en_US: "install", zh_CN: "安装", zh_HK: "安裝" },
  { en_US: "roaming", zh_CN: "漫游", zh_HK: "漫遊" },
  { en_US: "refund", zh_CN: "退款", zh_HK: "退款" },
  { en_US: "top up", zh_CN: "充值", zh_HK: "增值" },
  { en_US: "iPhone", zh_CN: "iPhone", zh_HK: "iPhone" },
  { en_US: "no connection", zh_CN: "无法上网", zh_HK: "無法上網" },
  { en_US: "payment", zh_CN: "付款", zh_HK: "付款" },
  { en_US: "data usage", zh_CN: "剩余流量", zh_HK: "剩餘數據" },
];

export function helpArticleBody(paragraphs: string[]): string {
  return paragraphs.map((p) => `<p>${p}</p>`).join("");
}
