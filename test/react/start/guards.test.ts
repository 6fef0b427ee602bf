import { isRedirect } from "@tanstack/react-router"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { ClientUser } from "../../../src/domain/user.js"
import { requireTeamPermission, requireUser } from "../../../src/react/start/guards.js"
import { countsAsSignedIn } from "../../../src/react/start/request-user.js"

const someone = { id: "u1", primaryEmail: "ann@example.com" } as unknown as ClientUser

/** What a guard threw: the redirect's target, or the error itself. */
const thrownBy = async (guard: () => unknown): Promise<string> => {
  try {
    await guard()
  } catch (thrown) {
    if (isRedirect(thrown)) return thrown.options.href ?? "(no href)"
    throw thrown
  }
  return "(passed)"
}

describe("the beforeLoad guards", () => {
  it("send a visitor to sign-in with the page to come back to, and let a user through", async () => {
    const location = { href: "/dashboard?tab=2" }
    expect(await thrownBy(() => requireUser({ snapshot: { user: null }, location }))).toBe(
      "/handler/sign-in?after_auth_return_to=%2Fdashboard%3Ftab%3D2"
    )
    expect(requireUser({ snapshot: { user: someone }, location })).toBe(someone)
    // The app's own handler base and basepath.
    expect(
      await thrownBy(() => requireUser({ snapshot: { user: null }, location, handlerPath: "/auth", basepath: "/app" }))
    ).toBe("/auth/sign-in?after_auth_return_to=%2Fapp%2Fdashboard%3Ftab%3D2")
    // A restricted user finishes their account instead of signing in again.
    expect(await thrownBy(() => requireUser({ snapshot: { user: null, restricted: true }, location }))).toBe(
      "/handler/onboarding"
    )
  })

  it("check a team permission only for a signed-in user, and send a refusal to the denied page", async () => {
    const asked: Array<unknown> = []
    const check = (granted: boolean) => async (request: unknown) => {
      asked.push(request)
      return granted
    }
    const base = { location: { href: "/teams/t1" }, teamId: "t1", permissionId: "$update_team" }
    expect(await thrownBy(() => requireTeamPermission({ ...base, snapshot: { user: null }, check: check(true) }))).toBe(
      "/handler/sign-in?after_auth_return_to=%2Fteams%2Ft1"
    )
    expect(asked).toEqual([])
    expect(await requireTeamPermission({ ...base, snapshot: { user: someone }, check: check(true) })).toBe(someone)
    expect(
      await thrownBy(() =>
        requireTeamPermission({ ...base, snapshot: { user: someone }, check: check(false), deniedUrl: "/teams" })
      )
    ).toBe("/teams")
    expect(
      await thrownBy(() => requireTeamPermission({ ...base, snapshot: { user: someone }, check: check(false) }))
    ).toBe("/")
    expect(asked).toEqual([
      { teamId: "t1", permissionId: "$update_team" },
      { teamId: "t1", permissionId: "$update_team" },
      { teamId: "t1", permissionId: "$update_team" }
    ])
  })
})

describe("who the server counts as signed in", () => {
  it("follows the client's rules: a guest only when anonymous users are accepted, a restricted user when either is", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (isAnonymous, isRestricted, anon, restricted) => {
          const counts = countsAsSignedIn(
            { isAnonymous, isRestricted },
            { allowAnonymousUser: anon, allowRestrictedUser: restricted }
          )
          const expected = isAnonymous ? anon : isRestricted ? anon || restricted : true
          expect(counts).toBe(expected)
        }
      )
    )
  })
})
