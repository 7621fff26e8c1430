// Test helper: the text a PDF reader extracts from each page (pdf.js, as browsers use), so tests check what a
// person opening the invoice reads, not the bytes pdfkit wrote.
export async function pdfText(data: Uint8Array): Promise<string[]> {
  const { getDocument, VerbosityLevel } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await getDocument({ data: new Uint8Array(data), verbosity: VerbosityLevel.ERRORS }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}
