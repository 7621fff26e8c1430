import type { LocalizedText } from "../schema/localized.ts";
import type { InfoPageKey, LegalKind } from "../schema/pages.ts";

// Seed copy for the legal documents and the about-us and join-us pages (issue 10, ADR 0200). Operators replace
// it through the pages service; version 1 is what a new store opens with.

/** Sections of a document: a heading and its paragraphs. */
type Sections = [heading: string, ...paragraphs: string[]][];

function html(sections: Sections): string {
  return sections
    .map(([heading, ...paragraphs]) => `<h2>${heading}</h2>${paragraphs.map((p) => `<p>${p}</p>`).join("")}`)
    .join("");
}

export const LEGAL_EFFECTIVE_AT = new Date("2025-06-01T00:00:00Z");

const TERMS: Record<keyof LocalizedText, { title: string; sections: Sections }> = {
  en_US: {
    title: "Terms of service",
    sections: [
      [
        "Who we are",
        "Roamly (“we”, “us”) sells prepaid mobile data plans for travel, delivered as eSIM profiles, through this website and our app. These terms apply whenever you browse, buy or use a plan from us.",
      ],
      [
        "Your phone must support eSIM",
        "A plan only works on a phone that supports eSIM and is not locked to a carrier. Check your model on our compatibility page before you buy. iPhones sold in mainland China, and Hong Kong and Macau models with two physical SIM slots, have no eSIM.",
      ],
      [
        "Buying a plan",
        "Prices are shown with their currency before you pay and include any taxes we must collect. Your order is confirmed once the payment succeeds. A coupon or store credit applies only within its own conditions and cannot be exchanged for cash.",
      ],
      [
        "Delivery and activation",
        "We send the eSIM to your account and by e-mail, usually within minutes of payment. The plan's validity period starts when the eSIM first connects to a supported network at your destination, unless the plan says otherwise. An eSIM profile can be installed once; do not delete it from your phone while you still need it.",
      ],
      [
        "Using your data",
        "Plans are data only, for personal use. Speeds depend on the local partner network and may be reduced under that network's fair-use rules. You must not resell a plan or use it for unlawful purposes, automated traffic or to harm a network.",
      ],
      [
        "Top-ups",
        "Where a plan allows top-ups, a top-up adds data or days to the same eSIM and follows these terms like any other purchase.",
      ],
      [
        "Refunds",
        "Refunds follow our refund policy, which forms part of these terms. Your statutory rights as a consumer are not affected.",
      ],
      [
        "Your account",
        "Keep your sign-in details to yourself. You are responsible for purchases made with your account. You can delete your account at any time from your profile; we keep order records for as long as the law requires.",
      ],
      [
        "Our liability",
        "We provide the service with reasonable skill and care. We are not liable for losses caused by a network outage outside our control, by a phone that does not support eSIM, or by a profile deleted from the phone. Nothing in these terms limits liability that cannot be limited by law.",
      ],
      [
        "Changes to these terms",
        "We may update these terms. Each version has a number and an effective date; the version in force when you buy applies to that purchase.",
      ],
      [
        "Law and contact",
        "These terms are governed by the laws of the Hong Kong Special Administrative Region. Questions? Write to support@roamly.example or use the contact form in our help centre.",
      ],
    ],
  },
  zh_CN: {
    title: "服务条款",
    sections: [
      [
        "关于我们",
        "Roamly（“我们”）通过本网站和应用程序销售以 eSIM 形式交付的旅行预付流量套餐。您浏览、购买或使用我们的套餐时，均适用本条款。",
      ],
      [
        "您的手机须支持 eSIM",
        "套餐仅适用于支持 eSIM 且未被运营商锁定的手机。购买前请在兼容性页面查询您的机型。中国大陆销售的 iPhone，以及配有两个实体 SIM 卡槽的香港和澳门机型，均不支持 eSIM。",
      ],
      [
        "购买套餐",
        "价格在付款前以所示币种显示，并包含我们须代收的税费。付款成功后订单即告确认。优惠券或账户余额仅在其使用条件内有效，不可兑换现金。",
      ],
      [
        "交付与激活",
        "付款后，我们通常会在几分钟内将 eSIM 发送到您的账户和电子邮箱。除套餐另有说明外，有效期自 eSIM 首次在目的地连接支持的网络时开始计算。eSIM 描述文件只能安装一次，仍需使用时请勿从手机中删除。",
      ],
      [
        "流量使用",
        "套餐仅含数据流量，供个人使用。网速取决于当地合作网络，并可能按该网络的公平使用规则降速。您不得转售套餐，或将其用于违法用途、自动化流量或损害网络。",
      ],
      ["充值", "如套餐支持充值，充值将为同一 eSIM 增加流量或天数，并与其他购买一样适用本条款。"],
      ["退款", "退款按照我们的退款政策处理，该政策构成本条款的一部分。您作为消费者的法定权利不受影响。"],
      [
        "您的账户",
        "请妥善保管登录信息。使用您账户进行的购买由您负责。您可随时在个人资料中注销账户；我们会按法律要求保留订单记录。",
      ],
      [
        "我们的责任",
        "我们以合理的技能和谨慎提供服务。对于非我们所能控制的网络中断、手机不支持 eSIM 或手机中的描述文件被删除所造成的损失，我们不承担责任。本条款不限制法律规定不得限制的责任。",
      ],
      ["条款变更", "我们可能更新本条款。每个版本都有版本号和生效日期；您购买时有效的版本适用于该次购买。"],
      [
        "适用法律与联系方式",
        "本条款受香港特别行政区法律管辖。如有疑问，请发送邮件至 support@roamly.example，或使用帮助中心的联系表单。",
      ],
    ],
  },
  zh_HK: {
    title: "服務條款",
    sections: [
      [
        "關於我們",
        "Roamly（「我們」）透過本網站及應用程式銷售以 eSIM 形式交付的旅遊預付數據計劃。您瀏覽、購買或使用我們的計劃時，均適用本條款。",
      ],
      [
        "您的手機須支援 eSIM",
        "計劃只適用於支援 eSIM 且未被網絡供應商鎖定的手機。購買前請在兼容性頁面查詢您的型號。中國內地銷售的 iPhone，以及設有兩個實體 SIM 卡槽的香港和澳門型號，均不支援 eSIM。",
      ],
      [
        "購買計劃",
        "價格在付款前以所示貨幣顯示，並已包含我們須代收的稅項。付款成功後訂單即告確認。優惠券或帳戶餘額只在其使用條件內有效，不可兌換現金。",
      ],
      [
        "交付與啟用",
        "付款後，我們通常會在數分鐘內將 eSIM 發送到您的帳戶及電郵。除計劃另有說明外，有效期由 eSIM 首次在目的地連接支援的網絡時開始計算。eSIM 描述檔只能安裝一次，仍需使用時請勿從手機中刪除。",
      ],
      [
        "數據使用",
        "計劃只含數據，供個人使用。網速視乎當地合作網絡，並可能按該網絡的公平使用規則減速。您不得轉售計劃，或將其用於違法用途、自動化流量或損害網絡。",
      ],
      ["增值", "如計劃支援增值，增值會為同一 eSIM 增加數據或日數，並與其他購買一樣適用本條款。"],
      ["退款", "退款按照我們的退款政策處理，該政策構成本條款的一部分。您作為消費者的法定權利不受影響。"],
      [
        "您的帳戶",
        "請妥善保管登入資料。使用您帳戶進行的購買由您負責。您可隨時在個人資料中刪除帳戶；我們會按法律要求保留訂單記錄。",
      ],
      [
        "我們的責任",
        "我們以合理的技能和謹慎提供服務。對於非我們所能控制的網絡中斷、手機不支援 eSIM 或手機中的描述檔被刪除所造成的損失，我們不承擔責任。本條款不限制法律規定不得限制的責任。",
      ],
      ["條款變更", "我們可能更新本條款。每個版本都有版本編號和生效日期；您購買時有效的版本適用於該次購買。"],
      [
        "適用法律及聯絡方法",
        "本條款受香港特別行政區法律管轄。如有疑問，請電郵至 support@roamly.example，或使用幫助中心的聯絡表格。",
      ],
    ],
  },
};

const PRIVACY: typeof TERMS = {
  en_US: {
    title: "Privacy policy",
    sections: [
      [
        "What we collect",
        "Your e-mail address or phone number, your name if you give one, your orders and payments (we never see or store full card numbers; our payment provider does), the eSIMs you bought with their ICCID and data usage, and basic technical data such as your browser and language.",
      ],
      [
        "Why we use it",
        "To deliver and support the plans you buy, to keep your account secure, to send the messages you asked for (codes, receipts, eSIM and usage notices), and, only with your consent, to tell you about offers.",
      ],
      [
        "Who we share it with",
        "The network partner that provides your eSIM receives its ICCID and usage, and the payment provider receives what it needs to take your payment. We do not sell personal data.",
      ],
      [
        "How long we keep it",
        "Account data for as long as you have an account; order and payment records for seven years, as accounting law requires. When you delete your account, your personal details are removed and the orders kept are no longer linked to you.",
      ],
      [
        "Your rights",
        "You can see, correct and delete your data from your profile, and ask us for a copy or to stop marketing at any time. You may also complain to the Office of the Privacy Commissioner for Personal Data, Hong Kong.",
      ],
      [
        "Cookies",
        "We use cookies that keep you signed in and remember your language and currency. We do not use advertising cookies.",
      ],
      [
        "Security",
        "Passwords are stored as strong one-way hashes, sessions are protected, and access to personal data inside Roamly is limited to the staff who need it.",
      ],
      ["Contact", "Questions about your data: privacy@roamly.example."],
    ],
  },
  zh_CN: {
    title: "隐私政策",
    sections: [
      [
        "我们收集的信息",
        "您的电子邮箱或手机号码、您提供的姓名、您的订单和付款信息（我们不会看到或保存完整的卡号，由支付服务商处理）、您购买的 eSIM 及其 ICCID 和流量使用情况，以及浏览器和语言等基本技术信息。",
      ],
      [
        "使用目的",
        "用于交付和支持您购买的套餐、保障账户安全、发送您要求的消息（验证码、收据、eSIM 和用量通知），以及在您同意后向您推送优惠信息。",
      ],
      [
        "与谁共享",
        "提供 eSIM 的网络合作伙伴会收到其 ICCID 和用量；支付服务商会收到完成付款所需的信息。我们不会出售个人数据。",
      ],
      [
        "保存期限",
        "账户数据在您的账户存续期间保存；订单和付款记录按会计法规要求保存七年。注销账户后，您的个人信息将被删除，保留的订单不再与您关联。",
      ],
      [
        "您的权利",
        "您可以在个人资料中查看、更正和删除您的数据，并可随时要求我们提供副本或停止营销。您也可以向香港个人资料私隐专员公署投诉。",
      ],
      ["Cookie", "我们使用 Cookie 保持您的登录状态，并记住您的语言和币种。我们不使用广告 Cookie。"],
      ["安全", "密码以高强度单向哈希保存，会话受到保护，Roamly 内部只有需要的员工才能访问个人数据。"],
      ["联系我们", "有关数据的问题，请联系 privacy@roamly.example。"],
    ],
  },
  zh_HK: {
    title: "私隱政策",
    sections: [
      [
        "我們收集的資料",
        "您的電郵地址或手機號碼、您提供的姓名、您的訂單及付款資料（我們不會看到或儲存完整的卡號，由支付服務商處理）、您購買的 eSIM 及其 ICCID 和數據用量，以及瀏覽器和語言等基本技術資料。",
      ],
      [
        "使用目的",
        "用於交付和支援您購買的計劃、保障帳戶安全、發送您要求的訊息（驗證碼、收據、eSIM 及用量通知），以及在您同意後向您推送優惠資訊。",
      ],
      [
        "與誰分享",
        "提供 eSIM 的網絡合作夥伴會收到其 ICCID 及用量；支付服務商會收到完成付款所需的資料。我們不會出售個人資料。",
      ],
      [
        "保存期限",
        "帳戶資料在您的帳戶存續期間保存；訂單及付款記錄按會計法規要求保存七年。刪除帳戶後，您的個人資料會被移除，保留的訂單不再與您關聯。",
      ],
      [
        "您的權利",
        "您可以在個人資料中查閱、更正及刪除您的資料，並可隨時要求我們提供副本或停止推廣。您亦可向香港個人資料私隱專員公署投訴。",
      ],
      ["Cookie", "我們使用 Cookie 保持您的登入狀態，並記住您的語言和貨幣。我們不使用廣告 Cookie。"],
      ["安全", "密碼以高強度單向雜湊儲存，工作階段受到保護，Roamly 內部只有需要的員工才能存取個人資料。"],
      ["聯絡我們", "有關資料的問題，請聯絡 privacy@roamly.example。"],
    ],
  },
};

// The refund policy's rules (windows, install and usage limits, card or store credit) are the operator's policy
// data: the page renders them above this text (issue 29, ADR 0353). This text says only what holds whatever the
// policy is.
const REFUNDS: typeof TERMS = {
  en_US: {
    title: "Refund policy",
    sections: [
      [
        "If we cannot deliver your eSIM",
        "If we cannot issue an eSIM you paid for, the order is cancelled and refunded automatically; you do not need to ask.",
      ],
      [
        "Check your phone first",
        "Please make sure your phone supports eSIM and is not locked to a carrier before you buy: the rules above apply to every purchase in the same way.",
      ],
      [
        "Questions",
        "For anything these rules do not cover, contact us through the help centre with your order number.",
      ],
    ],
  },
  zh_CN: {
    title: "退款政策",
    sections: [
      ["如果我们无法交付 eSIM", "如果我们无法为您已付款的订单签发 eSIM，订单将自动取消并退款，您无需申请。"],
      ["购买前请检查手机", "购买前请确认您的手机支持 eSIM 且未被运营商锁定：以上规则同样适用于每一笔购买。"],
      ["疑问", "如有以上规则未涵盖的情况，请通过帮助中心联系我们并提供订单号。"],
    ],
  },
  zh_HK: {
    title: "退款政策",
    sections: [
      ["如果我們未能交付 eSIM", "如果我們未能為您已付款的訂單簽發 eSIM，訂單會自動取消並退款，您毋須申請。"],
      [
        "購買前請檢查手機",
        "購買前請確認您的手機支援 eSIM 而且未被電訊商鎖定：以上規則同樣適用於每一次購買。",
      ],
      ["疑問", "如有以上規則未涵蓋的情況，請透過幫助中心聯絡我們並提供訂單編號。"],
    ],
  },
};

const DOCUMENTS: Record<LegalKind, typeof TERMS> = {
  tacCondition: TERMS,
  privacyPolicy: PRIVACY,
  refundPolicy: REFUNDS,
};

/** Version 1 of every legal document in every locale. */
export function seedLegalDocuments() {
  return (Object.keys(DOCUMENTS) as LegalKind[]).flatMap((kind) =>
    (Object.keys(DOCUMENTS[kind]) as (keyof LocalizedText)[]).map((lang) => ({
      kind,
      lang,
      version: 1,
      title: DOCUMENTS[kind][lang].title,
      body: html(DOCUMENTS[kind][lang].sections),
      effectiveAt: LEGAL_EFFECTIVE_AT,
      publishedAt: LEGAL_EFFECTIVE_AT,
    })),
  );
}

const INFO: Record<
  InfoPageKey,
  Record<keyof LocalizedText, { title: string; summary: string; sections: Sections }>
> = {
  "about-us": {
    en_US: {
      title: "About Roamly",
      summary: "Mobile data for travellers, ready before you land.",
      sections: [
        [
          "What we do",
          "Roamly sells travel data plans as eSIMs for countries and regions around the world. You buy online, install in a few minutes, and are connected when you land, without hunting for a SIM shop or paying roaming charges.",
        ],
        [
          "How we work",
          "We partner with local and regional networks and check every plan on the ground. Prices are shown in your currency before you pay, and our support team answers in English and Chinese.",
        ],
        ["Where we are", "Roamly is based in Hong Kong and serves travellers worldwide."],
      ],
    },
    zh_CN: {
      title: "关于 Roamly",
      summary: "为旅行者准备的移动流量，落地即用。",
      sections: [
        [
          "我们做什么",
          "Roamly 以 eSIM 形式销售覆盖全球各个国家和地区的旅行流量套餐。在线购买，几分钟完成安装，落地即可上网，无需寻找 SIM 卡门店，也不必支付漫游费。",
        ],
        [
          "我们的方式",
          "我们与当地及区域网络合作，并实地测试每个套餐。付款前价格以您的币种显示，客服团队提供中英文服务。",
        ],
        ["我们在哪里", "Roamly 总部位于香港，服务全球旅行者。"],
      ],
    },
    zh_HK: {
      title: "關於 Roamly",
      summary: "為旅客準備的流動數據，落地即用。",
      sections: [
        [
          "我們做甚麼",
          "Roamly 以 eSIM 形式銷售覆蓋全球各個國家和地區的旅遊數據計劃。網上購買，數分鐘完成安裝，落地即可上網，毋須尋找 SIM 卡店，亦不用支付漫遊費。",
        ],
        [
          "我們的方式",
          "我們與當地及區域網絡合作，並實地測試每個計劃。付款前價格以您的貨幣顯示，客服團隊提供中英文服務。",
        ],
        ["我們在哪裏", "Roamly 總部位於香港，服務全球旅客。"],
      ],
    },
  },
  "join-us": {
    en_US: {
      title: "Join us",
      summary: "Help travellers stay connected.",
      sections: [
        [
          "Working at Roamly",
          "We are a small team of engineers, network specialists and support staff who travel a lot and care about getting the details right. We work from Hong Kong and remotely across Asia.",
        ],
        [
          "Open roles",
          "Customer support specialist (English and Cantonese or Mandarin), network partnerships manager, and full-stack engineer.",
        ],
        [
          "How to apply",
          "Send your CV and a few lines about a trip where your phone let you down to careers@roamly.example.",
        ],
      ],
    },
    zh_CN: {
      title: "加入我们",
      summary: "帮助旅行者随时保持连接。",
      sections: [
        [
          "在 Roamly 工作",
          "我们是一支由工程师、网络专家和客服人员组成的小团队，经常出行，注重细节。我们在香港办公，也在亚洲各地远程工作。",
        ],
        ["招聘职位", "客户支持专员（英语及粤语或普通话）、网络合作经理、全栈工程师。"],
        ["如何申请", "请将简历和一段您在旅途中遇到手机网络问题的经历发送至 careers@roamly.example。"],
      ],
    },
    zh_HK: {
      title: "加入我們",
      summary: "協助旅客隨時保持連線。",
      sections: [
        [
          "在 Roamly 工作",
          "我們是一支由工程師、網絡專家和客服人員組成的小團隊，經常出行，注重細節。我們在香港辦公，亦在亞洲各地遙距工作。",
        ],
        ["招聘職位", "客戶支援專員（英語及粵語或普通話）、網絡合作經理、全端工程師。"],
        ["如何申請", "請將履歷和一段您在旅途中遇到手機網絡問題的經歷發送至 careers@roamly.example。"],
      ],
    },
  },
};

/** The about-us and join-us pages in every locale. */
export function seedInfoPages() {
  return (Object.keys(INFO) as InfoPageKey[]).flatMap((pageKey) =>
    (Object.keys(INFO[pageKey]) as (keyof LocalizedText)[]).map((lang) => ({
      pageKey,
      lang,
      title: INFO[pageKey][lang].title,
      summary: INFO[pageKey][lang].summary,
      body: html(INFO[pageKey][lang].sections),
      updatedAt: LEGAL_EFFECTIVE_AT,
    })),
  );
}

/** spec 3 footer content: the contact ways the footer shows, per locale. */
export function seedFooterContents() {
  return [
    {
      lang: "en_US",
      contactWaysTitle: "Contact us",
      contactWays: [
        { key: "E-mail", value: "support@roamly.example" },
        { key: "Phone", value: "+852 3000 1234" },
        { key: "Customer service", value: "In English and Chinese, replies within one business day" },
      ],
      contentList: ["Roamly Ltd, Hong Kong"],
    },
    {
      lang: "zh_CN",
      contactWaysTitle: "联系我们",
      contactWays: [
        { key: "邮箱", value: "support@roamly.example" },
        { key: "电话", value: "+852 3000 1234" },
        { key: "客户服务", value: "中英文服务，一个工作日内答复" },
      ],
      contentList: ["Roamly 有限公司，香港"],
    },
    {
      lang: "zh_HK",
      contactWaysTitle: "聯絡我們",
      contactWays: [
        { key: "電郵", value: "support@roamly.example" },
        { key: "電話", value: "+852 3000 1234" },
        { key: "客戶服務", value: "中英文服務，一個工作天內回覆" },
      ],
      contentList: ["Roamly 有限公司，香港"],
    },
  ].map((row) => ({ ...row, updatedAt: LEGAL_EFFECTIVE_AT }));
}
