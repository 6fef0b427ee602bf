import { assert, describe, it } from "@effect/vitest"
import { parseSetCookie } from "cookie"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ClientConfig } from "../../../src/services/wire/client-config.js"
import { TokenStore } from "../../../src/services/session/token-store.js"
import {
  accessCookieName,
  cookieTokenStore,
  cookieTokenStoreFromConfig,
  refreshCookieName
} from "../../../src/services/session/token-store-cookie.js"

/** A browser-like `document.cookie`: reads give `name=value; ...`, writes apply one Set-Cookie string. */
class FakeDocument {
  readonly jar = new Map<string, string>()
  readonly writes: Array<ReturnType<typeof parseSetCookie>> = []
  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ")
  }
  set cookie(value: string) {
    const parsed = parseSetCookie(value)
    this.writes.push(parsed)
    const expired = parsed.maxAge !== undefined && parsed.maxAge <= 0
    if (expired || parsed.value === undefined) this.jar.delete(parsed.name)
    else this.jar.set(parsed.name, parsed.value)
  }
}

const tokens = { accessToken: "a.b.c", refreshToken: "refresh-1" }

describe("TokenStore.memory and custom", () => {
  it.effect("memory keeps what was set, starting from the given tokens", () =>
    Effect.gen(function* () {
      const store = yield* TokenStore
      assert.deepStrictEqual(yield* store.get, tokens)
      yield* store.set({ accessToken: null, refreshToken: "r2" })
      assert.deepStrictEqual(yield* store.get, { accessToken: null, refreshToken: "r2" })
    }).pipe(Effect.provide(TokenStore.memory(tokens)))
  )

  it.effect("custom calls the user's functions, sync or async", () => {
    let saved = { accessToken: null as string | null, refreshToken: null as string | null }
    const layer = TokenStore.custom({ get: async () => saved, set: (t) => void (saved = t) })
    return Effect.gen(function* () {
      const store = yield* TokenStore
      yield* store.set(tokens)
      assert.deepStrictEqual(saved, tokens)
      assert.deepStrictEqual(yield* store.get, tokens)
    }).pipe(Effect.provide(layer))
  })
})

describe("cookie token store", () => {
  it.effect("writes the official SDK's cookies with the spec's max ages, SameSite=Lax and Secure on https", () => {
    const document = new FakeDocument()
    return Effect.gen(function* () {
      const store = yield* TokenStore
      yield* store.set(tokens)
      const refresh = document.writes.find((w) => w.name === "__Host-hexclave-refresh-proj--default")
      const access = document.writes.find((w) => w.name === "hexclave-access")
      assert.deepStrictEqual(JSON.parse(refresh?.value ?? ""), { refresh_token: "refresh-1", updated_at_millis: 0 })
      assert.deepStrictEqual(JSON.parse(access?.value ?? ""), ["refresh-1", "a.b.c"])
      assert.strictEqual(refresh?.maxAge, 31_536_000)
      assert.strictEqual(access?.maxAge, 86_400)
      for (const w of [refresh, access]) {
        assert.strictEqual(w?.sameSite, "lax")
        assert.strictEqual(w?.secure, true)
        assert.strictEqual(w?.path, "/")
        assert.isUndefined(w?.httpOnly)
      }
      assert.deepStrictEqual(yield* store.get, tokens)
    }).pipe(Effect.provide(cookieTokenStore({ projectId: "proj", document, secure: true })))
  })

  it.effect("omits Secure on http pages", () => {
    const document = new FakeDocument()
    return Effect.gen(function* () {
      yield* (yield* TokenStore).set(tokens)
      assert.strictEqual(document.writes.length, 2)
      assert.isTrue(document.writes.every((w) => w.secure === undefined && w.sameSite === "lax"))
    }).pipe(Effect.provide(cookieTokenStore({ projectId: "proj", document, secure: false })))
  })

  it.effect("follows location.protocol when secure is not given", () =>
    Effect.gen(function* () {
      const previous = Object.getOwnPropertyDescriptor(globalThis, "location")
      const run = (protocol: string) => {
        Object.defineProperty(globalThis, "location", { value: { protocol }, configurable: true })
        const document = new FakeDocument()
        return Effect.gen(function* () {
          yield* (yield* TokenStore).set(tokens)
          return document.writes.map((w) => w.secure === true)
        }).pipe(Effect.provide(cookieTokenStore({ projectId: "p", document })))
      }
      const https = yield* run("https:")
      const http = yield* run("http:")
      if (previous === undefined) Reflect.deleteProperty(globalThis, "location")
      else Object.defineProperty(globalThis, "location", previous)
      assert.deepStrictEqual(https, [true, true])
      assert.deepStrictEqual(http, [false, false])
    })
  )

  it.effect("null deletes the cookie, and other projects' cookies are untouched", () => {
    const document = new FakeDocument()
    document.jar.set("stack-refresh-other", "theirs")
    return Effect.gen(function* () {
      const store = yield* TokenStore
      yield* store.set(tokens)
      yield* store.set({ accessToken: null, refreshToken: null })
      assert.deepStrictEqual(yield* store.get, { accessToken: null, refreshToken: null })
      assert.deepStrictEqual([...document.jar.keys()], ["stack-refresh-other"])
      const deletion = document.writes.at(-1)
      assert.strictEqual(deletion?.maxAge, 0)
    }).pipe(Effect.provide(cookieTokenStore({ projectId: "proj", document, secure: false })))
  })

  it.effect("sees changes made by another tab (reads the jar each time)", () => {
    const document = new FakeDocument()
    return Effect.gen(function* () {
      const store = yield* TokenStore
      document.jar.set(refreshCookieName("proj"), "from-other-tab")
      document.jar.set(accessCookieName("proj"), "x.y.z")
      assert.deepStrictEqual(yield* store.get, { accessToken: "x.y.z", refreshToken: "from-other-tab" })
    }).pipe(Effect.provide(cookieTokenStore({ projectId: "proj", document })))
  })

  it.effect("takes the project id from ClientConfig", () => {
    const document = new FakeDocument()
    const layer = cookieTokenStoreFromConfig({ document, secure: false }).pipe(
      Layer.provide(ClientConfig.layer({ projectId: "cfg", accessType: "client" }))
    )
    return Effect.gen(function* () {
      yield* (yield* TokenStore).set(tokens)
      assert.deepStrictEqual([...document.jar.keys()].sort(), ["hexclave-access", "hexclave-refresh-cfg--default"])
    }).pipe(Effect.provide(layer))
  })

  it.effect("without a document it keeps tokens in memory", () =>
    Effect.gen(function* () {
      const store = yield* TokenStore
      yield* store.set(tokens)
      assert.deepStrictEqual(yield* store.get, tokens)
    }).pipe(Effect.provide(cookieTokenStore({ projectId: "proj" })))
  )
})
