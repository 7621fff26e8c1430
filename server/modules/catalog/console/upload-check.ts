import { ApiError } from "../../../http/errors.ts";
import { checkContent, UploadRejected } from "../../uploads/index.ts";
import { MAX_UPLOAD_BYTES } from "./console-contract.ts";

// The upload rules for a plan sheet (spec 5, 9; ADR 0233): at most 5 MB, and an Excel workbook by its content
// (magic bytes), under the uploads module's zip-bomb limits (ADR 0210).

export { MAX_UPLOAD_BYTES } from "./console-contract.ts";

/** Refuses a file over the size limit, one that is not an .xlsx workbook, or one that unzips to too much. */
export async function checkWorkbookUpload(bytes: Buffer): Promise<void> {
  if (bytes.length === 0 || bytes.length > MAX_UPLOAD_BYTES)
    throw new ApiError(400, "consoleMerch.fileTooLarge", { params: { mb: 5 } });
  try {
    await checkContent(bytes, ["excel"]);
  } catch (error) {
    if (!(error instanceof UploadRejected)) throw error;
    throw new ApiError(400, error.reason === "zipBomb" ? "consoleMerch.zipBomb" : "consoleMerch.notExcel");
  }
}
