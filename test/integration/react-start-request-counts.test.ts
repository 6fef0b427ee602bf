/**
 * What a server-rendered request costs the backend, counted at the backend's door (a counting proxy in front of
 * the local backend, over real HTTP), and the tokens the server accepts: the session comes from the verified
 * token with no request, the full user is read once per request when asked for, the project's public config is
 * kept by the server, and a backend spelled otherwise than the browser spells it does not sign anyone out; a
 * session that is refused is logged once, with the reason and never the token.
 */
import { parseSetCookie } from "cookie"
import * as Effect from "effect/Effect"
import { afterAll, assert, beforeAll, describe, it, vi } from "vitest"
import { type CountingProxy, startCountingProxy } from "../../bench/proxy.js"
import { runSsrPages } from "../../bench/ssr-pages.js"
import { makeStackRequests, type StackStartServerOptions } from "../../src/react/start/request-user.js"
import { makeSharedRefreshes } from "../../src/react/start/shared-refresh.js"
import { tokenSetCookies } from "../../src/services/session/token-store-cookie.js"
import { Teams } from "../../src/services/generated/teams.js"
import { serverTier } from "../../src/layers/server.js"
import { RequestAuth } from "../../src/services/app-server/request-auth.js"
import {
  activeSessionsQuery,
  contactChannelsQuery,
  oauthProvidersQuery,
  permissionsQuery,
  receivedTeamInvitationsQuery,
  teamsQuery
} from "../../src/react/queries.js"
import { ACCOUNT_SECTIONS } from "../../src/react/handler/account-sections.js"
import { useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()
let proxy: CountingProxy
beforeAll(async () => {
  proxy = await startCountingProxy(backend.localBackend().url)
})
afterAll(() => proxy.close())

const keys = () => {
  const project = backend.internal()
  return {
    projectId: project.id,
    publishableClientKey: project.publishableClientKey,
    secretServerKey: project.secretServerKey
  }
}

/** A server behind the counting proxy; the browser reaches the backend directly, so its URL is accepted too. */
const behindProxy = (extra: Partial<StackStartServerOptions> = {}): StackStartServerOptions => ({
  ...keys(),
  baseUrl: proxy.url,
  acceptedIssuerBaseUrls: [backend.localBackend().url],
  ...extra
})

const cookieHeader = (tokens: { readonly accessToken: string | null; readonly refreshToken: string | null }) =>
  tokenSetCookies(backend.internal().id, tokens, { secure: false })
    .map((line) => parseSetCookie(line))
    .filter((cookie) => cookie.value !== "")
    .map((cookie) => `${cookie.name}=${encodeURIComponent(cookie.value ?? "")}`)
    .join("; ")

const request = (cookie: string | null) => {
  const setCookies: Array<string> = []
  return {
    setCookies,
    incoming: {
      headers: new Headers(cookie === null ? {} : { cookie }),
      url: "http://app.test/",
      setCookie: (line: string) => void setCookies.push(line)
    }
  }
}

/** The backend requests `run` made, by `METHOD /path`. */
const counted = async <A>(
  run: () => Promise<A>
): Promise<{ readonly value: A; readonly counts: Record<string, number> }> => {
  proxy.reset()
  const value = await run()
  return { value, counts: { ...proxy.counts() } }
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0)

describe("a server-rendered request's backend requests", () => {
  it("reads the session from the token with none, the full user once per request, and the project from the server's cache", async () => {
    const requests = makeStackRequests(behindProxy(), makeSharedRefreshes())
    const user = await backend.signUp(backend.internal())
    const cookie = cookieHeader(user)
    // The server's first request loads what it keeps for every later one (the key set, the project).
    const warm = await Effect.runPromise(requests.resolve(request(cookie).incoming))
    await warm.snapshot()

    const sessionOnly = await counted(async () => {
      const stack = await Effect.runPromise(requests.resolve(request(cookie).incoming))
      return stack.sessionUser
    })
    assert.deepStrictEqual(sessionOnly.counts, {})
    assert.strictEqual(sessionOnly.value?.id, user.userId)
    assert.strictEqual(sessionOnly.value?.primaryEmail, user.email)
    assert.isFalse(sessionOnly.value?.isAnonymous)
    assert.instanceOf(sessionOnly.value?.signedUpAt, Date)

    const fullUser = await counted(async () => {
      const stack = await Effect.runPromise(requests.resolve(request(cookie).incoming))
      const [snapshot, again, once] = await Promise.all([stack.snapshot(), stack.user(), stack.user()])
      return { snapshot, again, once, later: await stack.snapshot() }
    })
    assert.deepStrictEqual(fullUser.counts, { [`GET /api/v1/users/${user.userId}`]: 1 })
    assert.strictEqual(fullUser.value.snapshot.user?.id, user.userId)
    assert.strictEqual(fullUser.value.snapshot.project?.id, backend.internal().id)
    assert.strictEqual(fullUser.value.again, fullUser.value.once)
    assert.strictEqual(fullUser.value.later, fullUser.value.snapshot)

    for (const section of ["", ...ACCOUNT_SECTIONS.map((name) => `?section=${name}`)]) {
      const settings = await counted(async () => {
        const stack = await Effect.runPromise(requests.resolve(request(cookie).incoming))
        const [snapshot, data] = await Promise.all([
          stack.snapshot(),
          stack.handlerPageData(`account-settings${section}`)
        ])
        return { snapshot, data }
      })
      assert.isTrue(settings.value.data.signedIn)
      assert.notProperty(settings.counts, "GET /api/v1/projects/current")
      assert.isAtMost(
        total(settings.counts),
        ACCOUNT_SETTINGS_REQUESTS,
        `${section}: ${JSON.stringify(settings.counts)}`
      )
    }
  })

  it("account settings: the server seeds the lists of the section shown, under the keys the page's queries read", async () => {
    const requests = makeStackRequests(behindProxy(), makeSharedRefreshes())
    const cookie = cookieHeader(await backend.signUp(backend.internal()))
    const stack = await Effect.runPromise(requests.resolve(request(cookie).incoming))
    const keysOf = async (route: string) =>
      (await stack.handlerPageData(route)).seeds.map((seed) => JSON.stringify(seed.key)).sort()
    const sorted = (keys: ReadonlyArray<unknown>) => keys.map((key) => JSON.stringify(key)).sort()
    assert.deepStrictEqual(
      await keysOf("account-settings"),
      sorted([contactChannelsQuery.key, oauthProvidersQuery.key])
    )
    // A section the page does not know shows the first one, and the server seeds that one's lists.
    assert.deepStrictEqual(await keysOf("account-settings?section=nope"), await keysOf("account-settings"))
    assert.deepStrictEqual(await keysOf("/account-settings/?section=security"), sorted([activeSessionsQuery.key]))
    assert.includeMembers(
      await keysOf("account-settings?section=teams"),
      sorted([receivedTeamInvitationsQuery.key, teamsQuery.key])
    )
    assert.deepStrictEqual(await keysOf("account-settings?section=account"), [])
  })

  it("npm run bench's figures: 0 requests for a page that reads the session, 1 for the full user, at most 4 for account settings", async () => {
    const pages = await runSsrPages(proxy, backend.localBackend().url)
    assert.strictEqual(pages.sessionOnly.maxRequests, 0)
    assert.strictEqual(pages.fullUser.maxRequests, 1)
    assert.strictEqual(pages.dashboard.maxRequests, 2)
    // The demo project offers user and team API keys: the teams section reads the team permissions too.
    assert.isAtMost(pages.accountSettings.maxRequests, ACCOUNT_SETTINGS_REQUESTS, JSON.stringify(pages))
    assert.deepStrictEqual(pages.accountSettingsBySection, {
      profile: 3,
      security: 2,
      notifications: 2,
      "api-keys": 2,
      teams: 4,
      account: 1
    })
  })

  it("lists the user's permissions in every team in one request, each team's seed what its own query loads", async () => {
    const project = await backend.createProject({ config: { allow_team_api_keys: true } })
    const projectKeys = {
      projectId: project.id,
      publishableClientKey: project.publishableClientKey,
      secretServerKey: project.secretServerKey
    }
    const requests = makeStackRequests(
      { ...projectKeys, baseUrl: proxy.url, acceptedIssuerBaseUrls: [backend.localBackend().url] },
      makeSharedRefreshes()
    )
    const user = await backend.signUp(project)
    const cookie = tokenSetCookies(project.id, user, { secure: false })
      .map((line) => parseSetCookie(line))
      .filter((c) => c.value !== "")
      .map((c) => `${c.name}=${encodeURIComponent(c.value ?? "")}`)
      .join("; ")
    const stack = await Effect.runPromise(requests.resolve(request(cookie).incoming))
    const teams = await Promise.all(
      ["First", "Second"].map((name) =>
        stack.run(Effect.flatMap(Teams, (service) => service.create({ displayName: `${name} team` })))
      )
    )
    const { value: data, counts } = await counted(() => stack.handlerPageData("account-settings?section=teams"))
    assert.strictEqual(counts["GET /api/v1/team-permissions"], 1)
    const byKey = new Map(data.seeds.map((seed) => [JSON.stringify(seed.key), seed.value]))
    const ownQueries = await stack.prefetch(teams.map((team) => permissionsQuery(team.id)))
    assert.lengthOf(ownQueries.seeds, 2)
    for (const seed of ownQueries.seeds) {
      assert.isAbove((seed.value as ReadonlyArray<unknown>).length, 0)
      assert.deepStrictEqual(byKey.get(JSON.stringify(seed.key)), seed.value)
    }
  })

  it("an app server's RequestAuth: the session user from the token with no request, the user read once per request object", async () => {
    const user = await backend.signUp(backend.internal())
    const headers = {
      "x-stack-auth": JSON.stringify({ accessToken: user.accessToken, refreshToken: user.refreshToken })
    }
    const program = Effect.gen(function* () {
      const auth = yield* RequestAuth
      // The key set first (once per server), so that what follows counts the user reads only.
      yield* auth.session({ headers: new Headers(headers) })
      yield* Effect.sync(() => proxy.reset())
      const source = { headers: new Headers(headers) }
      const session = yield* auth.session(source)
      const afterSession = proxy.total()
      const first = yield* auth.user(source)
      const again = yield* auth.user(source)
      const afterOneRequest = proxy.total()
      yield* auth.user({ headers: new Headers(headers) })
      return { session, afterSession, first, again, afterOneRequest, afterTwo: proxy.total() }
    })
    const outcome = await Effect.runPromise(
      Effect.provide(program, serverTier({ ...behindProxy(), tokenStore: "memory" }))
    )
    assert.strictEqual(outcome.session.sessionUser.id, user.userId)
    assert.strictEqual(outcome.session.sessionUser.primaryEmail, user.email)
    assert.strictEqual(outcome.afterSession, 0)
    assert.strictEqual(outcome.first, outcome.again)
    assert.strictEqual(outcome.afterOneRequest, 1)
    assert.strictEqual(outcome.afterTwo, 2)
  })

  it("accepts the tokens of every loopback spelling of its backend: no sign-out when the server spells it otherwise", async () => {
    const direct = backend.localBackend().url
    const otherSpelling = direct.includes("127.0.0.1")
      ? direct.replace("127.0.0.1", "localhost")
      : direct.replace("localhost", "127.0.0.1")
    const requests = makeStackRequests({ ...keys(), baseUrl: otherSpelling }, makeSharedRefreshes())
    // The browser signed up at the backend's own URL: its token names that spelling.
    const user = await backend.signUp(backend.internal())
    const incoming = request(cookieHeader(user))
    const stack = await Effect.runPromise(requests.resolve(incoming.incoming))
    assert.strictEqual(stack.sessionUser?.id, user.userId)
    assert.deepStrictEqual(incoming.setCookies, [])
    assert.strictEqual((await stack.user())?.id, user.userId)
  })

  it("logs a refused session once, with the token's issuer, the accepted ones and the expiry, never the token", async () => {
    const lines: Array<string> = []
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: Array<unknown>) => {
        lines.push(args.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg))).join(" "))
      })
    )
    try {
      // Behind the proxy without being told the backend's own URL: the browser's tokens name another issuer.
      const requests = makeStackRequests({ ...keys(), baseUrl: proxy.url }, makeSharedRefreshes())
      const user = await backend.signUp(backend.internal())
      const cookie = cookieHeader(user)
      const first = request(cookie)
      const stack = await Effect.runPromise(requests.resolve(first.incoming))
      assert.strictEqual(stack.sessionUser, null)
      assert.isTrue(first.setCookies.length > 0 && first.setCookies.every((line) => parseSetCookie(line).maxAge === 0))
      await Effect.runPromise(requests.resolve(request(cookie).incoming))

      const refusals = lines.filter((line) => line.includes("refused a request's session"))
      assert.lengthOf(refusals, 1, lines.join("\n"))
      const line = refusals[0] ?? ""
      assert.include(line, "access-token-invalid")
      assert.include(line, `${backend.localBackend().url}/api/v1/projects/${backend.internal().id}`)
      assert.include(line, `${proxy.url}/api/v1/projects/${backend.internal().id}`)
      assert.include(line, "acceptedIssuerBaseUrls")
      assert.match(line, /expires \d{4}-\d\d-\d\dT/)
      for (const secret of [user.accessToken, user.refreshToken, user.accessToken.split(".")[2] ?? "-"]) {
        assert.notInclude(line, secret)
      }
    } finally {
      for (const spy of spies) spy.mockRestore()
    }
  })
})

/**
 * Account settings' first render, one section at a time: the user and the section's lists, at most three (the
 * teams section: invitations received, teams, the permissions in every team), sent at once.
 */
const ACCOUNT_SETTINGS_REQUESTS = 4
