/**
 * Sources built to crash or stall a renderer, sent as an attacker would, over HTTP: every one is refused
 * with a 400 that names the limit it passes (`backend/src/mail/tsx/limits.ts`), never a 500, and nothing is
 * stored. A character reference past Unicode is the request's SCHEMA_ERROR; a config override nested
 * 30,000 deep is a plain 400 naming its limit.
 */
import { assert, describe, it } from "@effect/vitest"
import { beforeAll } from "vitest"
import { MAX_NESTING, MAX_OUTPUT_CHARS, MAX_SOURCE_CHARS, MAX_STEPS } from "../../../backend/src/mail/tsx/limits.js"
import { MAX_OVERRIDE_DEPTH } from "../../../backend/src/operations/config/override-parsing.js"
import { expectStatus, type TestProject, useKitBackend } from "../../support/local-backend.js"
import { templateProject } from "../../support/template-project.js"
import { hostileTemplate } from "../mail/surfaces.js"

const backend = useKitBackend()

let fixture: Awaited<ReturnType<typeof templateProject>> | undefined

beforeAll(async () => {
  fixture = await templateProject(backend)
})

const project = (): TestProject => {
  if (fixture === undefined) throw new Error("the fixture is not ready")
  return fixture.project
}

const patchTemplate = (tsxSource: string) =>
  backend.call(project(), "PATCH", `/internal/email-templates/${fixture?.templateId}`, {
    accessType: "admin",
    body: { tsx_source: tsxSource }
  })

const storedSource = async (): Promise<string> => {
  const list = expectStatus(
    await backend.call(project(), "GET", "/internal/email-templates", { accessType: "admin" }),
    200
  )
  return (list.body.templates as Array<{ id: string; tsx_source: string }>).find((t) => t.id === fixture?.templateId)
    ?.tsx_source as string
}

/** PATCHes `source` and expects EMAIL_RENDERING_ERROR whose message names `limit`; the stored source is kept. */
const expectLimit = async (source: string, limit: RegExp) => {
  const before = await storedSource()
  const answer = await patchTemplate(source)
  assert.strictEqual(answer.status, 400, answer.text.slice(0, 300))
  assert.strictEqual(answer.knownError, "EMAIL_RENDERING_ERROR", answer.text.slice(0, 300))
  assert.match(answer.body.details.error, limit)
  assert.strictEqual(await storedSource(), before)
}

const sourceLimit = new RegExp(`at most ${MAX_SOURCE_CHARS} characters`)
const nestingLimit = new RegExp(`more than ${MAX_NESTING} levels`)
const outputLimit = new RegExp(`longer than ${MAX_OUTPUT_CHARS} characters`)
const stepLimit = new RegExp(`more than ${MAX_STEPS} steps`)

describe("PATCH /internal/email-templates/{id}: pathological sources", () => {
  it("renders an ordinary template (the fixture works)", async () => {
    const answer = expectStatus(await patchTemplate(hostileTemplate(`<p>{variables.emailVerificationLink}</p>`)), 200)
    assert.include(answer.body.rendered_html, "<p>https://example.test/verify</p>")
  })

  it("refuses a source past the size limit: 200,000 !, a 60,000-term chain, 30,000 uses of a 300 kB value", async () => {
    await expectLimit(hostileTemplate(`<p>{${"!".repeat(200_000)}true}</p>`), sourceLimit)
    await expectLimit(hostileTemplate(`<p>{${"1 + ".repeat(60_000)}1}</p>`), sourceLimit)
    await expectLimit(hostileTemplate(`<p>{${"1 && ".repeat(60_000)}1}</p>`), sourceLimit)
    await expectLimit(
      hostileTemplate(`{variables.x}`.repeat(30_000), undefined, { x: "x".repeat(300_000) }),
      sourceLimit
    )
  })

  it("refuses nesting past the limit: ! runs, + and && chains, member chains, elements", async () => {
    await expectLimit(hostileTemplate(`<p>{${"!".repeat(50_000)}true}</p>`), nestingLimit)
    await expectLimit(hostileTemplate(`<p>{${"1 + ".repeat(20_000)}1}</p>`), nestingLimit)
    await expectLimit(hostileTemplate(`<p>{${"true && ".repeat(10_000)}1}</p>`), nestingLimit)
    await expectLimit(hostileTemplate(`<p>{variables${".a".repeat(40_000)}}</p>`), nestingLimit)
    await expectLimit(hostileTemplate(`<p>{variables${"?.a".repeat(20_000)}}</p>`), nestingLimit)
    await expectLimit(hostileTemplate(`${"<b>".repeat(5_000)}${"</b>".repeat(5_000)}`), nestingLimit)
    await expectLimit(hostileTemplate(`<p>{${"(".repeat(10_000)}1${")".repeat(10_000)}}</p>`), nestingLimit)
  })

  it("refuses a render past the output limit (a 52 kB source that made 5 MB)", async () => {
    const source = hostileTemplate(`{variables.y}`.repeat(3_000), undefined, { y: "y".repeat(10_000) })
    assert.isBelow(source.length, 60_000)
    await expectLimit(source, outputLimit)
  })

  it("refuses a render past the step budget, though its output is small", async () => {
    // Each + builds a string up to 750,000 characters long that the comparison then throws away.
    const chain = Array.from({ length: 150 }, () => "variables.emailVerificationLink").join(" + ")
    await expectLimit(hostileTemplate(`<p>{${chain} === "" ? "a" : "b"}</p>`, "z".repeat(5_000)), stepLimit)
  })

  it("answers a character reference past Unicode with SCHEMA_ERROR on body.tsx_source", async () => {
    for (const entity of ["&#x110000;", "&#99999999;", "&#xFFFFFFFFFFFF;"]) {
      for (const source of [hostileTemplate(`<p>a ${entity} b</p>`), hostileTemplate(`<a title="${entity}">a</a>`)]) {
        const answer = await patchTemplate(source)
        assert.strictEqual(answer.status, 400, answer.text)
        assert.strictEqual(answer.knownError, "SCHEMA_ERROR", answer.text)
        assert.include(answer.body.details.message, `body.tsx_source: ${entity} is not a character`)
      }
    }
    // The largest code point is a character.
    expectStatus(await patchTemplate(hostileTemplate(`<p>&#x10FFFF;</p>`)), 200)
  })
})

describe("PATCH /internal/config/override/{level}: a string nested 30,000 deep", () => {
  it("is a plain 400 naming the nesting limit, for PATCH and PUT, and nothing is stored", async () => {
    const deep = `${'{"auth":'.repeat(30_000)}true${"}".repeat(30_000)}`
    const before = expectStatus(
      await backend.call(project(), "GET", "/internal/config/override/branch", { accessType: "admin" }),
      200
    )
    for (const [method, body] of [
      ["PATCH", { config_override_string: deep }],
      ["PUT", { config_string: deep, source: { type: "unlinked" } }]
    ] as const) {
      const answer = await backend.call(project(), method, "/internal/config/override/branch", {
        accessType: "admin",
        body
      })
      assert.strictEqual(answer.status, 400, answer.text.slice(0, 300))
      assert.strictEqual(answer.knownError, null)
      assert.include(answer.text, `nests deeper than ${MAX_OVERRIDE_DEPTH} levels`)
    }
    const after = expectStatus(
      await backend.call(project(), "GET", "/internal/config/override/branch", { accessType: "admin" }),
      200
    )
    assert.deepStrictEqual(after.body, before.body)
    // A real override still merges.
    expectStatus(
      await backend.call(project(), "PATCH", "/internal/config/override/branch", {
        accessType: "admin",
        body: { config_override_string: JSON.stringify({ auth: { allowSignUp: false } }) }
      }),
      200
    )
  })
})
