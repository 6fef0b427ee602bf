import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { productionModeProblems } from "../../../src/domain/rules/production-mode.js"

type Kind = "ok" | "invalid" | "localhost" | "ip" | "http"
interface Case {
  readonly kind: Kind
  readonly domain: string
}

const scheme = fc.constantFrom("http", "https")
const port = fc.option(
  fc.integer({ min: 1, max: 65535 }).map((p) => `:${p}`),
  { nil: "" }
)
const path = fc.constantFrom("", "/", "/handler", "/a/b?c=d")
const dnsName = fc.domain().filter((d) => !/(^|\.)localhost$/.test(d))

const ok: fc.Arbitrary<Case> = fc
  .tuple(dnsName, port, path)
  .map(([d, p, rest]) => ({ kind: "ok", domain: `https://${d}${p}${rest}` }))
const http: fc.Arbitrary<Case> = fc
  .tuple(dnsName, port, path)
  .map(([d, p, rest]) => ({ kind: "http", domain: `http://${d}${p}${rest}` }))
const localhost: fc.Arbitrary<Case> = fc
  .tuple(
    scheme,
    fc.constantFrom(
      "localhost",
      "LOCALHOST",
      "app.localhost",
      "127.0.0.1",
      "127.255.0.9",
      "[::1]",
      "[0:0:0:0:0:0:0:1]"
    ),
    port,
    path
  )
  .map(([s, h, p, rest]) => ({ kind: "localhost", domain: `${s}://${h}${p}${rest}` }))
const ip: fc.Arbitrary<Case> = fc
  .tuple(
    scheme,
    fc.oneof(
      fc.ipV4().filter((a) => !a.startsWith("127.")),
      fc
        .ipV6()
        .map((a) => `[${a}]`)
        .filter((a) => new URL(`http://${a}`).hostname !== "[::1]")
    ),
    port,
    path
  )
  .map(([s, h, p, rest]) => ({ kind: "ip", domain: `${s}://${h}${p}${rest}` }))
const invalid: fc.Arbitrary<Case> = fc
  .oneof(
    fc.constantFrom(
      "example.com",
      "",
      "https://",
      "https://exa mple.com",
      "://example.com",
      "https://[::1",
      "localhost:3000x"
    ),
    fc.string()
  )
  .filter((s) => !URL.canParse(s))
  .map((domain) => ({ kind: "invalid", domain }))

const anyCase = fc.oneof(ok, http, localhost, ip, invalid)

const expectedMessage = ({ kind, domain }: Case): string | undefined => {
  switch (kind) {
    case "ok":
      return undefined
    case "invalid":
      return `Trusted domain is not a valid URL: ${domain}`
    case "localhost":
      return `Localhost domains are not allowed to be trusted in production mode: ${domain}`
    case "ip":
      return `Direct IPs are not valid for trusted domains in production mode: ${domain}`
    case "http":
      return `Trusted domains should be HTTPS: ${domain}`
  }
}

const ALLOW_LOCALHOST_MESSAGE =
  "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings"

const project = (id: string, allowLocalhost: boolean, cases: ReadonlyArray<Case>) => ({
  id,
  config: { allowLocalhost, domains: cases.map(({ domain }) => ({ domain, handlerPath: "/handler" })) }
})

describe("production-mode checks", () => {
  it("report each rule's message in order, one per bad domain, all linking to the domains page", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.boolean(), fc.array(anyCase, { maxLength: 8 }), (id, allowLocalhost, cases) => {
        const problems = productionModeProblems(project(id, allowLocalhost, cases))
        const expected = [
          ...(allowLocalhost ? [ALLOW_LOCALHOST_MESSAGE] : []),
          ...cases.flatMap((c) => expectedMessage(c) ?? [])
        ]
        assert.deepStrictEqual(
          problems.map((p) => p.message),
          expected
        )
        for (const p of problems) assert.strictEqual(p.relativeFixUrl, `/projects/${id}/domains`)
      })
    )
  })

  it("a project with only HTTPS names and localhost off is ready", () => {
    fc.assert(
      fc.property(fc.array(ok, { maxLength: 5 }), (cases) => {
        assert.deepStrictEqual(productionModeProblems(project("p", false, cases)), [])
      })
    )
  })

  it("uses the hosted service's exact wording", () => {
    const problems = productionModeProblems(
      project("proj-1", true, [
        { kind: "invalid", domain: "example.com" },
        { kind: "localhost", domain: "http://localhost:3000" },
        { kind: "ip", domain: "https://192.168.0.1" },
        { kind: "ip", domain: "https://[2001:db8::1]" },
        { kind: "http", domain: "http://app.example.com" },
        { kind: "ok", domain: "https://app.example.com" }
      ])
    )
    assert.deepStrictEqual(problems, [
      {
        message: "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
        relativeFixUrl: "/projects/proj-1/domains"
      },
      { message: "Trusted domain is not a valid URL: example.com", relativeFixUrl: "/projects/proj-1/domains" },
      {
        message: "Localhost domains are not allowed to be trusted in production mode: http://localhost:3000",
        relativeFixUrl: "/projects/proj-1/domains"
      },
      {
        message: "Direct IPs are not valid for trusted domains in production mode: https://192.168.0.1",
        relativeFixUrl: "/projects/proj-1/domains"
      },
      {
        message: "Direct IPs are not valid for trusted domains in production mode: https://[2001:db8::1]",
        relativeFixUrl: "/projects/proj-1/domains"
      },
      { message: "Trusted domains should be HTTPS: http://app.example.com", relativeFixUrl: "/projects/proj-1/domains" }
    ])
  })

  it("sees through other IPv4 spellings", () => {
    for (const domain of ["https://2130706433", "https://0x7f.1"]) {
      // Both are 127.0.0.1 once parsed: a loopback address, hence localhost.
      assert.match(
        productionModeProblems(project("p", false, [{ kind: "localhost", domain }]))[0]!.message,
        /^Localhost domains/
      )
    }
    assert.match(
      productionModeProblems(project("p", false, [{ kind: "ip", domain: "https://3232235521" }]))[0]!.message,
      /^Direct IPs/
    )
  })
})
