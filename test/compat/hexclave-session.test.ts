/**
 * A session shared with the official SDK (`@stackframe/js` 2.8.108, unchanged) under the service's Hexclave
 * names (docs/wire.md, "Two names"): the SDK on an app's server reads the cookies stackfx's cookie store writes,
 * stackfx reads the cookies the SDK's own code formats, and the app-server reader takes the SDK's
 * `Authorization: Bearer stackauth_…` (and `hexclave_…`) header.
 */
import { StackServerApp } from "@stackframe/js"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { describe, expect, it } from "vitest"
import { readRequestTokens } from "../../src/services/app-server/request-tokens.js"
import { makeCookieTokenStore, readTokenCookies } from "../../src/services/session/token-store-cookie.js"
import { useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()

const serverApp = () => {
  const project = backend.internal()
  return new StackServerApp({
    projectId: project.id,
    publishableClientKey: project.publishableClientKey,
    secretServerKey: project.secretServerKey,
    baseUrl: backend.localBackend().url,
    tokenStore: "memory"
  })
}

/** A browser's `document.cookie`: reads list the jar, writes apply one Set-Cookie line (deletions included). */
class Jar {
  readonly cookies = new Map<string, string>()
  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ")
  }
  set cookie(line: string) {
    const [pair = ""] = line.split(";")
    const eq = pair.indexOf("=")
    if (/max-age=0/i.test(line)) this.cookies.delete(pair.slice(0, eq))
    else this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1))
  }
}

/** A method of the SDK's app, called as the SDK calls it (these are its cookie formats, not ours). */
const sdkMethod = (app: object, name: string, args: ReadonlyArray<unknown>): unknown => {
  const method: unknown = Reflect.get(app, name)
  if (typeof method !== "function") throw new Error(`the SDK has no ${name}`)
  return Reflect.apply(method, app, args)
}
const sdkGetter = (app: object, name: string): unknown => Reflect.get(app, name)

describe("a session shared with the official SDK", () => {
  it("the SDK on an app server reads the session stackfx's cookie store wrote (https and http)", async () => {
    const project = backend.internal()
    for (const secure of [true, false]) {
      const user = await backend.signUp(project)
      const jar = new Jar()
      await Effect.runPromise(
        makeCookieTokenStore({ projectId: project.id, secure, document: jar }).set({
          accessToken: user.accessToken,
          refreshToken: user.refreshToken
        })
      )
      expect([...jar.cookies.keys()].sort()).toEqual(
        [`${secure ? "__Host-" : ""}hexclave-refresh-${project.id}--default`, "hexclave-access"].sort()
      )
      const seen = await serverApp().getUser({ tokenStore: { headers: new Headers({ cookie: jar.cookie }) } })
      expect(seen?.id).toBe(user.userId)
      expect(await seen?.getAuthJson()).toEqual({ accessToken: user.accessToken, refreshToken: user.refreshToken })
    }
  })

  it("stackfx reads the cookies as the SDK formats them, and the old names it still reads", async () => {
    const project = backend.internal()
    const user = await backend.signUp(project)
    const app = serverApp()
    const refreshName = sdkMethod(app, "_getRefreshTokenDefaultCookieNameForSecure", [true])
    const refreshValue = sdkMethod(app, "_formatRefreshCookieValue", [user.refreshToken, 1_700_000_000_000])
    const accessName = sdkGetter(app, "_accessTokenCookieName")
    const accessValue = sdkMethod(app, "_formatAccessCookieValue", [user.refreshToken, user.accessToken])
    expect(refreshName).toBe(`__Host-hexclave-refresh-${project.id}--default`)
    expect(accessName).toBe("hexclave-access")
    const cookie = `${String(refreshName)}=${encodeURIComponent(String(refreshValue))}; ${String(accessName)}=${encodeURIComponent(String(accessValue))}`
    expect(readTokenCookies(cookie, project.id)).toEqual({
      accessToken: user.accessToken,
      refreshToken: user.refreshToken
    })
    // The names before the rename, which the SDK also still reads: the plain legacy refresh cookie, the pair.
    const legacyName = sdkGetter(app, "_legacyRefreshTokenCookieName")
    const legacyAccess = sdkGetter(app, "_legacyAccessTokenCookieName")
    const legacy = `${String(legacyName)}=${user.refreshToken}; ${String(legacyAccess)}=${encodeURIComponent(String(accessValue))}`
    expect(readTokenCookies(legacy, project.id)).toEqual({
      accessToken: user.accessToken,
      refreshToken: user.refreshToken
    })
    // And the SDK reads what it formatted: the same session.
    const seen = await app.getUser({ tokenStore: { headers: new Headers({ cookie }) } })
    expect(seen?.id).toBe(user.userId)
  })

  it("the app-server reader takes the SDK's Authorization header, under both prefixes", async () => {
    const project = backend.internal()
    const user = await backend.signUp(project)
    const sdkUser = await serverApp().getUser({
      tokenStore: { accessToken: user.accessToken, refreshToken: user.refreshToken },
      or: "throw"
    })
    const authorization = await sdkUser.getAuthorizationHeader()
    expect(authorization).toMatch(/^Bearer stackauth_/)
    const tokens = { accessToken: user.accessToken, refreshToken: user.refreshToken }
    for (const value of [authorization ?? "", (authorization ?? "").replace("Bearer stackauth_", "Bearer hexclave_")]) {
      const read = readRequestTokens(
        new Request("http://app.test/api", { headers: { authorization: value } }),
        project.id
      )
      expect(Result.isSuccess(read) && read.success).toEqual({ tokens, origin: "authorization" })
    }
    // The header the other way round: the SDK on an app server reads a hexclave_ value stackfx's reader accepts.
    const hexclave = (authorization ?? "").replace("Bearer stackauth_", "Bearer hexclave_")
    const seen = await serverApp().getUser({ tokenStore: { headers: new Headers({ authorization: hexclave }) } })
    expect(seen?.id).toBe(user.userId)
  })
})
