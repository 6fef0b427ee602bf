/**
 * Property: whatever template source an administrator writes (random event-handler names and cases, script
 * URLs disguised with references, whitespace and control characters anywhere, deep nesting, long chains,
 * invalid references), neither its preview nor the message mailed from it holds an event-handler attribute
 * or a URL with a scheme other than http, https or mailto, and rendering never crashes: it renders or is
 * refused. (The same over HTTP: test/emulator/routes/hostile-templates.test.ts.)
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
    let rendered = 0
    fc.assert(
      fc.property(hostileTemplateArbitrary, ({ source, link }) => {
        const preview = previewOf(source)
        expectNoActiveContent(preview, "preview")
        expectNoActiveContent(mailOf(source, link), "mail")
        if (preview.ok) rendered++
      }),
      { numRuns: UNIT_RUNS }
    )
    // The generator reaches the sanitizer, not only the limits.
    assert.isAbove(rendered, UNIT_RUNS / 10)
  })
})
