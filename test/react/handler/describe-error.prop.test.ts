import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { describeError, domainsFixUrl } from "../../../src/react/handler/describe-error.js"

const RUNS = { numRuns: 200 }
const DOMAIN_TAGS = ["RedirectUrlNotWhitelisted", "RedirectNotTrusted"]
const FRIENDLIER_TAGS = [
  "VerificationCodeNotFound",
  "VerificationCodeExpired",
  "VerificationCodeAlreadyUsed",
  "VerificationCodeMaxAttemptsReached",
  "NetworkError"
]

const where = fc.record({
  projectId: fc.string({ minLength: 1 }),
  dashboardUrl: fc.webUrl({ withQueryParameters: false, withFragments: false })
})
const tag = fc.oneof(fc.constantFrom(...DOMAIN_TAGS, ...FRIENDLIER_TAGS, "Defect"), fc.string())
const anyError = fc.oneof(
  fc.anything(),
  fc.record({ _tag: tag, message: fc.string() }),
  // Tags that name members of Object.prototype.
  fc.record({
    _tag: fc.constantFrom("toString", "valueOf", "constructor", "__proto__", "hasOwnProperty"),
    message: fc.string()
  }),
  fc.record({ _tag: tag }),
  fc.record({ message: fc.string() })
)

describe("describeError (properties)", () => {
  it("always says a non-empty sentence, ending like one", () => {
    fc.assert(
      fc.property(anyError, where, (error, at) => {
        const { message } = describeError(error, at)
        assert.isAbove(message.length, 0)
        assert.match(message, /[.!?]$/)
      }),
      RUNS
    )
  })

  it("offers the fix link exactly for the two untrusted-URL failures, on the project's domains page", () => {
    fc.assert(
      fc.property(tag, fc.string(), where, (t, message, at) => {
        const described = describeError({ _tag: t, message }, at)
        if (DOMAIN_TAGS.includes(t)) assert.strictEqual(described.fixUrl, domainsFixUrl(at.dashboardUrl, at.projectId))
        else assert.isUndefined(described.fixUrl)
      }),
      RUNS
    )
  })

  it("shows an error's own message, with a full stop added only when it lacks an ending", () => {
    const own = fc.string({ minLength: 1 }).filter((s) => s.trim() !== "")
    const plainTag = fc.string().filter((t) => t !== "Defect" && !FRIENDLIER_TAGS.includes(t))
    fc.assert(
      fc.property(plainTag, own, where, (t, message, at) => {
        const shown = describeError({ _tag: t, message }, at).message
        assert.strictEqual(shown, /[.!?]$/.test(message) ? message : `${message}.`)
      }),
      RUNS
    )
  })

  it("never shows a defect's insides", () => {
    fc.assert(
      fc.property(fc.anything(), where, (cause, at) => {
        assert.deepStrictEqual(describeError({ _tag: "Defect", cause, message: "internal detail" }, at), {
          message: "Something went wrong. Please try again."
        })
      }),
      RUNS
    )
  })
})

describe("domainsFixUrl (properties)", () => {
  it("ignores trailing slashes of the dashboard URL and carries the project id as one path segment", () => {
    fc.assert(
      fc.property(where, fc.nat({ max: 3 }), (at, slashes) => {
        const base = at.dashboardUrl.replace(/\/+$/, "")
        const url = domainsFixUrl(base + "/".repeat(slashes), at.projectId)
        assert.strictEqual(url, domainsFixUrl(base, at.projectId))
        assert.isTrue(url.startsWith(`${base}/projects/`), url)
        assert.isTrue(url.endsWith("/domains"), url)
        // Read as a string: a URL parser would fold an id of "." or ".." away as a dot segment.
        const segment = url.slice(`${base}/projects/`.length, -"/domains".length)
        assert.notInclude(segment, "/")
        assert.strictEqual(decodeURIComponent(segment), at.projectId)
      }),
      RUNS
    )
  })
})
