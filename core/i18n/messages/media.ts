import { defineMessages } from "../define.ts";

// Keys are "media.…": the media library's API errors (issue 17, ADR 0274, /o2adm/v1/media and /media/library).
// Upload refusals reuse the "uploads.…" messages, since the checks are the same.
export default defineMessages({
  en_US: {
    "media.notFound": "This image is not in the media library",
    "media.inUse": "This image is used by a page ({pages}). Remove it from the page first.",
  },
  zh_CN: {
    "media.notFound": "媒体库中没有这张图片",
    "media.inUse": "此图片正被页面使用（{pages}），请先从页面中移除。",
  },
  zh_HK: {
    "media.notFound": "媒體庫中沒有這張圖片",
    "media.inUse": "此圖片正被頁面使用（{pages}），請先從頁面中移除。",
  },
});
