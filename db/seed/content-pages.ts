import type { Locale } from "../../core/constants.ts";
import type {
  ComponentAction,
  ContentDocument,
  PageComponent,
  PageLayout,
} from "../schema/content-document.ts";
import { artUrl } from "./art-urls.ts";
import { seedCountries } from "./countries.ts";

const countryNames = new Map(seedCountries().map((c) => [c.code, c.name]));
const countryName = (code: string, lang: Locale) => countryNames.get(code)?.[lang] ?? code;

// Seeded content pages (ADR 0011): a HOME page per locale that uses every block and container of spec 2, and a
// LANDING page ("summer-japan") whose custom-html block carries an XSS payload for the sanitizer to defeat.

type Text3 = [en: string, zhCn: string, zhHk: string];

function builder(lang: Locale, prefix: string) {
  let next = 0;
  const t = (text: Text3) => (lang === "en_US" ? text[0] : lang === "zh_CN" ? text[1] : text[2]);
  const component = (
    componentCode: string,
    componentName: string,
    data: Record<string, unknown>,
    extra: Partial<Omit<PageComponent, "componentCode" | "componentName" | "data">> = {},
  ): PageComponent => {
    next += 1;
    return {
      componentId: `${prefix}-${String(next).padStart(3, "0")}`,
      componentCode,
      componentName,
      positionCode: "10",
      style: {},
      data,
      options: "{}",
      ...extra,
    };
  };
  return { t, component };
}

const plp = (data: Record<string, unknown>): ComponentAction => ({ code: "PLP", data });
const pdp = (platformProductCode: string): ComponentAction => ({
  code: "PDP",
  data: { platformProductCode },
});

function homeComponents(lang: Locale, wide: boolean): PageComponent[] {
  const { t, component } = builder(lang, wide ? "home-d" : "home-m");
  const banner = (name: string) => artUrl("banner", name);
  const image = (name: string, alt: Text3, action?: ComponentAction) =>
    component("Image", "Image", { imageUrl: artUrl("card", name), alt: t(alt) }, action ? { action } : {});

  const components: PageComponent[] = [
    component(
      "Sticky",
      "Sticky search",
      { offsetTop: 0 },
      {
        childrenData: [
          component("PlpSearchBarPlaceholder", "Search bar", {
            placeholder: t(["Where are you travelling?", "你要去哪里旅行？", "你要去哪裏旅行？"]),
          }),
        ],
      },
    ),
    component(
      "Carousel",
      "Hero carousel",
      {
        items: [
          {
            imageUrl: banner("hero-japan"),
            alt: t(["Japan eSIM from {from:JP}", "日本 eSIM 低至 {from:JP}", "日本 eSIM 低至 {from:JP}"]),
            action: {
              code: "CLP",
              data: { pageCode: "summer-japan", pageName: t(["Summer in Japan", "夏日日本", "夏日日本"]) },
            },
          },
          {
            imageUrl: banner("hero-europe"),
            alt: t(["One eSIM for Europe", "一张 eSIM 畅游欧洲", "一張 eSIM 暢遊歐洲"]),
            action: plp({ type: "REGION", keyword: "Europe" }),
          },
          {
            imageUrl: banner("hero-global"),
            alt: t(["One eSIM for travel worldwide", "一张 eSIM 环球通行", "一張 eSIM 環球通行"]),
            action: plp({ type: "GLOBAL" }),
          },
        ],
      },
      {
        options: JSON.stringify({ autoplay: true, interval: 3000, loop: true }),
        style: { borderRadius: 16 },
      },
    ),
    component(
      "RollText",
      "Announcements",
      {
        direction: "vertical",
        texts: [
          {
            text: t([
              "Install before you fly: it takes 2 minutes",
              "出发前安装，只需 2 分钟",
              "出發前安裝，只需 2 分鐘",
            ]),
          },
          {
            text: t(["New: 5G plans in Japan and Korea", "新上线：日韩 5G 套餐", "新推出：日韓 5G 計劃"]),
            action: plp({ keyword: "5G" }),
          },
        ],
      },
      { options: JSON.stringify({ interval: 3000 }) },
    ),
    component("ImageTextNav", "Quick links", {
      items: [
        {
          imageUrl: artUrl("icon", "country"),
          text: t(["Countries", "国家/地区", "國家/地區"]),
          action: plp({ type: "COUNTRY" }),
        },
        {
          imageUrl: artUrl("icon", "region"),
          text: t(["Regions", "区域", "區域"]),
          action: plp({ type: "REGION" }),
        },
        {
          imageUrl: artUrl("icon", "global"),
          text: t(["Global", "全球", "全球"]),
          action: plp({ type: "GLOBAL" }),
        },
        {
          imageUrl: artUrl("icon", "install"),
          text: t(["How to install", "安装指南", "安裝指南"]),
          action: { code: "URL", data: { url: "/install" } },
        },
        {
          imageUrl: artUrl("icon", "invite"),
          text: t(["Invite friends", "邀请好友", "邀請好友"]),
          action: { code: "SFB", data: {} },
        },
        {
          imageUrl: artUrl("icon", "search"),
          text: t(["Search", "搜索", "搜尋"]),
          action: { code: "SEARCH_DIALOG", data: {} },
        },
      ],
    }),
    component("Sliding", "Popular destinations", {
      pageSize: 5,
      items: "JP KR TH US CN GB TW SG FR IT".split(" ").map((code) => ({
        iconUrl: artUrl("thumb", code),
        text: countryName(code, lang),
        action: plp({ keyword: code, type: "COUNTRY" }),
      })),
    }),
    component(
      "Banner",
      "Europe banner",
      {
        imageUrl: banner("europe-trip"),
        alt: t(["Europe trip plans", "欧洲之旅套餐", "歐洲之旅計劃"]),
        title: t(["Europe in one eSIM", "一张 eSIM 游欧洲", "一張 eSIM 遊歐洲"]),
        subTitle: t([
          "One plan across Europe, from {from:EU}",
          "一个套餐游遍欧洲，{from:EU} 起",
          "一個計劃遊遍歐洲，{from:EU} 起",
        ]),
      },
      {
        action: {
          code: "CATEGORY",
          data: { categoryCode: "EUROPE_TRIP", categoryName: t(["Europe trip", "欧洲之旅", "歐洲之旅"]) },
        },
      },
    ),
    component(
      "Recommend",
      "Hot plans",
      {
        recommendCode: "HOME_HOT",
        direction: "horizontal",
        size: 10,
        title: t(["Hot right now", "当下热门", "人氣之選"]),
        showNewLabel: true,
        moreAction: plp({ categoryCode: "POPULAR" }),
      },
      { readonlyData: { platformProductCodes: ["JP-3GB-30D", "KR-3GB-30D", "TH-3GB-30D"] } },
    ),
    component("Recommend", "Unlimited passes", {
      recommendCode: "HOME_UNLIMITED",
      direction: "vertical",
      size: 6,
      title: t(["Unlimited passes", "无限流量套餐", "無限數據計劃"]),
      // Some unlimited passes are new (labelled NEW): this list shows the 'New' label, the hot list has none to show.
      showNewLabel: true,
      moreAction: plp({ keyword: "Unlimited" }),
    }),
    component(
      "Tabs",
      "Plans by type",
      {
        tabs: [
          {
            groupCode: "tab-country",
            title: t(["Countries", "国家/地区", "國家/地區"]),
            subTitle: t(["Local networks", "当地网络", "當地網絡"]),
          },
          {
            groupCode: "tab-region",
            title: t(["Regions", "区域", "區域"]),
            subTitle: t(["Cross borders", "跨境通用", "跨境通用"]),
          },
          {
            groupCode: "tab-notes",
            title: t(["Travel tips", "旅行贴士", "旅遊貼士"]),
            subTitle: t(["Read before you go", "出发必读", "出發必讀"]),
          },
        ],
        sticky: true,
        texts: {
          noData: t(["No data", "暂无数据", "暫無數據"]),
          noMore: t(["That's everything", "已经加载完毕", "已經載入完畢"]),
          loading: t(["Loading more...", "数据加载中...", "數據載入中..."]),
        },
      },
      {
        childrenData: [
          component(
            "ProductList",
            "Country plans",
            { source: "destinationType", destinationType: "COUNTRY", size: 6 },
            { groupCode: "tab-country" },
          ),
          component(
            "ProductList",
            "Regional plans",
            { source: "destinationType", destinationType: "REGION", size: 6 },
            { groupCode: "tab-region" },
          ),
          component(
            "NoteList",
            "Tips",
            { noteInfoCodes: ["NOTE-ESIM-101", "NOTE-JAPAN-DATA", "NOTE-EUROPE-ROAMING", "NOTE-HOTSPOT"] },
            { groupCode: "tab-notes" },
          ),
        ],
      },
    ),
    component(
      "VerticalTabs",
      "Shop by category",
      {
        tabs: [
          { groupCode: "vt-east-asia", title: t(["East Asia", "东亚", "東亞"]), subTitle: "" },
          { groupCode: "vt-sea", title: t(["Southeast Asia", "东南亚", "東南亞"]), subTitle: "" },
          { groupCode: "vt-islands", title: t(["Island getaways", "海岛度假", "海島度假"]), subTitle: "" },
        ],
      },
      {
        childrenData: [
          component(
            "ProductList",
            "East Asia",
            { source: "category", categoryCode: "EAST_ASIA", size: 6 },
            { groupCode: "vt-east-asia" },
          ),
          component(
            "ProductList",
            "Southeast Asia",
            { source: "category", categoryCode: "SOUTHEAST_ASIA", size: 6 },
            { groupCode: "vt-sea" },
          ),
          component(
            "ProductListPlaceholder",
            "Islands (loading)",
            { count: 10 },
            { groupCode: "vt-islands" },
          ),
        ],
      },
    ),
    component("Hotspot", "Explore the map", {
      tabs: [
        {
          title: t(["Asia", "亚洲", "亞洲"]),
          imageUrl: banner("map-asia"),
          areas: [
            {
              top: 20,
              left: 70,
              width: 12,
              height: 15,
              action: plp({ keyword: "JP", type: "COUNTRY" }),
              name: t(["Japan", "日本", "日本"]),
            },
            {
              top: 30,
              left: 55,
              width: 15,
              height: 20,
              action: plp({ keyword: "CN", type: "COUNTRY" }),
              name: t(["China", "中国", "中國"]),
            },
            {
              top: 60,
              left: 50,
              width: 12,
              height: 15,
              action: plp({ keyword: "TH", type: "COUNTRY" }),
              name: t(["Thailand", "泰国", "泰國"]),
            },
          ],
        },
        {
          title: t(["Europe", "欧洲", "歐洲"]),
          imageUrl: banner("map-europe"),
          areas: [
            {
              top: 40,
              left: 30,
              width: 14,
              height: 16,
              action: plp({ keyword: "FR", type: "COUNTRY" }),
              name: t(["France", "法国", "法國"]),
            },
            {
              top: 55,
              left: 50,
              width: 12,
              height: 18,
              action: plp({ keyword: "IT", type: "COUNTRY" }),
              name: t(["Italy", "意大利", "意大利"]),
            },
          ],
        },
      ],
    }),
    component("Multimedia", "How eSIM works", {
      videoUrl: "/media/video/how-esim-works.webm",
      posterUrl: banner("video-poster"),
      title: t(["How eSIM works in 60 seconds", "60 秒了解 eSIM", "60 秒了解 eSIM"]),
    }),
    component(
      "Column",
      "Cards",
      { gap: 16 },
      {
        childrenData: [
          component(
            "SingleImageCard",
            "Install guide card",
            {
              imageUrl: artUrl("card", "install-guide"),
              title: t(["Install in 3 steps", "三步完成安装", "三步完成安裝"]),
              description: t(["Scan, switch on, travel.", "扫码、开启、出发。", "掃碼、開啟、出發。"]),
            },
            { action: { code: "URL", data: { url: "/install/install-guide" } } },
          ),
          component("MultipleImageCard", "Notes card", {
            title: t(["Travel reads", "旅行读物", "旅遊讀物"]),
            items: [
              {
                imageUrl: artUrl("note", "NOTE-ESIM-101"),
                text: t(["What is an eSIM?", "什么是 eSIM？", "甚麼是 eSIM？"]),
                action: { code: "NOTE", data: { noteInfoCode: "NOTE-ESIM-101" } },
              },
              {
                imageUrl: artUrl("note", "NOTE-JAPAN-DATA"),
                text: t(["Data in Japan", "日本流量", "日本數據"]),
                action: { code: "NOTE", data: { noteInfoCode: "NOTE-JAPAN-DATA" } },
              },
            ],
          }),
        ],
      },
    ),
    component(
      "Rows",
      "Why Roamly",
      { gap: 8 },
      {
        childrenData: [
          component(
            "Text",
            "Heading",
            { text: t(["Why travellers choose us", "为什么选择我们", "為甚麼選擇我們"]), lines: 1 },
            { style: { fontSize: 24, fontWeight: 700 } },
          ),
          component("Text", "Body", {
            text: t([
              "Instant delivery by e-mail, top-ups in the app, and a support team that answers in English or Chinese within one business day.",
              "邮件即时发货，应用内随时充值，中英文客服团队在一个工作日内答复。",
              "電郵即時發送，應用程式內隨時增值，中英文客服團隊在一個工作天內回覆。",
            ]),
            lines: 2,
          }),
          component(
            "Button",
            "Shop now",
            { text: t(["Shop all plans", "查看全部套餐", "查看全部計劃"]), variant: "primary" },
            { action: plp({}) },
          ),
        ],
      },
    ),
    component(
      "Grid",
      "Continents",
      { columns: 3, gap: 12 },
      {
        childrenData: (
          [
            ["asia", ["Asia", "亚洲", "亞洲"], "ASIA"],
            ["europe", ["Europe", "欧洲", "歐洲"], "EU"],
            ["oceania", ["Oceania", "大洋洲", "大洋洲"], "OCEANIA"],
          ] as [string, Text3, string][]
        ).map(([name, alt, code]) =>
          component(
            "Square",
            `Square ${name}`,
            {},
            { childrenData: [image(name, alt, plp({ keyword: code, type: "REGION" }))] },
          ),
        ),
      },
    ),
    component(
      "FixedSize",
      "App download",
      { width: 320, height: 180 },
      {
        childrenData: [
          image("app-download", ["Get the Roamly app", "下载 Roamly 应用", "下載 Roamly 應用程式"]),
        ],
      },
    ),
    component("RichText", "About eSIM", {
      html: t([
        "<h3>Stay connected abroad</h3><p>No SIM swapping, no roaming bills. <strong>Keep WhatsApp on your number</strong> while using local data.</p>",
        "<h3>出境也能畅快上网</h3><p>无需换卡，没有漫游账单。<strong>保留原号码接收短信</strong>，同时使用当地流量。</p>",
        "<h3>出境也能暢快上網</h3><p>無需換卡，沒有漫遊賬單。<strong>保留原號碼接收短訊</strong>，同時使用當地數據。</p>",
      ]),
    }),
    component(
      "CarouselContainer",
      "Destination photos",
      {},
      {
        options: JSON.stringify({ autoplay: true, interval: 3000, loop: false }),
        childrenData: [
          image("tokyo", ["Tokyo at night", "东京夜景", "東京夜景"], pdp("JP-3GB-30D")),
          image("seoul", ["Seoul palace", "首尔宫殿", "首爾宮殿"], pdp("KR-3GB-30D")),
          image("bangkok", ["Bangkok temple", "曼谷寺庙", "曼谷寺廟"], pdp("TH-3GB-30D")),
        ],
      },
    ),
    component("Video", "Install video", {
      videoUrl: "/media/video/install-guide.webm",
      posterUrl: artUrl("card", "install-video"),
    }),
    component("HotArea", "Promo image with links", {
      imageUrl: banner("promo-split"),
      areas: [
        {
          top: 0,
          left: 0,
          width: 50,
          height: 100,
          action: pdp("JP-UL-5D"),
          name: t(["Japan unlimited, 5 days", "日本无限流量 5 天", "日本無限數據 5 天"]),
        },
        {
          top: 0,
          left: 50,
          width: 50,
          height: 100,
          action: pdp("KR-UL-5D"),
          name: t(["Korea unlimited, 5 days", "韩国无限流量 5 天", "南韓無限數據 5 天"]),
        },
      ],
    }),
    component("LiveList", "Live now", {
      size: 3,
      siteTypeCode: "B2C",
      title: t(["Live now", "正在直播", "正在直播"]),
    }),
    component("ReceiveCoupon", "Coupons", {
      couponCodes: ["WELCOME10", "SAVE20HKD"],
      promoCodes: ["TRAVEL5"],
      title: t(["Grab a coupon", "领取优惠券", "領取優惠券"]),
    }),
    component(
      "TitleCarousel",
      "Headlines",
      {
        titles: [
          {
            text: t(["Japan from {from:JP}", "日本 {from:JP} 起", "日本 {from:JP} 起"]),
            action: pdp("JP-1GB-7D"),
          },
          {
            text: t(["Korea 5G unlimited", "韩国 5G 无限流量", "南韓 5G 無限數據"]),
            action: pdp("KR-UL-5D"),
          },
        ],
      },
      { options: JSON.stringify({ interval: 3000, direction: "horizontal" }) },
    ),
    component(
      "CustomTitle",
      "Summer campaign title",
      {
        targetCode: "MKT-SUMMER-JAPAN",
        title: t(["Your summer Japan deal is waiting", "你的日本夏日优惠已就绪", "你的日本夏日優惠已準備好"]),
        subTitle: t(["Ends soon", "即将结束", "即將結束"]),
        imageUrl: banner("summer-japan"),
      },
      { action: plp({ marketingCode: "MKT-SUMMER-JAPAN" }) },
    ),
    component("CustomHtml", "Trust strip", {
      html: t([
        '<p class="trust">New to eSIM? <a href="/install">Installation help</a></p>',
        '<p class="trust">第一次使用 eSIM？<a href="/zh_CN/install">安装帮助</a></p>',
        '<p class="trust">第一次使用 eSIM？<a href="/zh_HK/install">安裝幫助</a></p>',
      ]),
    }),
  ];
  if (!wide) {
    // The small-screen variant is a shorter page: hero, shortcuts, hot plans, tabs and coupons.
    const keep = new Set([
      "Sticky",
      "Carousel",
      "ImageTextNav",
      "Sliding",
      "Recommend",
      "Tabs",
      "ReceiveCoupon",
    ]);
    return components.filter((c) => keep.has(c.componentCode));
  }
  return components;
}

function landingComponents(lang: Locale, positioned: boolean, prefix: string): PageComponent[] {
  const { t, component } = builder(lang, prefix);
  const left = positioned ? { positionCode: "11" } : {};
  const right = positioned ? { positionCode: "21" } : {};
  return [
    component(
      "Banner",
      "Summer Japan hero",
      {
        imageUrl: artUrl("banner", "summer-japan"),
        alt: t(["Summer in Japan", "夏日日本", "夏日日本"]),
        title: t(["Summer in Japan", "夏日日本", "夏日日本"]),
        subTitle: t(["5G data from {from:JP}", "5G 流量 {from:JP} 起", "5G 數據 {from:JP} 起"]),
      },
      { ...left, action: plp({ marketingCode: "MKT-SUMMER-JAPAN" }) },
    ),
    component(
      "Recommend",
      "Japan plans",
      {
        recommendCode: "SUMMER_JAPAN",
        direction: "vertical",
        size: 8,
        showNewLabel: true,
        title: t(["Japan plans", "日本套餐", "日本計劃"]),
        moreAction: plp({ keyword: "Japan" }),
      },
      left,
    ),
    component(
      "CustomHtml",
      "Campaign terms",
      {
        html: [
          `<h3>${t(["Campaign terms", "活动条款", "活動條款"])}</h3>`,
          `<p>${t(["Valid for Japan plans bought on this page.", "适用于本页购买的日本套餐。", "適用於本頁購買的日本計劃。"])} <em>${t(["One per customer.", "每位顾客限一次。", "每位顧客限一次。"])}</em></p>`,
          `<ol><li><strong>JAPAN85</strong>: 15%</li><li>${t(["Free top-up tips", "免费充值指南", "免費增值指南"])}</li></ol>`,
          // Untrusted operator HTML: the sanitizer must strip every one of these (architecture: Operator HTML).
          '<img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
          '<p style="color:#c00" onclick="alert(2)">Limited time</p><iframe src="https://evil.example/"></iframe>',
        ].join(""),
      },
      right,
    ),
    component(
      "ReceiveCoupon",
      "Japan coupon",
      { couponCodes: ["JAPAN85"], promoCodes: [], title: t(["Japan coupon", "日本优惠券", "日本優惠券"]) },
      right,
    ),
    component("NoteList", "Japan tips", { noteInfoCodes: ["NOTE-JAPAN-DATA", "NOTE-ESIM-101"] }, right),
    // A horizontal roll text (spec 9: one line every 6000 ms), where home has the vertical one.
    component(
      "RollText",
      "Campaign ticker",
      {
        direction: "horizontal",
        texts: [
          { text: t(["Summer prices on every Japan plan", "日本套餐全线夏日特价", "日本計劃全線夏日特價"]) },
          {
            text: t(["5G in Tokyo, Osaka and Kyoto", "东京、大阪、京都 5G 网络", "東京、大阪、京都 5G 網絡"]),
            action: plp({ keyword: "Japan" }),
          },
          { text: t(["Install before you fly", "出发前安装", "出發前安裝"]) },
        ],
      },
      right,
    ),
  ];
}

// Issue 10: the China-trip landing page (spec 2 /gogochina, /gogochinaApp) and its pop-up (/gogochina/popupContent).
function chinaTripComponents(lang: Locale, prefix: string): PageComponent[] {
  const { t, component } = builder(lang, prefix);
  return [
    component("RichText", "Intro", {
      html: t([
        "<h2>Travelling to mainland China</h2><p>Land with data that works: a roaming eSIM connects through our partner networks, China Mobile and China Unicom, from the moment you arrive.</p>",
        "<h2>前往中国大陆旅行</h2><p>落地即可上网：漫游 eSIM 通过我们的合作网络中国移动和中国联通连接，抵达后即可使用。</p>",
        "<h2>前往中國內地旅遊</h2><p>落地即可上網：漫遊 eSIM 透過我們的合作網絡中國移動和中國聯通連接，抵達後即可使用。</p>",
      ]),
    }),
    component("Text", "Plans title", {
      text: t(["Plans that cover mainland China", "覆盖中国大陆的套餐", "覆蓋中國內地的計劃"]),
      lines: 1,
    }),
    component("ProductList", "China plans", { source: "recommend", recommendCode: "CHINA_TRIP", size: 10 }),
    component("RichText", "What works", {
      html: t([
        "<h2>What works over a roaming eSIM</h2><ul><li>Google, Gmail, Maps, WhatsApp and Instagram work without a VPN: your data goes through the partner network's gateway outside the mainland.</li><li>WeChat, Alipay, Didi and local maps work as usual.</li><li>The eSIM is data only. Some Chinese apps ask for a +86 number to verify an account: keep your home SIM on for text messages.</li></ul>",
        "<h2>漫游 eSIM 可以使用什么</h2><ul><li>无需 VPN 即可使用 Google、Gmail、地图、WhatsApp 和 Instagram：您的流量通过合作网络在境外的网关传输。</li><li>微信、支付宝、滴滴和本地地图照常使用。</li><li>eSIM 仅含数据流量。部分国内应用需要 +86 号码验证账户：请保持本地 SIM 卡开启以接收短信。</li></ul>",
        "<h2>漫遊 eSIM 可以使用甚麼</h2><ul><li>毋須 VPN 即可使用 Google、Gmail、地圖、WhatsApp 和 Instagram：您的數據透過合作網絡在境外的閘道傳輸。</li><li>微信、支付寶、滴滴和本地地圖照常使用。</li><li>eSIM 只含數據。部分內地應用程式需要 +86 號碼驗證帳戶：請保持本地 SIM 卡開啟以接收短訊。</li></ul>",
      ]),
    }),
    component("RichText", "China iPhones", {
      html: t([
        "<h2>iPhones from mainland China have no eSIM</h2><p>iPhone models sold in mainland China, and the Hong Kong and Macau models with two physical SIM slots, cannot use an eSIM. Check your phone on our install page before you buy.</p>",
        "<h2>中国大陆版 iPhone 不支持 eSIM</h2><p>在中国大陆销售的 iPhone，以及配有两个实体 SIM 卡槽的港澳版本，都无法使用 eSIM。购买前请在安装页面检查您的手机。</p>",
        "<h2>中國內地版 iPhone 不支援 eSIM</h2><p>在中國內地銷售的 iPhone，以及設有兩個實體 SIM 卡槽的港澳型號，都無法使用 eSIM。購買前請在安裝頁面檢查您的手機。</p>",
      ]),
    }),
    component(
      "Button",
      "Check my phone",
      { text: t(["Is my phone compatible?", "我的手机支持吗？", "我的手機支援嗎？"]), variant: "secondary" },
      { action: { code: "URL", data: { url: "/install" } } },
    ),
  ];
}

function chinaPopupComponents(lang: Locale, prefix: string): PageComponent[] {
  const { t, component } = builder(lang, prefix);
  return [
    component("RichText", "Checklist", {
      html: t([
        "<h2>Before you fly to China</h2><ol><li>Install the eSIM at home, on Wi-Fi.</li><li>On arrival, turn on the eSIM line and its data roaming.</li><li>Keep your home SIM on for text messages, with its data roaming off.</li><li>Set up Alipay or WeChat Pay with your card: many shops take no cash or foreign cards.</li><li>Download offline maps of the cities you visit.</li></ol>",
        "<h2>出发前往中国前</h2><ol><li>在家连接 Wi-Fi 安装 eSIM。</li><li>抵达后开启 eSIM 线路及其数据漫游。</li><li>保持本地 SIM 卡开启以接收短信，并关闭其数据漫游。</li><li>用您的银行卡开通支付宝或微信支付：很多商户不收现金或境外银行卡。</li><li>下载所到城市的离线地图。</li></ol>",
        "<h2>出發前往中國內地前</h2><ol><li>在家連接 Wi-Fi 安裝 eSIM。</li><li>抵達後開啟 eSIM 線路及其數據漫遊。</li><li>保持本地 SIM 卡開啟以接收短訊，並關閉其數據漫遊。</li><li>以您的信用卡開通支付寶或微信支付：很多商戶不收現金或境外信用卡。</li><li>下載所到城市的離線地圖。</li></ol>",
      ]),
    }),
  ];
}

function document(
  pageCode: string,
  pageType: "HOME" | "LANDING",
  lang: Locale,
  title: string,
  variants: { minWidth: number; maxWidth: number | null; layout: PageLayout; components: PageComponent[] }[],
): ContentDocument {
  return {
    formatVersion: 1,
    pageCode,
    pageType,
    lang,
    title,
    variants: variants.map((v, index) => ({ variantId: `${pageCode}-v${index + 1}`, ...v })),
  };
}

const LOCALES: Locale[] = ["en_US", "zh_CN", "zh_HK"];

export function seedContentPages() {
  return LOCALES.flatMap((lang) => {
    const homeTitle = {
      en_US: "Roamly eSIM: travel data",
      zh_CN: "Roamly eSIM 旅行流量",
      zh_HK: "Roamly eSIM 旅遊數據",
    }[lang];
    const landingTitle = { en_US: "Summer in Japan", zh_CN: "夏日日本", zh_HK: "夏日日本" }[lang];
    const home = document("home", "HOME", lang, homeTitle, [
      { minWidth: 0, maxWidth: 719, layout: "normal", components: homeComponents(lang, false) },
      { minWidth: 720, maxWidth: null, layout: "normal", components: homeComponents(lang, true) },
    ]);
    const landing = document("summer-japan", "LANDING", lang, landingTitle, [
      { minWidth: 0, maxWidth: 1199, layout: "normal", components: landingComponents(lang, false, "sj-m") },
      {
        minWidth: 1200,
        maxWidth: 1439,
        layout: "leftWide",
        components: landingComponents(lang, true, "sj-d"),
      },
      {
        minWidth: 1440,
        maxWidth: null,
        layout: "rightWide",
        components: landingComponents(lang, true, "sj-w"),
      },
    ]);
    const chinaTitle = { en_US: "China trip", zh_CN: "中国之旅", zh_HK: "中國之旅" }[lang];
    const china = document("gogochina", "LANDING", lang, chinaTitle, [
      { minWidth: 0, maxWidth: null, layout: "normal", components: chinaTripComponents(lang, "cn") },
    ]);
    const popupTitle = { en_US: "Before you go", zh_CN: "出发前须知", zh_HK: "出發前須知" }[lang];
    const popup = document("gogochina-popup", "LANDING", lang, popupTitle, [
      { minWidth: 0, maxWidth: null, layout: "normal", components: chinaPopupComponents(lang, "cnp") },
    ]);
    return [home, landing, china, popup];
  });
}
