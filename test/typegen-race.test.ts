import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

// ADR 0307: in the test workers, React Router's type generator never deletes .react-router/types under another
// worker's development server; every other delete still happens.
it("keeps .react-router/types and removes everything else it is asked to", async () => {
  const types = path.resolve(".react-router/types");
  const marker = path.join(types, "typegen-race-marker.txt");
  await fs.mkdir(types, { recursive: true });
  await fs.writeFile(marker, "kept");
  const other = await fs.mkdtemp(path.join(os.tmpdir(), "typegen-race-"));
  try {
    await fs.rm(types, { recursive: true, force: true });
    await fs.rm(other, { recursive: true, force: true });
    expect(existsSync(marker)).toBe(true);
    expect(existsSync(other)).toBe(false);
  } finally {
    await fs.unlink(marker);
  }
});
