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
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { Teams } from "../../src/services/generated/teams.js"
import {
  activeSessionsQuery,
  contactChannelsQuery,
  notificationPreferencesQuery,
  oauthProvidersQuery,
  restrictedUserQuery,
  teamsQuery
} from "../../src/react/queries.js"
import { useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()

const options = (): StackStartServerOptions => {
  const project = backend.internal()
  return {
    projectId: project.id,
    publishableClientKey: project.publishableClientKey,
    secretServerKey: project.secretServerKey,
    baseUrl: backend.localBackend().url
  }
}

/** The `Cookie` header a browser sends after the cookie store wrote `tokens`. */
const cookieHeader = (tokens: { readonly accessToken: string | null; readonly refreshToken: string | null }) =>
  tokenSetCookies(backend.internal().id, tokens, { secure: false })
    .map((line) => parseSetCookie(line))
    .filter((cookie) => cookie.value !== "")
    .map((cookie) => `${cookie.name}=${encodeURIComponent(cookie.value ?? "")}`)
    .join("; ")

/** A request with `cookie` (and `headers`), and the `Set-Cookie` lines its answer got. */
const request = (cookie: string | null, headers: Record<string, string> = {}, url = "http://app.test/dashboard") => {
  const setCookies: Array<string> = []
  return {
    setCookies,
    incoming: {
      headers: new Headers(cookie === null ? headers : { ...headers, cookie }),
      url,
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
    assert.strictEqual(await nobody.user(), null)
    assert.strictEqual(nobody.sessionUser, null)
    const { project, ...visitorSnapshot } = await nobody.snapshot()
    assert.deepStrictEqual(visitorSnapshot, { user: null, restricted: false })
    // The project as the browser's client tier reads it, so the handler pages need not ask for it.
    assert.strictEqual(project?.id, backend.internal().id)
    assert.isBoolean(project?.config.signUpEnabled)
    assert.deepStrictEqual(visitor.setCookies, [])

    const user = await backend.signUp(backend.internal())
    const signedIn = request(cookieHeader(user))
    const stack = await Effect.runPromise(requests.resolve(signedIn.incoming))
    // The session from the verified token: who they are, with no request.
    assert.strictEqual(stack.sessionUser?.id, user.userId)
    assert.strictEqual(stack.sessionUser?.primaryEmail, user.email)
    const full = await stack.user()
    assert.strictEqual(full?.id, user.userId)
    const snapshot = await stack.snapshot()
    assert.strictEqual(snapshot.user?.primaryEmail, user.email)
    assert.notProperty(snapshot.user ?? {}, "serverMetadata")
    assert.property(full ?? {}, "serverMetadata")
    assert.deepStrictEqual(signedIn.setCookies, [])

    // The server tier acting for the user, and the user as an Effect service.
    const read = await stack.run(
      Effect.gen(function* () {
        const me = yield* (yield* CurrentUser).get
        const requestUser = yield* (yield* StackRequestUser).user
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
    assert.strictEqual(a.sessionUser?.id, user.userId)
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
      baseUrl: backend.localBackend().url
    }
    const header = tokenSetCookies(project.id, tokens, { secure: false })
      .map((line) => parseSetCookie(line))
      .map((cookie) => `${cookie.name}=${encodeURIComponent(cookie.value ?? "")}`)
      .join("; ")
    const strict = await Effect.runPromise(
      makeStackRequests(projectOptions, makeSharedRefreshes()).resolve(request(header).incoming)
    )
    assert.strictEqual(await strict.user(), null)
    assert.strictEqual(strict.sessionUser, null)
    // The session stays: a restricted user keeps their cookies to finish their account.
    assert.strictEqual(strict.session?.userId, userId)
    assert.deepStrictEqual(
      { ...(await strict.snapshot()), project: undefined },
      { user: null, restricted: true, project: undefined }
    )
    // The onboarding page, which shows them who they are, gets the restricted user with the page.
    const onboarding = await strict.handlerPageData("onboarding")
    assert.isTrue(onboarding.signedIn)
    assert.deepStrictEqual(
      onboarding.seeds.map((seed) => [seed.key, (seed.value as { readonly id?: string } | null)?.id]),
      [[restrictedUserQuery.key, userId]]
    )
    const accepting = await Effect.runPromise(
      makeStackRequests({ ...projectOptions, allowRestrictedUser: true }, makeSharedRefreshes()).resolve(
        request(header).incoming
      )
    )
    assert.strictEqual((await accepting.user())?.id, userId)
    assert.isTrue(accepting.sessionUser?.isRestricted)
    assert.isTrue((await accepting.snapshot()).user?.isRestricted)
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
    assert.strictEqual(after.sessionUser, null)
    assert.isTrue(later.setCookies.every((line) => parseSetCookie(line).maxAge === 0))
    assert.isAbove(later.setCookies.length, 0)
  })

  it("hands a handler page what it reads in its first render, loaded as the browser would, for the request's session", async () => {
    const requests = makeStackRequests(options(), makeSharedRefreshes())
    const visitor = await Effect.runPromise(requests.resolve(request(null).incoming))
    assert.deepStrictEqual(await visitor.handlerPageData("account-settings"), { signedIn: false, seeds: [] })

    const user = await backend.signUp(backend.internal())
    const stack = await Effect.runPromise(requests.resolve(request(cookieHeader(user)).incoming))
    const team = await stack.run(Effect.flatMap(Teams, (teams) => teams.create({ displayName: "Seeded team" })))
    // Account settings shows one section at a time: the default (profile) and the teams section, as the browser
    // loads each.
    const seedsOf = async (route: string) => {
      const data = await stack.handlerPageData(route)
      assert.isTrue(data.signedIn)
      return new Map(data.seeds.map((seed) => [JSON.stringify(seed.key), seed.value]))
    }
    const profile = await seedsOf("/account-settings/")
    const channels = profile.get(JSON.stringify(contactChannelsQuery.key)) as ReadonlyArray<{ readonly value: string }>
    assert.deepStrictEqual(
      channels.map((channel) => channel.value),
      [user.email]
    )
    assert.isTrue(profile.has(JSON.stringify(oauthProvidersQuery.key)))
    const teamsSection = await seedsOf("/account-settings/?section=teams")
    const teams = teamsSection.get(JSON.stringify(teamsQuery.key)) as ReadonlyArray<{ readonly id: string }>
    assert.include(
      teams.map((t) => t.id),
      team.id
    )
    assert.isTrue((await seedsOf("account-settings?section=security")).has(JSON.stringify(activeSessionsQuery.key)))
    assert.isTrue(
      (await seedsOf("account-settings?section=notifications")).has(JSON.stringify(notificationPreferencesQuery.key))
    )
    // The pages that read only the snapshot get nothing more; an app page asks for its own queries.
    assert.deepStrictEqual((await stack.handlerPageData("sign-in")).seeds, [])
    const prefetched = await stack.prefetch([teamsQuery])
    assert.deepStrictEqual(
      prefetched.seeds.map((seed) => seed.key),
      [teamsQuery.key]
    )
  })

  it("marks the session cookies Secure behind a TLS-ending proxy only when the app trusts it, or always when told", async () => {
    /** Whether the cookies a refresh sets are `Secure`, for a request over plain http with `headers`. */
    const secureAfterRefresh = async (extra: Partial<StackStartServerOptions>, headers: Record<string, string>) => {
      const user = await backend.signUp(backend.internal())
      const incoming = request(cookieHeader({ accessToken: null, refreshToken: user.refreshToken }), headers)
      const stack = await Effect.runPromise(
        makeStackRequests({ ...options(), ...extra }, makeSharedRefreshes()).resolve(incoming.incoming)
      )
      assert.strictEqual(stack.sessionUser?.id, user.userId)
      const written = incoming.setCookies.map((line) => parseSetCookie(line)).filter((cookie) => cookie.value !== "")
      assert.isAbove(written.length, 0)
      const flags = new Set(written.map((cookie) => cookie.secure === true))
      assert.strictEqual(flags.size, 1, "every cookie the same")
      return flags.has(true)
    }
    const forwarded = { "x-forwarded-proto": "https" }
    assert.isFalse(await secureAfterRefresh({}, forwarded), "an untrusted header changes nothing")
    assert.isTrue(await secureAfterRefresh({ trustProxy: true }, forwarded))
    assert.isTrue(await secureAfterRefresh({ trustProxy: true }, { forwarded: 'for=192.0.2.1;proto="https"' }))
    assert.isFalse(await secureAfterRefresh({ trustProxy: true }, {}))
    assert.isTrue(await secureAfterRefresh({ secureCookies: "always" }, {}))
  })
})
