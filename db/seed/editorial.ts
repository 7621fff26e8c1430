import type { LocalizedText } from "../schema/localized.ts";
import { artUrl } from "./art-urls.ts";

// Editorial seed: categories, notes, live rooms, search words, recommend lists (ADR 0012).

const L = (en_US: string, zh_CN: string, zh_HK: string): LocalizedText => ({ en_US, zh_CN, zh_HK });

export const SEED_CATEGORIES = [
  {
    categoryCode: "POPULAR",
    name: L("Popular destinations", "热门目的地", "熱門目的地"),
    destinations: "JP KR TH US CN GB TW SG FR IT MY VN AU ES DE HK",
  },
  { categoryCode: "EAST_ASIA", name: L("East Asia", "东亚", "東亞"), destinations: "JP KR CN TW HK MO MN" },
  {
    categoryCode: "SOUTHEAST_ASIA",
    name: L("Southeast Asia", "东南亚", "東南亞"),
    destinations: "TH SG MY VN ID PH KH LA MM BN",
  },
  {
    categoryCode: "EUROPE_TRIP",
    name: L("Europe trip", "欧洲之旅", "歐洲之旅"),
    destinations: "EU FR IT ES DE GB CH NL PT GR AT",
  },
  {
    categoryCode: "REGIONAL",
    name: L("Regional plans", "区域套餐", "區域套餐"),
    destinations: "EU ASIA NAM LATAM MEA OCEANIA",
  },
  { categoryCode: "GLOBAL_PLANS", name: L("Global plans", "全球套餐", "全球套餐"), destinations: "GLOBAL" },
  {
    categoryCode: "ISLANDS",
    name: L("Island getaways", "海岛度假", "海島度假"),
    destinations: "MV FJ PF MU SC ID PH",
  },
].map((c, index) => ({ ...c, imageUrl: artUrl("category", c.categoryCode), sortOrder: index }));

const TIPS_HTML = {
  en_US:
    "<h2>Before you fly</h2><p>Install your eSIM on <strong>Wi-Fi</strong> the day before you leave, and keep your home SIM for calls.</p><ul><li>Turn on <em>data roaming</em> for the eSIM line.</li><li>Choose the eSIM for mobile data.</li></ul>",
  zh_CN:
    "<h2>出发前</h2><p>建议在出发前一天连接 <strong>Wi-Fi</strong> 安装 eSIM，原有 SIM 卡可继续接听电话。</p><ul><li>为 eSIM 线路开启<em>数据漫游</em>。</li><li>将 eSIM 设为移动数据线路。</li></ul>",
  zh_HK:
    "<h2>出發前</h2><p>建議於出發前一天連接 <strong>Wi-Fi</strong> 安裝 eSIM，原有 SIM 卡可繼續接聽電話。</p><ul><li>為 eSIM 線路開啟<em>數據漫遊</em>。</li><li>將 eSIM 設為流動數據線路。</li></ul>",
};

export const SEED_NOTES = [
  {
    noteInfoCode: "NOTE-ESIM-101",
    title: L("What is an eSIM? A 2-minute guide", "什么是 eSIM？两分钟看懂", "甚麼是 eSIM？兩分鐘看懂"),
    topics: [L("Guides", "指南", "指南"), L("eSIM basics", "eSIM 入门", "eSIM 入門")],
    content: TIPS_HTML,
  },
  {
    noteInfoCode: "NOTE-JAPAN-DATA",
    title: L("How much data do you need in Japan?", "去日本旅行需要多少流量？", "去日本旅行需要多少數據？"),
    topics: [L("Japan", "日本", "日本"), L("Travel tips", "旅行贴士", "旅遊貼士")],
    content: {
      en_US:
        "<p>Maps and messaging use about <strong>300MB a day</strong>; video calls and uploads need more. A 3GB plan suits a one-week trip.</p>",
      zh_CN:
        "<p>地图和聊天每天约用 <strong>300MB</strong>；视频通话和上传会用得更多。一周行程选择 3GB 套餐即可。</p>",
      zh_HK:
        "<p>地圖和通訊每天約用 <strong>300MB</strong>；視像通話和上載會用得更多。一星期行程選擇 3GB 計劃即可。</p>",
    },
  },
  {
    noteInfoCode: "NOTE-EUROPE-ROAMING",
    title: L("One eSIM across Europe", "一张 eSIM 畅游欧洲", "一張 eSIM 暢遊歐洲"),
    topics: [L("Europe", "欧洲", "歐洲"), L("Regional plans", "区域套餐", "區域套餐")],
    content: {
      en_US:
        '<p>Our Europe plan switches networks as you cross borders. <a href="/plp?type=REGION">See regional plans</a>.</p>',
      zh_CN: '<p>欧洲套餐跨境自动切换网络。<a href="/zh_CN/plp?type=REGION">查看区域套餐</a>。</p>',
      zh_HK: '<p>歐洲計劃跨境自動切換網絡。<a href="/zh_HK/plp?type=REGION">查看區域計劃</a>。</p>',
    },
  },
  {
    noteInfoCode: "NOTE-HOTSPOT",
    title: L("Sharing your eSIM data as a hotspot", "用 eSIM 开热点分享流量", "用 eSIM 開熱點分享數據"),
    topics: [L("Guides", "指南", "指南")],
    content: {
      en_US:
        "<p>Most plans allow tethering. Unlimited passes marked without <strong>Hotspot</strong> do not.</p>",
      zh_CN: "<p>大多数套餐支持热点共享；未标注<strong>可共享热点</strong>的无限流量套餐不支持。</p>",
      zh_HK: "<p>大部分計劃支援熱點分享；未標示<strong>可分享熱點</strong>的無限數據計劃不支援。</p>",
    },
  },
  {
    noteInfoCode: "NOTE-CHINA-APPS",
    title: L(
      "Using Google and WhatsApp in mainland China",
      "在中国内地使用境外应用",
      "在中國內地使用境外應用程式",
    ),
    topics: [L("China", "中国", "中國"), L("Travel tips", "旅行贴士", "旅遊貼士")],
    content: {
      en_US: "<p>Our China plans route through Hong Kong, so your usual apps keep working.</p>",
      zh_CN: "<p>我们的中国套餐经香港出口，常用境外应用可正常使用。</p>",
      zh_HK: "<p>我們的中國計劃經香港出口，常用應用程式可正常使用。</p>",
    },
  },
];

export function seedLiveRooms(now: Date) {
  const hour = 3_600_000;
  return [
    {
      roomCode: "LIVE-JAPAN-AUTUMN",
      roomName: L("Live: Japan autumn travel deals", "直播：日本秋季旅行优惠", "直播：日本秋季旅遊優惠"),
      roomStatusCode: "LIVING",
      startTime: new Date(now.getTime() - hour),
      endTime: new Date(now.getTime() + 2 * hour),
    },
    {
      roomCode: "LIVE-EUROPE-QA",
      roomName: L("Europe eSIM Q&A", "欧洲 eSIM 问答直播", "歐洲 eSIM 問答直播"),
      roomStatusCode: "NOT_START",
      startTime: new Date(now.getTime() + 48 * hour),
      endTime: new Date(now.getTime() + 50 * hour),
    },
    {
      roomCode: "LIVE-KOREA-REPLAY",
      roomName: L("Replay: Seoul on a budget", "回放：首尔穷游攻略", "重溫：首爾窮遊攻略"),
      roomStatusCode: "ENDED",
      startTime: new Date(now.getTime() - 72 * hour),
      endTime: new Date(now.getTime() - 70 * hour),
    },
  ].map((room, index) => ({
    ...room,
    onlineShopCode: "ROAMLY_HK",
    siteTypeCode: "B2C",
    feedsImgUrl: artUrl("live", room.roomCode),
    sortOrder: index,
  }));
}

/** spec 9: up to 10 hot words, per locale. */
export const SEED_HOT_WORDS: LocalizedText[] = [
  L("Japan", "日本", "日本"),
  L("South Korea", "韩国", "南韓"),
  L("Thailand", "泰国", "泰國"),
  L("Europe", "欧洲", "歐洲"),
  L("United States", "美国", "美國"),
  L("China", "中国", "中國"),
  L("Unlimited", "无限流量", "無限數據"),
  L("Global", "全球", "全球"),
  L("Taiwan", "台湾", "台灣"),
  L("Singapore", "新加坡", "新加坡"),
];

/** spec 3 specific words: an exact word jumps straight to a page. */
export const SEED_SPECIFIC_WORDS: { words: LocalizedText; deeplink: string }[] = [
  { words: L("japan", "日本", "日本"), deeplink: "/pdp/JP-3GB-30D" },
  { words: L("korea", "韩国", "南韓"), deeplink: "/pdp/KR-3GB-30D" },
  { words: L("europe", "欧洲", "歐洲"), deeplink: "/plp?type=REGION&keyword=Europe" },
  { words: L("invite", "邀请", "邀請"), deeplink: "/sfb" },
  { words: L("install", "安装", "安裝"), deeplink: "/install" },
];

/** spec 7 recommend lists (score mode): the plans, best first. */
export const SEED_RECOMMEND_LISTS = [
  {
    recommendCode: "HOME_HOT",
    name: L("Hot right now", "当下热门", "人氣之選"),
    plans:
      "JP-3GB-30D KR-3GB-30D TH-3GB-30D US-3GB-30D CN-3GB-30D EU-5GB-30D GB-3GB-30D TW-3GB-30D SG-3GB-30D GLOBAL-5GB-30D FR-3GB-30D IT-3GB-30D MY-3GB-30D VN-3GB-30D AU-3GB-30D",
  },
  {
    recommendCode: "HOME_UNLIMITED",
    name: L("Unlimited passes", "无限流量套餐", "無限數據計劃"),
    plans: "JP-UL-5D KR-UL-5D TH-UL-5D US-UL-5D CN-UL-5D GB-UL-5D JP-UL-15D EU-UL-10D ASIA-UL-10D",
  },
  {
    recommendCode: "CHINA_TRIP",
    name: L("Plans that cover mainland China", "覆盖中国大陆的套餐", "覆蓋中國內地的計劃"),
    plans:
      "CN-3GB-30D CN-5GB-30D CN-10GB-30D CN-UL-5D CN-UL-15D CN-1GB-7D ASIA-5GB-30D ASIA-UL-10D GLOBAL-5GB-30D",
  },
  {
    recommendCode: "SUMMER_JAPAN",
    name: L("Summer in Japan", "夏日日本", "夏日日本"),
    plans: "JP-1GB-7D JP-3GB-30D JP-5GB-30D JP-10GB-30D JP-20GB-30D JP-UL-5D JP-UL-15D ASIA-5GB-30D",
  },
];
