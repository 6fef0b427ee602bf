/**
 * Every endpoint declaration of the contract: each `src/contract/*.ts` module exports its group as an object
 * of declarations (`export const TeamsApi = { list: endpoint({...}), ... }`). For the generator and the
 * route table's test.
 */
import { readdirSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import type { EndpointSpec } from "../../src/contract/declaration.js"

const contractDir = join(import.meta.dirname, "..", "..", "src", "contract")

const isDeclaration = (value: unknown): value is EndpointSpec =>
  typeof value === "object" &&
  value !== null &&
  "name" in value &&
  "method" in value &&
  "path" in value &&
  "errors" in value &&
  "success" in value

/** The declarations, in file and declaration order. */
export const allDeclarations = async (): Promise<ReadonlyArray<EndpointSpec>> => {
  const found: Array<EndpointSpec> = []
  for (const file of readdirSync(contractDir)
    .filter((name) => name.endsWith(".ts"))
    .sort()) {
    const module: Record<string, unknown> = await import(pathToFileURL(join(contractDir, file)).href)
    // In export-name order: a module namespace lists its exports sorted, a transformed module may not.
    for (const [, group] of Object.entries(module).sort(([a], [b]) => a.localeCompare(b))) {
      if (typeof group !== "object" || group === null) continue
      for (const value of Object.values(group)) if (isDeclaration(value)) found.push(value)
    }
  }
  return found
}
