import { defineMessages } from "../define.ts";

// Keys are "pageEditor.…": the page editor's API errors (issue 17, /o2adm/v1/pages). The console shows them in
// English or Simplified Chinese; the API answers in the request's x-lang like every other API, so zh_HK too.
export default defineMessages({
  en_US: {
    "pageEditor.notFound": "This page does not exist",
    "pageEditor.versionNotFound": "This version of the page does not exist",
    "pageEditor.stale": "Someone else saved this page after you opened it. Reload it to see their changes.",
    "pageEditor.codeTaken": "A page with this code already exists for this site and language",
    "pageEditor.homeExists": "This site already has a home page in this language",
    "pageEditor.keyChanged": "A page's code, language and type cannot change; duplicate it instead",
    "pageEditor.templateNotPublished": "Templates are not published; create a page from it",
    "pageEditor.duplicateId": "Two components have the same id",
    "pageEditor.area.bounds": "A hot area lies outside its image",
    "pageEditor.area.tooSmall": "A hot area is smaller than 5 % of the image",
    "pageEditor.area.overlap": "Two hot areas overlap",
    "pageEditor.area.action": "A link goes somewhere the store does not allow",
  },
  zh_CN: {
    "pageEditor.notFound": "该页面不存在",
    "pageEditor.versionNotFound": "该页面版本不存在",
    "pageEditor.stale": "在您打开后已有其他人保存了此页面，请重新加载以查看其更改。",
    "pageEditor.codeTaken": "该站点和语言下已存在使用此代码的页面",
    "pageEditor.homeExists": "该站点在此语言下已有首页",
    "pageEditor.keyChanged": "页面的代码、语言和类型不可更改，请改为复制页面",
    "pageEditor.templateNotPublished": "模板不会发布，请基于模板创建页面",
    "pageEditor.duplicateId": "有两个组件的 ID 相同",
    "pageEditor.area.bounds": "热区超出了图片范围",
    "pageEditor.area.tooSmall": "热区小于图片的 5%",
    "pageEditor.area.overlap": "两个热区重叠",
    "pageEditor.area.action": "链接指向商店不允许的地址",
  },
  zh_HK: {
    "pageEditor.notFound": "該頁面不存在",
    "pageEditor.versionNotFound": "該頁面版本不存在",
    "pageEditor.stale": "在您開啟後已有其他人儲存了此頁面，請重新載入以查看其更改。",
    "pageEditor.codeTaken": "該站點和語言下已存在使用此代碼的頁面",
    "pageEditor.homeExists": "該站點在此語言下已有首頁",
    "pageEditor.keyChanged": "頁面的代碼、語言和類型不可更改，請改為複製頁面",
    "pageEditor.templateNotPublished": "範本不會發佈，請基於範本建立頁面",
    "pageEditor.duplicateId": "有兩個組件的 ID 相同",
    "pageEditor.area.bounds": "熱區超出了圖片範圍",
    "pageEditor.area.tooSmall": "熱區小於圖片的 5%",
    "pageEditor.area.overlap": "兩個熱區重疊",
    "pageEditor.area.action": "連結指向商店不允許的地址",
  },
});
