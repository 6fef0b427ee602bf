/**
 * Property: whatever template source an administrator writes (random event-handler names and cases, script
 * URLs disguised with references, whitespace and control characters anywhere, deep nesting, long chains,
 * invalid references), neither its preview nor the message mailed from it holds an event-handler attribute
 * or a URL with a scheme other than http, https or mailto, and rendering never crashes: it renders or is
 * refused. (The same over HTTP: test/backend/routes/hostile-templates.test.ts.)
 */
import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { activeContent } from "./active-content.js"
import { hostileTemplateArbitrary } from "./hostile-template-arbitrary.js"
import { mailOf, previewOf, type Surface } from "./surfaces.js"

// Each run renders a source of up to ~40 kB twice; 200 runs take about half a second.
const UNIT_RUNS = 200

const expectNoActiveContent = (surface: Surface, label: string) => {
  if (surface.ok) assert.deepStrictEqual(activeContent(surface.html), [], `${label}: ${surface.html.slice(0, 2000)}`)
}

describe("hostile template sources", () => {
  it("never put a handler or a script URL into a preview or a mail, and never crash the renderer", () => {
    let previews = 0
    let mails = 0
    fc.assert(
      fc.property(hostileTemplateArbitrary, ({ source, link }) => {
        const preview = previewOf(source)
        expectNoActiveContent(preview, "preview")
        // A message's link is its callback URL with the code: one no URL parser reads is refused before any
        // rendering, so the template's own attributes are then mailed with an ordinary link.
        const mail = mailOf(source, URL.canParse(link) ? link : undefined)
        expectNoActiveContent(mail, "mail")
        if (preview.ok) previews++
        if (mail.ok) mails++
      }),
      { numRuns: UNIT_RUNS }
    )
    // The generator reaches the sanitizer on both surfaces, not only the limits (about a third renders).
    assert.isAbove(previews, UNIT_RUNS / 10)
    assert.isAbove(mails, UNIT_RUNS / 10)
  })
})
