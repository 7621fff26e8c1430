// The upload checks and storage, for any module that takes files (the console's Excel imports and images too).
export { createFileStorage, type FileStorage } from "../../providers/storage/index.ts";
export { type CheckedFile, checkContent, type DetectedType, detectType, UploadRejected } from "./content.ts";
export { IMAGE_LIMITS, ImageRejected, reencodeImage } from "./image.ts";
export { createImagePool, type ImagePool } from "./image-pool.ts";
export { cleanFileName } from "./service.ts";
export { checkXlsx, XLSX_LIMITS } from "./xlsx.ts";
