/**
 * The user of a request to a server-rendered app (stackfx/react-start/server), against the local backend:
 * the cookies the browser's store wrote are read and verified, an expired session is refreshed with its new
 * cookies in the answer, the server tier acts for the user, and a sign-out clears the cookies.
 */
import { parseSetCookie } from "cookie"
import * as Effect from "effect/Effect"
import { assert, describe, it } from "vitest"
import { makeStackRequests, type StackStartServerOptions } from "../../src/react/start/request-user.js"
import { StackRequestUser } from "../../src/react/start/request-user.js"
import { makeSharedRefreshes } from "../../src/react/start/shared-refresh.js"
import { tokenSetCookies } from "../../src/services/session/token-store-cookie.js"
import { CurrentUser } from "../../src/services/users/current-user.js"
import { Teams } from "../../src/services/generated/teams.js"
import { useEmulator } from "../support/emulator.js"

const backend = useEmulator()

const options = (): StackStartServerOptions => {
  const project = backend.internal()
  return {
    projectId: project.id,
    publishableClientKey: project.publishableClientKey,
    secretServerKey: project.secretServerKey,
    baseUrl: backend.emulator().url
  }
}

/** The `Cookie` header a browser sends after the cookie store wrote `tokens`. */
const cookieHeader = (tokens: { readonly accessToken: string | null; readonly refreshToken: string | null }) =>
  tokenSetCookies(backend.internal().id, tokens, { secure: false })
    .map((line) => parseSetCookie(line))
    .filter((cookie) => cookie.value !== "")
    .map((cookie) => `${cookie.name}=${encodeURIComponent(cookie.value ?? "")}`)
    .join("; ")

/** A request with `cookie`, and the `Set-Cookie` lines its answer got. */
const request = (cookie: string | null) => {
  const setCookies: Array<string> = []
  return {
    setCookies,
    incoming: {
      headers: new Headers(cookie === null ? {} : { cookie }),
      url: "http://app.test/dashboard",
      setCookie: (line: string) => void setCookies.push(line)
    }
  }
}

const cookiesSet = (lines: ReadonlyArray<string>) =>
  Object.fromEntries(lines.map((line) => parseSetCookie(line)).map((cookie) => [cookie.name, cookie.value ?? ""]))

describe("a server-rendered app's request user", () => {
  it("is nobody without cookies, and the signed-in user (server fields kept from the browser's view) with them", async () => {
    const requests = makeStackRequests(options(), makeSharedRefreshes())
    const visitor = request(null)
    const nobody = await Effect.runPromise(requests.resolve(visitor.incoming))
    assert.strictEqual(nobody.user, null)
    assert.deepStrictEqual(nobody.snapshot, { user: null, restricted: false })
    assert.deepStrictEqual(visitor.setCookies, [])

    const user = await backend.signUp(backend.internal())
    const signedIn = request(cookieHeader(user))
    const stack = await Effect.runPromise(requests.resolve(signedIn.incoming))
    assert.strictEqual(stack.user?.id, user.userId)
    assert.strictEqual(stack.snapshot.user?.primaryEmail, user.email)
    assert.notProperty(stack.snapshot.user ?? {}, "serverMetadata")
    assert.property(stack.user ?? {}, "serverMetadata")
    assert.deepStrictEqual(signedIn.setCookies, [])

    // The server tier acting for the user, and the user as an Effect service.
    const read = await stack.run(
      Effect.gen(function* () {
        const me = yield* (yield* CurrentUser).get
        const { user: requestUser } = yield* StackRequestUser
        return { me: me?.id, requestUser: requestUser?.id }
      })
    )
    assert.deepStrictEqual(read, { me: user.userId, requestUser: user.userId })
  })

  it("refreshes a session whose access token is gone, once for requests that come together, and sets the new cookie", async () => {
    const requests = makeStackRequests(options(), makeSharedRefreshes())
    const user = await backend.signUp(backend.internal())
    const header = cookieHeader({ accessToken: null, refreshToken: user.refreshToken })
    const [first, second] = [request(header), request(header)]
    const [a, b] = await Promise.all([
      Effect.runPromise(requests.resolve(first.incoming)),
      Effect.runPromise(requests.resolve(second.incoming))
    ])
    assert.strictEqual(a.user?.id, user.userId)
    assert.isTrue(a.session?.refreshed)
    // One refresh: both answers set the same new access token (the official SDK's access cookie holds the pair
    // [refresh token, access token]).
    const accessOf = (lines: ReadonlyArray<string>): unknown => {
      const pair: unknown = JSON.parse(cookiesSet(lines)["hexclave-access"] ?? "null")
      return Array.isArray(pair) ? pair[1] : undefined
    }
    const fresh = accessOf(first.setCookies)
    assert.isString(fresh)
    assert.notStrictEqual(fresh, "")
    assert.strictEqual(b.session?.tokens.accessToken, fresh)
    assert.strictEqual(accessOf(second.setCookies), fresh)
  })

  it("reads a restricted user as nobody (the snapshot says restricted) unless the tier accepts them", async () => {
    const project = await backend.createProject()
    const created = await backend.call(project, "POST", "/users", {
      accessType: "server",
      body: { primary_email: `restricted-${Date.now()}@example.test`, restricted_by_admin: true }
    })
    const userId = String(created.body.id)
    const session = await backend.call(project, "POST", "/auth/sessions", {
      accessType: "server",
      body: { user_id: userId }
    })
    const tokens = { accessToken: String(session.body.access_token), refreshToken: String(session.body.refresh_token) }
    const projectOptions = {
      projectId: project.id,
      publishableClientKey: project.publishableClientKey,
      secretServerKey: project.secretServerKey,
      baseUrl: backend.emulator().url
    }
    const header = tokenSetCookies(project.id, tokens, { secure: false })
      .map((line) => parseSetCookie(line))
      .map((cookie) => `${cookie.name}=${encodeURIComponent(cookie.value ?? "")}`)
      .join("; ")
    const strict = await Effect.runPromise(
      makeStackRequests(projectOptions, makeSharedRefreshes()).resolve(request(header).incoming)
    )
    assert.strictEqual(strict.user, null)
    // The session stays: a restricted user keeps their cookies to finish their account.
    assert.strictEqual(strict.session?.userId, userId)
    assert.deepStrictEqual(strict.snapshot, { user: null, restricted: true })
    const accepting = await Effect.runPromise(
      makeStackRequests({ ...projectOptions, allowRestrictedUser: true }, makeSharedRefreshes()).resolve(
        request(header).incoming
      )
    )
    assert.strictEqual(accepting.user?.id, userId)
    assert.isTrue(accepting.snapshot.user?.isRestricted)
  })

  it("checks a team permission for the user, and signs out: the API ends the session and the cookies are cleared", async () => {
    const requests = makeStackRequests(options(), makeSharedRefreshes())
    const user = await backend.signUp(backend.internal())
    const incoming = request(cookieHeader(user))
    const stack = await Effect.runPromise(requests.resolve(incoming.incoming))
    const team = await stack.run(Effect.flatMap(Teams, (teams) => teams.create({ displayName: "Start team" })))
    assert.isTrue(await stack.hasTeamPermission(team.id, "$update_team"))
    assert.isFalse(await stack.hasTeamPermission(team.id, "no-such-permission"))

    await stack.signOut()
    const cleared = incoming.setCookies.map((line) => parseSetCookie(line))
    assert.sameMembers(
      cleared.filter((cookie) => cookie.maxAge === 0).map((cookie) => cookie.name),
      ["hexclave-access", `hexclave-refresh-${backend.internal().id}--default`]
    )
    // The refresh token is dead: a later request with it is a visitor's, and its cookies are cleared too.
    const later = request(cookieHeader({ accessToken: null, refreshToken: user.refreshToken }))
    const after = await Effect.runPromise(requests.resolve(later.incoming))
    assert.strictEqual(after.user, null)
    assert.isTrue(later.setCookies.every((line) => parseSetCookie(line).maxAge === 0))
    assert.isAbove(later.setCookies.length, 0)
  })
})
