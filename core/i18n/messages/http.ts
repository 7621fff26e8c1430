import { defineMessages } from "../define.ts";

// spec 8: texts the storefront HTTP client shows when the API gives no translated message of its own.
// The dialog titles (网络异常, 系统异常) and the list prefix live in common.ts.
export default defineMessages({
  en_US: {
    "http.timeout": "The server took too long to answer. Check your connection and try again.",
    "http.unreadable":
      "The server sent an answer we could not read (status {status}). Please try again later.",
    "http.failed": "The request could not be completed. Please try again.",
    "http.forbidden": "You do not have access to this.",
  },
  zh_CN: {
    "http.timeout": "服务器响应超时，请检查网络后重试",
    "http.unreadable": "服务器返回了无法识别的内容（状态码 {status}），请稍后再试",
    "http.failed": "请求未能完成，请重试",
    "http.forbidden": "您没有权限访问此内容",
  },
  zh_HK: {
    "http.timeout": "伺服器回應逾時，請檢查網絡後重試",
    "http.unreadable": "伺服器傳回了無法識別的內容（狀態碼 {status}），請稍後再試",
    "http.failed": "請求未能完成，請重試",
    "http.forbidden": "您沒有權限存取此內容",
  },
});
