/** The installed PGlite version: a template made by another version is not reused. */
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"

const require = createRequire(import.meta.url)

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

// The package does not export its package.json, so walk up from its entry point.
const read = (): string => {
  let dir = dirname(require.resolve("@electric-sql/pglite"))
  for (let depth = 0; depth < 5; depth++) {
    const manifest = join(dir, "package.json")
    if (existsSync(manifest)) {
      const parsed = parseJson(readFileSync(manifest, "utf8"))
      if (typeof parsed === "object" && parsed !== null && "name" in parsed && parsed.name === "@electric-sql/pglite") {
        return "version" in parsed && typeof parsed.version === "string" ? parsed.version : "unknown"
      }
    }
    dir = dirname(dir)
  }
  return "unknown"
}

export const version: string = read()
