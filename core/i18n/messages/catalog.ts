import { defineMessages } from "../define.ts";

// Catalogue: destination types, network generations and catalogue errors (lists of values, plan reads).
export default defineMessages({
  en_US: {
    "catalog.destinationType.COUNTRY": "Country or area",
    "catalog.destinationType.REGION": "Regional",
    "catalog.destinationType.GLOBAL": "Global",
    "catalog.network.4G": "4G LTE",
    "catalog.network.5G": "5G",
    "catalog.planNotFound": "This plan is not available",
    "catalog.destinationNotFound": "This destination is not available",
    "catalog.currencyUnsupported": "The currency {currency} is not supported",
  },
  zh_CN: {
    "catalog.destinationType.COUNTRY": "国家/地区",
    "catalog.destinationType.REGION": "区域",
    "catalog.destinationType.GLOBAL": "全球",
    "catalog.network.4G": "4G LTE",
    "catalog.network.5G": "5G",
    "catalog.planNotFound": "该套餐暂不可购买",
    "catalog.destinationNotFound": "该目的地暂不可用",
    "catalog.currencyUnsupported": "暂不支持 {currency} 币种",
  },
  zh_HK: {
    "catalog.destinationType.COUNTRY": "國家/地區",
    "catalog.destinationType.REGION": "區域",
    "catalog.destinationType.GLOBAL": "全球",
    "catalog.network.4G": "4G LTE",
    "catalog.network.5G": "5G",
    "catalog.planNotFound": "此計劃暫不可購買",
    "catalog.destinationNotFound": "此目的地暫不可用",
    "catalog.currencyUnsupported": "暫不支援 {currency} 貨幣",
  },
});
