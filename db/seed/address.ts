import type { LocalizedText } from "../schema/localized.ts";

// spec 3 Region / spec 5: a sample delivery address tree. Mainland codes follow GB/T 2260. Two branches stop
// before level 3 on purpose (Dongguan has no districts; Macau's parishes have no level 3), so the published
// tree drops them.

type Node = [code: string, en: string, zhCn: string, zhHk: string, children?: Node[]];

const TREE: Node[] = [
  [
    "110000",
    "Beijing",
    "北京市",
    "北京市",
    [
      [
        "110100",
        "Beijing",
        "北京市",
        "北京市",
        [
          ["110101", "Dongcheng", "东城区", "東城區"],
          ["110102", "Xicheng", "西城区", "西城區"],
          ["110105", "Chaoyang", "朝阳区", "朝陽區"],
          ["110108", "Haidian", "海淀区", "海澱區"],
        ],
      ],
    ],
  ],
  [
    "310000",
    "Shanghai",
    "上海市",
    "上海市",
    [
      [
        "310100",
        "Shanghai",
        "上海市",
        "上海市",
        [
          ["310101", "Huangpu", "黄浦区", "黃浦區"],
          ["310104", "Xuhui", "徐汇区", "徐匯區"],
          ["310115", "Pudong", "浦东新区", "浦東新區"],
        ],
      ],
    ],
  ],
  [
    "440000",
    "Guangdong",
    "广东省",
    "廣東省",
    [
      [
        "440100",
        "Guangzhou",
        "广州市",
        "廣州市",
        [
          ["440103", "Liwan", "荔湾区", "荔灣區"],
          ["440104", "Yuexiu", "越秀区", "越秀區"],
          ["440106", "Tianhe", "天河区", "天河區"],
        ],
      ],
      [
        "440300",
        "Shenzhen",
        "深圳市",
        "深圳市",
        [
          ["440303", "Luohu", "罗湖区", "羅湖區"],
          ["440304", "Futian", "福田区", "福田區"],
          ["440305", "Nanshan", "南山区", "南山區"],
        ],
      ],
      ["441900", "Dongguan", "东莞市", "東莞市"],
    ],
  ],
  [
    "330000",
    "Zhejiang",
    "浙江省",
    "浙江省",
    [
      [
        "330100",
        "Hangzhou",
        "杭州市",
        "杭州市",
        [
          ["330102", "Shangcheng", "上城区", "上城區"],
          ["330106", "Xihu", "西湖区", "西湖區"],
        ],
      ],
    ],
  ],
  [
    "510000",
    "Sichuan",
    "四川省",
    "四川省",
    [
      [
        "510100",
        "Chengdu",
        "成都市",
        "成都市",
        [
          ["510104", "Jinjiang", "锦江区", "錦江區"],
          ["510107", "Wuhou", "武侯区", "武侯區"],
        ],
      ],
    ],
  ],
  [
    "810000",
    "Hong Kong",
    "香港特别行政区",
    "香港特別行政區",
    [
      [
        "810100",
        "Hong Kong Island",
        "香港岛",
        "香港島",
        [
          ["810101", "Central and Western", "中西区", "中西區"],
          ["810102", "Wan Chai", "湾仔区", "灣仔區"],
          ["810103", "Eastern", "东区", "東區"],
          ["810104", "Southern", "南区", "南區"],
        ],
      ],
      [
        "810200",
        "Kowloon",
        "九龙",
        "九龍",
        [
          ["810201", "Yau Tsim Mong", "油尖旺区", "油尖旺區"],
          ["810202", "Sham Shui Po", "深水埗区", "深水埗區"],
          ["810203", "Kowloon City", "九龙城区", "九龍城區"],
          ["810204", "Kwun Tong", "观塘区", "觀塘區"],
        ],
      ],
      [
        "810300",
        "New Territories",
        "新界",
        "新界",
        [
          ["810301", "Sha Tin", "沙田区", "沙田區"],
          ["810302", "Tsuen Wan", "荃湾区", "荃灣區"],
          ["810303", "Tuen Mun", "屯门区", "屯門區"],
          ["810304", "Sai Kung", "西贡区", "西貢區"],
          ["810305", "Islands", "离岛区", "離島區"],
        ],
      ],
    ],
  ],
  [
    "820000",
    "Macau",
    "澳门特别行政区",
    "澳門特別行政區",
    [
      ["820100", "Macau Peninsula", "澳门半岛", "澳門半島"],
      ["820200", "Taipa", "氹仔", "氹仔"],
      ["820300", "Coloane", "路环", "路環"],
    ],
  ],
];

export interface SeedAddressRegion {
  regionCode: string;
  parentRegionCode: string | null;
  level: number;
  name: LocalizedText;
  sortOrder: number;
}

export function seedAddressRegions(): SeedAddressRegion[] {
  const rows: SeedAddressRegion[] = [];
  const visit = (nodes: Node[], parent: string | null, level: number) => {
    nodes.forEach(([code, en, zhCn, zhHk, children], index) => {
      rows.push({
        regionCode: code,
        parentRegionCode: parent,
        level,
        name: { en_US: en, zh_CN: zhCn, zh_HK: zhHk },
        sortOrder: index,
      });
      if (children) visit(children, code, level + 1);
    });
  };
  visit(TREE, null, 1);
  return rows;
}
