/**
 * The template sanitizer (`backend/src/mail/tsx/sanitize.ts`) on both surfaces a template reaches, the
 * preview of an update and the mailed message: no event-handler attribute, whatever its case, and no URL
 * attribute whose scheme is not http, https or mailto, however the scheme is disguised (character
 * references, tabs and newlines inside it, control characters and spaces before it).
 */
import { assert, describe, it } from "@effect/vitest"
import { keepsAttribute, urlScheme } from "../../../backend/src/mail/tsx/sanitize.js"
import { activeContent } from "./active-content.js"
import { hostileTemplate, mailOf, previewOf, type Surface } from "./surfaces.js"

const html = (surface: Surface, label: string): string => {
  if (!surface.ok) return assert.fail(`${label} was refused: ${surface.refusal}`)
  return surface.html
}

/** The preview and the mail of one template, both rendered, neither with active content. */
const bothClean = (jsx: string, link?: string): ReadonlyArray<string> =>
  [
    ["preview", previewOf(hostileTemplate(jsx, link))],
    ["mail", mailOf(hostileTemplate(jsx, link), link)]
  ].map(([label, surface]) => {
    const out = html(surface as Surface, label as string)
    assert.deepStrictEqual(activeContent(out), [], `${label}: ${out}`)
    return out
  })

describe("event-handler attributes", () => {
  it("drops every attribute whose name starts with on, whatever its case, in the preview and the mail", () => {
    for (const out of bothClean(`
      <img src="https://example.test/logo.png" onerror="alert(1)" alt="logo" />
      <a href="https://example.test/" onclick="alert(2)">x</a>
      <p ONMOUSEOVER="alert(3)" OnMouseOut={"alert(4)"}>y</p>
      <div tabIndex="0" autoFocus onfocus="alert(5)">z</div>
      <span onClick={variables.emailVerificationLink}>w</span>
    `)) {
      assert.notMatch(out, /\son/i)
      // What is not a handler stays.
      assert.include(out, `<img src="https://example.test/logo.png" alt="logo"/>`)
      assert.include(out, `<div tabIndex="0" autoFocus="">z</div>`)
    }
  })

  it("tells handlers from other attributes by the name alone", () => {
    for (const name of ["onerror", "ONLOAD", "onClick", "oNfOcUs", "on", "on-x"]) {
      assert.isFalse(keepsAttribute(name, "x"), name)
    }
    for (const name of ["title", "alt", "data-on", "con"]) assert.isTrue(keepsAttribute(name, "x"), name)
  })
})

describe("style attributes", () => {
  it("drops a style that could run script in an older mail client, keeps an ordinary one", () => {
    for (const out of bothClean(`
      <p style="color: red; background: url(JAVA&#x09;SCRIPT:alert(1))">a</p>
      <p style={{ width: "expression(alert(1))" }}>b</p>
      <p style="-moz-binding: url(https://example.test/x.xml#x)">c</p>
      <p style={{ color: "blue", padding: 4 }}>d</p>
    `)) {
      assert.include(out, `<p>a</p><p>b</p><p>c</p><p style="color:blue;padding:4px">d</p>`)
    }
  })
})

describe("URL attributes", () => {
  const disguised: ReadonlyArray<string> = [
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "java\r\nscript:alert(1)",
    "\u0001javascript:alert(1)",
    "\u0000 \u001fjavascript:alert(1)",
    "jav&#x09;ascript:alert(1)",
    "jav&#9ascript:alert(1)",
    "javascript&colon;alert(1)",
    "&#106;avascript:alert(1)",
    "&amp;#106;avascript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "file:///etc/passwd",
    "tel:+100"
  ]

  it("reads a scheme as a browser does, then stricter", () => {
    for (const value of disguised) assert.notInclude([null, "http", "https", "mailto"], urlScheme(value), value)
    assert.strictEqual(urlScheme("https://example.test/?a=1&amp;b=2"), "https")
    assert.strictEqual(urlScheme("MAILTO:a@example.test"), "mailto")
    assert.isNull(urlScheme("/relative/path:x"))
    assert.isNull(urlScheme("#top"))
  })

  it("drops a disguised script URL written in the template, in the preview and the mail", () => {
    for (const value of disguised) {
      // As JSX text (entities decoded by the parser) and as an expression (escapes decoded).
      const literal = `<a href="${value.replace(/"/g, "&quot;")}">a</a><img src={${JSON.stringify(value)}} />`
      for (const out of bothClean(
        `${literal}<table background={${JSON.stringify(value)}}><tr><td>t</td></tr></table>`
      )) {
        assert.notInclude(out, "href=", value)
        assert.notInclude(out, "src=", value)
        assert.notInclude(out, "background=", value)
      }
    }
  })

  it("drops a script URL that arrives in a variable, in the preview and the mail", () => {
    for (const link of ["java\nscript:alert(1)", "\u0001javascript:alert(1)", " javascript:alert(1)"]) {
      for (const out of bothClean(`<a href={variables.emailVerificationLink}>verify</a>`, link)) {
        assert.include(out, "<a>verify</a>")
      }
    }
  })

  it("keeps http, https, mailto and relative links, and checks every URL of a srcset", () => {
    for (const out of bothClean(`
      <a href="https://example.test/a?b=1&amp;c=2">1</a>
      <a href="http://localhost:3000/handler">2</a>
      <a href="mailto:help@example.test">3</a>
      <a href="#top">4</a>
      <img srcset="https://example.test/a.png 1x, javascript:alert(1) 2x" />
      <img srcset="https://example.test/a.png 1x, /b.png 2x" />
    `)) {
      assert.include(out, `href="https://example.test/a?b=1&amp;c=2"`)
      assert.include(out, `href="http://localhost:3000/handler"`)
      assert.include(out, `href="mailto:help@example.test"`)
      assert.include(out, `href="#top"`)
      assert.include(out, `<img/>`)
      assert.include(out, `<img srcset="https://example.test/a.png 1x, /b.png 2x"/>`)
    }
  })
})
