/**
 * The invitation a client sends (`TeamInvitationSendCode`) is a checked call input: an e-mail address, a team
 * id and an absolute callback URL. Valid ones survive the wire both ways; invalid ones are refused before
 * anything is sent. (The generic wire-schema properties generate from the schema, which its checks starve.)
 */
import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { TeamInvitationSendCode } from "../../src/domain/team-invitation.js"

const valid = fc.record({
  email: fc.emailAddress().map((email) => email.toLowerCase()),
  teamId: fc.string({ minLength: 1, maxLength: 40 }),
  callbackUrl: fc.webUrl()
})

describe("TeamInvitationSendCode", () => {
  it("a valid invitation survives encode and decode, through a JSON body, with snake_case keys", () => {
    fc.assert(
      fc.property(valid, (invitation) => {
        const wire = Schema.encodeSync(TeamInvitationSendCode)(invitation)
        assert.deepStrictEqual(Object.keys(wire).sort(), ["callback_url", "email", "team_id"])
        assert.deepStrictEqual(
          Schema.decodeUnknownSync(TeamInvitationSendCode)(JSON.parse(JSON.stringify(wire))),
          invitation
        )
      })
    )
  })

  it("refuses an address that is not one, an empty team id and a relative callback URL", () => {
    fc.assert(
      fc.property(valid, fc.constantFrom("email", "teamId", "callbackUrl"), (invitation, broken) => {
        const bad = {
          ...invitation,
          [broken]: broken === "callbackUrl" ? "/handler/team-invitation" : broken === "email" ? "not an address" : ""
        }
        assert.isTrue(Schema.encodeResult(TeamInvitationSendCode)(bad)._tag === "Failure")
      })
    )
  })
})
