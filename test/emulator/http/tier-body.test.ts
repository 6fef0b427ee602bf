import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { tierBody } from "../../../backend/src/http/tier-body.js"

const request = { method: "PATCH", originalUrl: "/api/v1/things/1" }
const Client = Schema.Struct({ name: Schema.optionalKey(Schema.String) })
const Server = Schema.Struct({
  name: Schema.optionalKey(Schema.String),
  secret: Schema.optionalKey(Schema.String),
  level: Schema.optionalKey(Schema.Number)
})
const schemas = { client: Client, server: Server, serverOnlyFields: ["secret", "level"] }

const decode = (accessType: "client" | "server" | "admin", body: unknown) =>
  Effect.runSyncExit(tierBody({ accessType }, body, request, schemas))

describe("tierBody", () => {
  it("a client naming server-only fields is refused with each of them, whatever else the body holds", () =>
    fc.assert(
      fc.property(fc.subarray(["secret", "level"], { minLength: 1 }), fc.option(fc.string(), { nil: undefined }), (fields, name) => {
        const body = Object.fromEntries([...fields.map((f) => [f, f === "level" ? 1 : "x"]), ...(name === undefined ? [] : [["name", name]])])
        const exit = decode("client", body)
        assert.isTrue(Exit.isFailure(exit))
        const message = Exit.isFailure(exit) ? JSON.stringify(exit.cause) : ""
        for (const field of ["secret", "level"]) {
          assert.strictEqual(message.includes(`body.${field}: only server and admin access may set it`), fields.includes(field))
        }
      })
    ))

  it("the server and admin tiers decode the same body with the server schema", () => {
    for (const tier of ["server", "admin"] as const) {
      assert.deepStrictEqual(decode(tier, { name: "a", secret: "s", level: 2 }), Exit.succeed({ name: "a", secret: "s", level: 2 }))
    }
  })

  it("a client body without server-only fields decodes with the client schema; no body is an empty one", () => {
    assert.deepStrictEqual(decode("client", { name: "a" }), Exit.succeed({ name: "a" }))
    assert.deepStrictEqual(decode("client", undefined), Exit.succeed({}))
  })
})
