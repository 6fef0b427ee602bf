import { assert, describe, it } from "@effect/vitest"
import {
  ACCESS_TYPES,
  CLIENT_VERSION_PATTERN,
  clientVersion,
  DEFAULT_BASE_URL,
  PUBLIC_CLIENT_SECRET_SENTINEL
} from "../../src/domain/api.js"
import { LOCAL_DEVELOPMENT_KEYS } from "../../src/domain/local-keys.js"
import { CLOCK_TOLERANCE_SECONDS, jwksPath } from "../../src/domain/rules/access-tokens.js"
import { AVATAR_DEFAULT_SIZE, AVATAR_ICON_RATIO, AVATAR_TEXT_RATIO } from "../../src/domain/rules/avatar.js"
import { CACHE_ENTRY_DROP_MS, CACHE_THROTTLE_MS } from "../../src/react/cache.js"
import { MAX_PREFETCHING_APPS_BEFORE_WARNING } from "../../src/react/prefetch.js"
import { REDIRECT_WAIT_MS } from "../../src/react/redirect-wait.js"
import { MENU_TEXT_MAX_WIDTH } from "../../src/react/styles.js"
import { MIN_RSA_MODULUS_BITS } from "../../src/services/app-server/jwt-verify.js"
import { NETWORK_RETRIES, NETWORK_RETRY_BASE_MS } from "../../src/services/wire/retry.js"
import { OAUTH_STATE_COOKIE_MAX_AGE_SECONDS } from "../../src/services/oauth/oauth-cookie.js"
import { OAUTH_CODE_CHALLENGE_METHOD } from "../../src/services/oauth/oauth-url.js"
import { USER_ID_MAX_BYTES, USER_ID_MIN_BYTES } from "../../src/services/passkeys/passkey-options.js"
import {
  COOKIE_STORE_POLL_MS,
  MAX_REQUIRED_FRESHNESS_MS,
  TOKEN_FRESHNESS_MARGIN_MS
} from "../../src/services/session/session-timings.js"
import {
  ACCESS_COOKIE_MAX_AGE_SECONDS,
  REFRESH_COOKIE_MAX_AGE_SECONDS
} from "../../src/services/session/token-cookies.js"
import { DEFAULT_SERVER_SESSION_EXPIRY_MS } from "../../src/services/sessions/server-session-defaults.js"

// Each constant lives with the module that uses it (issue 24); this file checks their values in one place.
describe("constants", () => {
  it("match the hosted service's constants", () => {
    assert.strictEqual(REFRESH_COOKIE_MAX_AGE_SECONDS, 365 * 24 * 60 * 60)
    assert.strictEqual(ACCESS_COOKIE_MAX_AGE_SECONDS, 24 * 60 * 60)
    assert.strictEqual(OAUTH_STATE_COOKIE_MAX_AGE_SECONDS, 3600)
    assert.strictEqual(TOKEN_FRESHNESS_MARGIN_MS, 20_000)
    assert.strictEqual(MAX_REQUIRED_FRESHNESS_MS, 60_000)
    assert.strictEqual(COOKIE_STORE_POLL_MS, 100)
    assert.strictEqual(DEFAULT_SERVER_SESSION_EXPIRY_MS, 365 * 24 * 60 * 60 * 1000)
    assert.strictEqual(REDIRECT_WAIT_MS, 2000)
    assert.strictEqual(NETWORK_RETRIES, 5)
    assert.strictEqual(NETWORK_RETRY_BASE_MS, 1000)
    assert.strictEqual(CLOCK_TOLERANCE_SECONDS, 30)
    assert.strictEqual(MIN_RSA_MODULUS_BITS, 2048)
    assert.strictEqual(CACHE_THROTTLE_MS, 300)
    assert.strictEqual(CACHE_ENTRY_DROP_MS, 5000)
    assert.strictEqual(MAX_PREFETCHING_APPS_BEFORE_WARNING, 10)
    assert.strictEqual(AVATAR_DEFAULT_SIZE, 34)
    assert.strictEqual(AVATAR_TEXT_RATIO, 0.4)
    assert.strictEqual(AVATAR_ICON_RATIO, 0.6)
    assert.strictEqual(MENU_TEXT_MAX_WIDTH, 40)
    assert.deepStrictEqual([USER_ID_MIN_BYTES, USER_ID_MAX_BYTES], [1, 64])
    assert.strictEqual(OAUTH_CODE_CHALLENGE_METHOD, "S256")
  })

  it("match docs/wire.md", () => {
    assert.strictEqual(DEFAULT_BASE_URL, "https://api.hexclave.com")
    assert.strictEqual(PUBLIC_CLIENT_SECRET_SENTINEL, "__stack_public_client__")
    assert.deepStrictEqual(LOCAL_DEVELOPMENT_KEYS, {
      projectId: "internal",
      publishableClientKey: "this-publishable-client-key-is-for-local-development-only",
      secretServerKey: "this-secret-server-key-is-for-local-development-only",
      superSecretAdminKey: "this-super-secret-admin-key-is-for-local-development-only"
    })
    assert.deepStrictEqual([...ACCESS_TYPES], ["client", "server", "admin"])
    assert.strictEqual(jwksPath("p1"), "/projects/p1/.well-known/jwks.json")
  })

  it("the client version header parses with the server's pattern", () => {
    const header = clientVersion("@stackfx/core", "0.1.0")
    assert.strictEqual(header, "js @stackfx/core@0.1.0")
    const match = CLIENT_VERSION_PATTERN.exec(header)
    assert.deepStrictEqual(match?.slice(1), ["js", "@stackfx/core", "0.1.0"])
    assert.deepStrictEqual(CLIENT_VERSION_PATTERN.exec(clientVersion("stackfx", "1.2.3"))?.slice(1), [
      "js",
      "stackfx",
      "1.2.3"
    ])
  })
})
