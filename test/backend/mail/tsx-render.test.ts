import { describe, expect, it } from "vitest"
import { defaultTemplates, newTemplateSource } from "../../../backend/src/mail/default-templates.js"
import { jsxText } from "../../../backend/src/mail/tsx/jsx-text.js"
import { type RenderInput, renderTemplate } from "../../../backend/src/mail/tsx/render.js"

const input: RenderInput = { user: { displayName: "Ada" }, project: { displayName: "Demo" }, variables: {} }

const template = (jsx: string, extra = "") => `
import { Subject } from "@stackframe/emails"
${extra}
export function EmailTemplate({ user, project, variables }: Props) {
  return (
    ${jsx}
  )
}`

const render = (src: string, over: Partial<RenderInput> = {}) => renderTemplate(src, { ...input, ...over })
const ok = (src: string, over: Partial<RenderInput> = {}) => {
  const result = render(src, over)
  if (!result.ok) expect.fail(result.error)
  return result.value
}
const error = (src: string, over: Partial<RenderInput> = {}) => {
  const result = render(src, over)
  if (result.ok) return expect.fail(`rendered: ${result.value.html}`)
  return result.error
}
const body = (html: string) => /<div style="max-width[^"]*">([\s\S]*)<\/div><\/body>/.exec(html)?.[1]

describe("the TSX subset", () => {
  it("renders every default template with its preview values, subject and category", () => {
    for (const [type, t] of Object.entries(defaultTemplates)) {
      const r = ok(t.tsxSource, { preview: true })
      expect(r.subject, type).toBeTruthy()
      expect(r.notificationCategory, type).toBe("Transactional")
      expect(r.text, type).toContain("Hi, Ada!")
    }
    expect(ok(newTemplateSource, { preview: true }).subject).toBe("Hello Ada!")
  })

  it("follows JSX whitespace rules and expressions", () => {
    const r = ok(
      template(`<>
      <Subject value={"Hi " + user.displayName + (project.displayName ? " at " + project.displayName : "")} />
      <p className="greeting">
        Hi{user.displayName ? ", " + user.displayName : ""}!
        Welcome{' '}
        <b>back</b>
      </p>
      {variables.missing && <p>never</p>}
      {user.displayName === "Ada" ? <i>{\`yes \${1 + 2}\`}</i> : null}
    </>`)
    )
    expect(r.subject).toBe("Hi Ada at Demo")
    expect(body(r.html)).toBe(`<p class="greeting">Hi, Ada! Welcome <b>back</b></p><i>yes 3</i>`)
    expect(jsxText("\n   a  \n\n   b\n  ")).toBe("a b")
    expect(jsxText(" ")).toBe(" ")
  })

  it("maps React Email components and styles to HTML", () => {
    const r = ok(
      template(`<Section style={{ padding: 4, lineHeight: 1.5, color: "red" }}>
      <Heading as="h2">Title</Heading><Text>Body</Text><Button href="https://x.test/?a=1&amp;b=2">Go</Button><Hr /><Tailwind><span>t</span></Tailwind>
    </Section>`)
    )
    expect(body(r.html)).toBe(
      `<div style="padding:4px;line-height:1.5;color:red"><h2>Title</h2><p>Body</p><a href="https://x.test/?a=1&amp;b=2">Go</a><hr/><span>t</span></div>`
    )
  })

  it("escapes every value and never emits active content", () => {
    const r = ok(
      template(
        `<a href={variables.link} onClick={variables.link}>{variables.name}</a>`,
        "export const variablesSchema = v => v"
      ),
      {
        variables: { link: "javascript:alert(1)", name: "<img src=x onerror=alert(1)>" }
      }
    )
    expect(body(r.html)).toBe("<a>&lt;img src=x onerror=alert(1)&gt;</a>")
    expect(error(template(`<script>alert(1)</script>`))).toContain("<script>")
    expect(error(template(`<div dangerouslySetInnerHTML={{ __html: "<b>x</b>" }} />`))).toContain(
      "dangerouslySetInnerHTML"
    )
    expect(error(template(`<iframe src="https://x.test" />`))).toContain("<iframe>")
  })

  it("checks variables against an arktype schema and drops undeclared ones", () => {
    const src = template(
      `<p>{variables.link}|{variables.extra}</p>`,
      `export const variablesSchema = type({ link: "string", "note?": "string" })`
    )
    expect(error(src)).toBe("link must be a string (was missing)")
    expect(error(src, { variables: { link: 3 } })).toBe("link must be a string (was number)")
    expect(body(ok(src, { variables: { link: "L", extra: "E" } }).html)).toBe("<p>L|</p>")
    // Without a variablesSchema export the template gets no variables, as on the service.
    expect(body(ok(template(`<p>{variables.link}</p>`), { variables: { link: "L" } }).html)).toBe("<p></p>")
  })

  it("refuses, with a clear message, what it cannot render", () => {
    expect(error("export const x = 1")).toContain("exports no function EmailTemplate")
    expect(error(`export function EmailTemplate() { const a = 1; return <p/> }`)).toContain("single return statement")
    expect(error(template(`<p>{variables.list.map((x) => x)}</p>`))).toContain("function calls are not supported")
    expect(error(template(`<Fancy />`))).toContain("<Fancy>")
    expect(error(template(`<p>{secret}</p>`))).toContain("secret is not defined")
    expect(error(template(`<p>{variables.a.b}</p>`))).toContain("Cannot read properties of undefined (reading 'b')")
    expect(error(template(`<p>unclosed`))).toContain("never closed")
    expect(error(template(`<p>{{ a: 1 }}</p>`))).toBe("Objects are not valid as a React child")
    // A hostile nesting depth is refused instead of exhausting the stack.
    expect(error(template("<b>".repeat(5000) + "</b>".repeat(5000)))).toContain("nests too deeply")
  })
})

describe("email themes", () => {
  const src = template(`<><Subject value="Hi" /><p>Body</p></>`)
  it("frames a message in the selected built-in theme's colours, the light one by default", () => {
    const dark = ok(src, { themeId: "a0172b5d-cff0-463b-83bb-85124697373a" }).html
    expect(dark).toContain("background:#323232")
    expect(dark).toContain("background:#000000")
    const colorful = ok(src, { themeId: "c7e2d94f-8a1b-4e6d-b3f5-9d0a2e7c1b8f" }).html
    expect(colorful).toContain("border-top:4px solid #7c5ce0")
    for (const themeId of [undefined, "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac", "not-a-theme"]) {
      const html = ok(src, { themeId }).html
      expect(html).toContain("background:#fafbfb")
      expect(body(html)).toBe("<p>Body</p>")
    }
  })
})
