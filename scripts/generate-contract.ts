/**
 * `npm run generate`: writes what derives from the declarations and the entry points: the services' tag
 * modules (src/services/generated/*.ts), their lazily loaded chunk (src/services/live.ts), the root entry's lines that
 * name them (src/exports/services.ts, one category of the root entry src/index.ts), the OpenAPI document (docs/openapi.json) and the API report
 * (docs/api-report.md). `test/contract/generated.test.ts`, `openapi.test.ts` and `test/public-surface.test.ts` fail when
 * one is out of date.
 */
import { writeFileSync } from "node:fs"
import { apiReportFile, apiReportSource } from "./contract/api-report.js"
import { removeStale, serviceTagSources } from "./contract/service-tags.js"
import { openApiFile, openApiSource } from "./contract/openapi.js"

const tags = await serviceTagSources()
removeStale(tags)
for (const [file, text] of tags) writeFileSync(file, text)
console.log(
  `wrote ${tags.size - 3} service tag modules, their member kinds, src/services/live.ts and the service tags of src/exports/services.ts`
)
writeFileSync(openApiFile, await openApiSource())
console.log(`wrote ${openApiFile}`)
writeFileSync(apiReportFile, apiReportSource())
console.log(`wrote ${apiReportFile}`)
