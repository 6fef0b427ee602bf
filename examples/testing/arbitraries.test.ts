/**
 * Property tests of the app's own code over the wire entities, generated from stackfx's schemas by the kit.
 */
import { describe, it } from "vitest"
import fc from "fast-check"
import type { ClientUser, KnownError } from "stackfx"
import { fastCheck } from "stackfx-backend/testing/arbitraries"

/** The app's display name for a user: the name, else the address's local part, else "Anonymous". */
const displayNameOf = (user: ClientUser): string => {
  const name = user.displayName?.trim()
  if (name !== undefined && name !== "") return name
  const local = user.primaryEmail?.split("@")[0]?.trim()
  return local !== undefined && local !== "" ? local : "Anonymous"
}

/** The app's banner for a refused call: the error's message, or its code when the message is empty. */
const bannerOf = (error: KnownError): string => (error.message.trim() === "" ? error.code : error.message)

describe("the app's user and error display", () => {
  it("never shows an empty name, whatever the user", () => {
    fc.assert(fc.property(fastCheck.clientUser, (user) => displayNameOf(user).trim().length > 0))
  })

  it("shows the user's own name when they have one", () => {
    fc.assert(
      fc.property(
        fastCheck.clientUser,
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""),
        (user, name) => displayNameOf({ ...user, displayName: name }) === name.trim()
      )
    )
  })

  it("never shows an empty banner, whatever the known error", () => {
    fc.assert(fc.property(fastCheck.knownError, (error) => bannerOf(error).length > 0))
  })
})
