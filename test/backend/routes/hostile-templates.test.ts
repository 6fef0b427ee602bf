/**
 * Property, over HTTP: whatever hostile template source an administrator sends (the generators of
 * test/backend/mail/hostile-template-arbitrary.ts), every answer to `PATCH /internal/email-templates/{id}`
 * is a 2xx or a 4xx, and a preview it answers holds no event-handler attribute and no script URL.
 */
import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { beforeAll } from "vitest"
import { useKitBackend } from "../../support/local-backend.js"
import { templateProject } from "../../support/template-project.js"
import { activeContent } from "../mail/active-content.js"
import { hostileTemplateArbitrary } from "../mail/hostile-template-arbitrary.js"

const backend = useKitBackend()

// Each run is one request with a source of up to ~40 kB; the renderer's own property test runs more cases.
const HTTP_RUNS = 25

describe("PATCH /internal/email-templates/{id}, hostile sources", () => {
  let fixture: Awaited<ReturnType<typeof templateProject>> | undefined

  beforeAll(async () => {
    fixture = await templateProject(backend)
  })

  it(
    "answers every PATCH with a 2xx or a 4xx, and a preview without active content",
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(hostileTemplateArbitrary, async ({ source }) => {
          if (fixture === undefined) throw new Error("the fixture is not ready")
          const answer = await backend.call(
            fixture.project,
            "PATCH",
            `/internal/email-templates/${fixture.templateId}`,
            {
              accessType: "admin",
              body: { tsx_source: source }
            }
          )
          assert.isAtLeast(answer.status, 200, answer.text.slice(0, 300))
          assert.isBelow(answer.status, 500, answer.text.slice(0, 300))
          if (answer.status < 300) assert.deepStrictEqual(activeContent(answer.body.rendered_html), [])
        }),
        { numRuns: HTTP_RUNS }
      )
    }
  )
})
