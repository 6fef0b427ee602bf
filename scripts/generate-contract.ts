/**
 * `npm run generate`: writes what derives from the declarations and the entry points: the services' member
 * lists (src/services/generated/member-kinds.ts), the OpenAPI document (docs/openapi.json) and the API report
 * (docs/api-report.md). `test/contract/generated.test.ts`, `openapi.test.ts` and `test/public-surface.test.ts` fail when
 * one is out of date.
 */
import { writeFileSync } from "node:fs"
import { apiReportFile, apiReportSource } from "./contract/api-report.js"
import { memberKindsFile, memberKindsSource } from "./contract/member-kinds.js"
import { openApiFile, openApiSource } from "./contract/openapi.js"

writeFileSync(memberKindsFile, await memberKindsSource())
console.log(`wrote ${memberKindsFile}`)
writeFileSync(openApiFile, await openApiSource())
console.log(`wrote ${openApiFile}`)
writeFileSync(apiReportFile, apiReportSource())
console.log(`wrote ${apiReportFile}`)
