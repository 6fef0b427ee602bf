/**
 * `npm run generate`: writes what derives from the declarations, the services' member lists
 * (src/services/generated/member-kinds.ts) and the OpenAPI document (docs/openapi.json).
 * `test/contract/generated.test.ts` fails when either is out of date.
 */
import { writeFileSync } from "node:fs"
import { memberKindsFile, memberKindsSource } from "./contract/member-kinds.js"
import { openApiFile, openApiSource } from "./contract/openapi.js"

writeFileSync(memberKindsFile, await memberKindsSource())
console.log(`wrote ${memberKindsFile}`)
writeFileSync(openApiFile, await openApiSource())
console.log(`wrote ${openApiFile}`)
