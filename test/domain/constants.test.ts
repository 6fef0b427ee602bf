import { assert, describe, it } from "@effect/vitest"
import * as C from "../../src/domain/constants.js"

describe("constants", () => {
  it("match the hosted service's constants", () => {
    assert.strictEqual(C.REFRESH_COOKIE_MAX_AGE_SECONDS, 365 * 24 * 60 * 60)
    assert.strictEqual(C.ACCESS_COOKIE_MAX_AGE_SECONDS, 24 * 60 * 60)
    assert.strictEqual(C.OAUTH_STATE_COOKIE_MAX_AGE_SECONDS, 3600)
    assert.strictEqual(C.TOKEN_FRESHNESS_MARGIN_MS, 20_000)
    assert.strictEqual(C.MAX_REQUIRED_FRESHNESS_MS, 60_000)
    assert.strictEqual(C.COOKIE_STORE_POLL_MS, 100)
    assert.strictEqual(C.DEFAULT_SERVER_SESSION_EXPIRY_MS, 365 * 24 * 60 * 60 * 1000)
    assert.strictEqual(C.REDIRECT_WAIT_MS, 2000)
    assert.strictEqual(C.NETWORK_RETRIES, 5)
    assert.strictEqual(C.NETWORK_RETRY_BASE_MS, 1000)
    assert.strictEqual(C.CLOCK_TOLERANCE_SECONDS, 30)
    assert.strictEqual(C.MIN_RSA_MODULUS_BITS, 2048)
    assert.strictEqual(C.CACHE_THROTTLE_MS, 300)
    assert.strictEqual(C.CACHE_CONCURRENCY, 1)
    assert.strictEqual(C.CACHE_ENTRY_DROP_MS, 5000)
    assert.strictEqual(C.MAX_PREFETCHING_APPS_BEFORE_WARNING, 10)
    assert.strictEqual(C.AVATAR_DEFAULT_SIZE, 34)
    assert.strictEqual(C.AVATAR_TEXT_RATIO, 0.4)
    assert.strictEqual(C.AVATAR_ICON_RATIO, 0.6)
    assert.strictEqual(C.MENU_TEXT_MAX_WIDTH, 40)
    assert.deepStrictEqual([C.USER_ID_MIN_BYTES, C.USER_ID_MAX_BYTES], [1, 64])
    assert.strictEqual(C.OAUTH_CODE_CHALLENGE_METHOD, "S256")
    assert.isTrue(C.PERMISSIONS_RECURSIVE_BY_DEFAULT)
  })

  it("match docs/wire.md", () => {
    assert.strictEqual(C.DEFAULT_BASE_URL, "https://api.stack-auth.com")
    assert.strictEqual(C.PUBLIC_CLIENT_SECRET_SENTINEL, "__stack_public_client__")
    assert.deepStrictEqual(C.LOCAL_DEVELOPMENT_KEYS, {
      projectId: "internal",
      publishableClientKey: "this-publishable-client-key-is-for-local-development-only",
      secretServerKey: "this-secret-server-key-is-for-local-development-only",
      superSecretAdminKey: "this-super-secret-admin-key-is-for-local-development-only"
    })
    assert.deepStrictEqual([...C.ACCESS_TYPES], ["client", "server", "admin"])
    assert.strictEqual(C.jwksPath("p1"), "/projects/p1/.well-known/jwks.json")
  })

  it("the client version header parses with the server's pattern", () => {
    const header = C.clientVersion("@stackfx/core", "0.1.0")
    assert.strictEqual(header, "js @stackfx/core@0.1.0")
    const match = C.CLIENT_VERSION_PATTERN.exec(header)
    assert.deepStrictEqual(match?.slice(1), ["js", "@stackfx/core", "0.1.0"])
    assert.deepStrictEqual(C.CLIENT_VERSION_PATTERN.exec(C.clientVersion("stackfx", "1.2.3"))?.slice(1), ["js", "stackfx", "1.2.3"])
  })
})
