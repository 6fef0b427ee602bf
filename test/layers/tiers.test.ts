/**
 * The tier Layers: which services each provides (checked by the compiler: `npm run typecheck` covers
 * test/, so every `@ts-expect-error` below must stay an error), configuration errors, configuration from
 * the environment, and "only one app per unique identifier".
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { normalizeBaseUrl } from "../../src/domain/api.js"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Option from "effect/Option"
import * as Scope from "effect/Scope"
import { adminTier, adminTierFromEnv, type AdminServices } from "../../src/layers/admin.js"
import { clientTier, clientTierFromEnv, type ClientServices } from "../../src/layers/client.js"
import { serverTier, serverTierFromEnv, type ServerServices } from "../../src/layers/server.js"
import { isUniqueIdentifierInUse } from "../../src/layers/unique-app.js"
import { missingConfigurationMessage } from "../../src/errors/client/configuration.js"
import { ServerApiKeys, UserApiKeys } from "../../src/services/generated/user-and-team-keys.js"
import { ApiKeys } from "../../src/services/generated/project-keys.js"
import { ClientConfig } from "../../src/services/wire/client-config.js"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { TokenVerifier } from "../../src/services/app-server/jwt-verify.js"
import { AdminProjects } from "../../src/services/generated/projects.js"
import { ServerSessions } from "../../src/services/generated/server-sessions.js"
import { ServerUsers } from "../../src/services/generated/server-users.js"
import { Session } from "../../src/services/session/session.js"
import { ServerTeams } from "../../src/services/generated/teams.js"
import { TokenStore } from "../../src/services/session/token-store.js"
import { Transport } from "../../src/services/http/transport.js"

const clientOptions = { projectId: "p1", publishableClientKey: "pck", baseUrl: "http://127.0.0.1:1" } as const
const serverOptions = {
  projectId: "p1",
  publishableClientKey: "pck",
  secretServerKey: "ssk",
  baseUrl: "http://127.0.0.1:1"
} as const
const adminOptions = {
  projectId: "p1",
  publishableClientKey: "pck",
  superSecretAdminKey: "ssak",
  baseUrl: "http://127.0.0.1:1"
} as const

const needsServerUsers = Effect.flatMap(ServerUsers, (users) => users.list({ limit: 1 }))
const needsAdminProjects = Effect.flatMap(AdminProjects, (projects) => projects.get)
const currentConfig = Effect.gen(function* () {
  return yield* ClientConfig
})
const needsCurrentUser = Effect.flatMap(CurrentUser, (me) => me.get)
const needsUserApiKeys = Effect.flatMap(UserApiKeys, (keys) => keys.list)
const needsServerApiKeys = Effect.flatMap(ServerApiKeys, (keys) => keys.checkUserKey("sk_x"))

describe("tier types", () => {
  it("a client-tier program that needs a server or admin service does not type-check", () => {
    // Never run: only the compiler's verdict matters here.
    const compileOnly = () => {
      // @ts-expect-error ServerUsers is not part of the client tier
      void Effect.runPromise(needsServerUsers.pipe(Effect.provide(clientTier(clientOptions))))
      // @ts-expect-error AdminProjects is not part of the client tier
      void Effect.runPromise(needsAdminProjects.pipe(Effect.provide(clientTier(clientOptions))))
      // @ts-expect-error AdminProjects is not part of the server tier
      void Effect.runPromise(needsAdminProjects.pipe(Effect.provide(serverTier(serverOptions))))
      // @ts-expect-error checking a presented API key is server work
      void Effect.runPromise(needsServerApiKeys.pipe(Effect.provide(clientTier(clientOptions))))
      // @ts-expect-error the transport is not handed out: it would bypass the tiers
      void Effect.runPromise(Effect.asVoid(Transport).pipe(Effect.provide(adminTier(adminOptions))))

      // The higher tiers contain the lower ones.
      void Effect.runPromise(needsServerUsers.pipe(Effect.provide(serverTier(serverOptions))))
      void Effect.runPromise(needsServerUsers.pipe(Effect.provide(adminTier(adminOptions))))
      void Effect.runPromise(needsAdminProjects.pipe(Effect.provide(adminTier(adminOptions))))
      void Effect.runPromise(needsCurrentUser.pipe(Effect.provide(clientTier(clientOptions))))
      void Effect.runPromise(needsCurrentUser.pipe(Effect.provide(serverTier(serverOptions))))
      void Effect.runPromise(needsUserApiKeys.pipe(Effect.provide(clientTier(clientOptions))))
      void Effect.runPromise(needsServerApiKeys.pipe(Effect.provide(serverTier(serverOptions))))
      void Effect.runPromise(needsServerApiKeys.pipe(Effect.provide(adminTier(adminOptions))))
    }
    assert.isFunction(compileOnly)
    // The service unions nest: client within server within admin.
    const asServer = (s: ClientServices): ServerServices => s
    const asAdmin = (s: ServerServices): AdminServices => s
    // @ts-expect-error a server service is not a client service
    const notClient = (s: ServerServices): ClientServices => s
    assert.isFunction(asServer)
    assert.isFunction(asAdmin)
    assert.isFunction(notClient)
  })
})

/** Builds the tier and reports which of a few services its context really holds. */
const holds = <A, E>(layer: Layer.Layer<A, E>) =>
  Effect.scoped(
    Effect.map(Layer.build(layer), (context) => {
      const has = <I, S>(key: Context.Key<I, S>) => Option.isSome(Context.getOption(key)(context))
      return {
        currentUser: has(CurrentUser),
        serverUsers: has(ServerUsers),
        serverSessions: has(ServerSessions),
        serverTeams: has(ServerTeams),
        tokenVerifier: has(TokenVerifier),
        adminProjects: has(AdminProjects),
        apiKeys: has(ApiKeys)
      }
    })
  )

describe("tier contents at runtime", () => {
  it.effect("each tier builds exactly its own services", () =>
    Effect.gen(function* () {
      const client = yield* holds(clientTier(clientOptions))
      const server = yield* holds(serverTier(serverOptions))
      const admin = yield* holds(adminTier(adminOptions))
      assert.deepStrictEqual(client, {
        currentUser: true,
        serverUsers: false,
        serverSessions: false,
        serverTeams: false,
        tokenVerifier: false,
        adminProjects: false,
        apiKeys: false
      })
      assert.deepStrictEqual(server, {
        currentUser: true,
        serverUsers: true,
        serverSessions: true,
        serverTeams: true,
        tokenVerifier: true,
        adminProjects: false,
        apiKeys: false
      })
      assert.deepStrictEqual(admin, {
        currentUser: true,
        serverUsers: true,
        serverSessions: true,
        serverTeams: true,
        tokenVerifier: true,
        adminProjects: true,
        apiKeys: true
      })
    })
  )

  it.effect("the config carries the tier's access type and keys", () =>
    Effect.gen(function* () {
      const read = <E>(layer: Layer.Layer<ClientConfig, E>) => currentConfig.pipe(Effect.provide(layer))
      const client = yield* read(clientTier({ ...clientOptions, baseUrl: "http://127.0.0.1:8102/" }))
      assert.strictEqual(client.accessType, "client")
      assert.strictEqual(client.publishableClientKey, "pck")
      assert.strictEqual(client.baseUrl, "http://127.0.0.1:8102")
      const server = yield* read(serverTier(serverOptions))
      assert.strictEqual(server.accessType, "server")
      assert.strictEqual(server.secretServerKey, "ssk")
      const admin = yield* read(adminTier({ projectId: "p1", adminAccessToken: "owner-token" }))
      assert.strictEqual(admin.accessType, "admin")
      assert.strictEqual(admin.adminAccessToken, "owner-token")
      assert.isUndefined(admin.superSecretAdminKey)
      const hosted = yield* read(clientTier({ projectId: "p1", publishableClientKey: "k" }))
      assert.strictEqual(hosted.baseUrl, "https://api.hexclave.com")
    })
  )

  it.effect("a base URL ending in /api/v1 (the API's URL) is used without it, with a warning", () =>
    Effect.gen(function* () {
      const warnings: Array<string> = []
      const logger = Logger.make((options) => {
        if (options.logLevel === "Warn") warnings.push([options.message].flat().map(String).join(" "))
      })
      const read = <E>(layer: Layer.Layer<ClientConfig, E>) =>
        currentConfig.pipe(Effect.provide(layer), Effect.provide(Logger.layer([logger])))
      const pasted = yield* read(clientTier({ ...clientOptions, baseUrl: "http://127.0.0.1:8102/api/v1/" }))
      assert.strictEqual(pasted.baseUrl, "http://127.0.0.1:8102")
      assert.deepStrictEqual(warnings, [
        "stackfx: the base URL http://127.0.0.1:8102/api/v1/ ends in /api/v1; using http://127.0.0.1:8102 (the client adds /api/v1 itself)"
      ])
      const fromEnv = yield* read(
        serverTierFromEnv().pipe(
          Layer.provide(
            env({
              STACK_PROJECT_ID: "p",
              STACK_PUBLISHABLE_CLIENT_KEY: "pck",
              STACK_SECRET_SERVER_KEY: "ssk",
              STACK_API_URL: "https://auth.example.com/stack/api/v1"
            })
          )
        )
      )
      assert.strictEqual(fromEnv.baseUrl, "https://auth.example.com/stack")
      assert.lengthOf(warnings, 2)
      // A path that only looks alike stays, and says nothing.
      const other = yield* read(clientTier({ ...clientOptions, baseUrl: "https://auth.example.com/api/v10" }))
      assert.strictEqual(other.baseUrl, "https://auth.example.com/api/v10")
      assert.lengthOf(warnings, 2)
    })
  )

  it("normalizeBaseUrl takes off trailing slashes and the /api/v1 a pasted API URL ends in", () => {
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: false, withFragments: false }).filter((url) => !url.includes("/api/v1")),
        fc.nat(3),
        (url, slashes) => {
          const base = url.replace(/\/+$/, "")
          assert.deepStrictEqual(normalizeBaseUrl(`${url}${"/".repeat(slashes)}`), {
            baseUrl: base,
            strippedApiPath: false
          })
          assert.deepStrictEqual(normalizeBaseUrl(`${base}/api/v1${"/".repeat(slashes)}`), {
            baseUrl: base,
            strippedApiPath: true
          })
        }
      ),
      { numRuns: 50 }
    )
  })
})

const failureOf = <A, E>(layer: Layer.Layer<A, E>) => Effect.flip(Effect.scoped(Layer.build(layer)))

describe("missing configuration", () => {
  it.effect("a missing or blank project id fails every tier with MissingConfiguration", () =>
    Effect.gen(function* () {
      for (const layer of [
        clientTier({ publishableClientKey: "k" }),
        clientTier({ projectId: "   ", publishableClientKey: "k" }),
        serverTier({ projectId: undefined, secretServerKey: "s" }),
        adminTier({ projectId: "", superSecretAdminKey: "a" })
      ]) {
        const error = yield* failureOf(layer)
        assert.strictEqual(error._tag, "MissingConfiguration")
        if (error._tag === "MissingConfiguration") {
          assert.strictEqual(error.which, "projectId")
          assert.strictEqual(error.message, missingConfigurationMessage("projectId"))
          assert.include(error.message, "STACK_PROJECT_ID")
        }
      }
    })
  )

  it.effect("each tier requires its own secret, none the publishable key", () =>
    Effect.gen(function* () {
      const client = yield* failureOf(clientTier({}))
      const server = yield* failureOf(serverTier({ projectId: "p", publishableClientKey: "k" }))
      const admin = yield* failureOf(adminTier({ projectId: "p", secretServerKey: "s" }))
      assert.deepStrictEqual(
        [client, server, admin].map((e) => (e._tag === "MissingConfiguration" ? e.which : e._tag)),
        ["projectId", "secretServerKey", "superSecretAdminKey"]
      )
      assert.strictEqual(client.message, missingConfigurationMessage("projectId"))
      assert.include(admin.message, "adminAccessToken")
    })
  )

  it.effect("a project without a publishable key: every tier builds without one and sends no key header", () =>
    Effect.gen(function* () {
      const baseUrl = "http://127.0.0.1:1"
      for (const tier of [
        clientTier({ projectId: "p", baseUrl }),
        serverTier({ projectId: "p", secretServerKey: "s", baseUrl }),
        adminTier({ projectId: "p", superSecretAdminKey: "a", baseUrl }),
        adminTier({ projectId: "p", adminAccessToken: "owner-token", baseUrl })
      ]) {
        const context = yield* Effect.scoped(Layer.build(tier))
        assert.isUndefined(Context.get(context, ClientConfig).publishableClientKey)
      }
    })
  )
})

const env = (record: Record<string, string>) => ConfigProvider.layer(ConfigProvider.fromEnvRecord(record))

describe("configuration from the environment", () => {
  it.effect("reads STACK_* variables; overrides win key by key", () =>
    Effect.gen(function* () {
      const vars = {
        STACK_PROJECT_ID: "env-project",
        STACK_PUBLISHABLE_CLIENT_KEY: "env-pck",
        STACK_SECRET_SERVER_KEY: "env-ssk",
        STACK_SUPER_SECRET_ADMIN_KEY: "env-ssak",
        STACK_API_URL: "http://127.0.0.1:8102"
      }
      const config = <E>(layer: Layer.Layer<ClientConfig, E>) => currentConfig.pipe(Effect.provide(layer))
      const client = yield* config(clientTierFromEnv().pipe(Layer.provide(env(vars))))
      assert.deepInclude(client, {
        projectId: "env-project",
        accessType: "client",
        publishableClientKey: "env-pck",
        baseUrl: "http://127.0.0.1:8102"
      })
      assert.isUndefined(client.secretServerKey, "the client tier never carries the secret key")

      const server = yield* config(
        serverTierFromEnv({ projectId: "override", baseUrl: undefined }).pipe(Layer.provide(env(vars)))
      )
      assert.deepInclude(server, {
        projectId: "override",
        secretServerKey: "env-ssk",
        baseUrl: "http://127.0.0.1:8102"
      })

      const admin = yield* config(adminTierFromEnv().pipe(Layer.provide(env(vars))))
      assert.deepInclude(admin, { accessType: "admin", superSecretAdminKey: "env-ssak" })
    })
  )

  it.effect("reads the accepted issuers' base URLs from one variable, separated by commas or spaces", () =>
    Effect.gen(function* () {
      const vars = {
        HEXCLAVE_PROJECT_ID: "env-project",
        HEXCLAVE_SECRET_SERVER_KEY: "env-ssk",
        HEXCLAVE_API_URL: "http://127.0.0.1:8102",
        HEXCLAVE_ACCEPTED_ISSUER_BASE_URLS: "https://auth.example.com, http://10.0.0.5:8102  http://localhost:8102"
      }
      const config = yield* currentConfig.pipe(Effect.provide(serverTierFromEnv().pipe(Layer.provide(env(vars)))))
      assert.deepStrictEqual(config.acceptedIssuerBaseUrls, [
        "https://auth.example.com",
        "http://10.0.0.5:8102",
        "http://localhost:8102"
      ])
      const refused = yield* failureOf(
        serverTierFromEnv().pipe(
          Layer.provide(env({ ...vars, HEXCLAVE_ACCEPTED_ISSUER_BASE_URLS: "auth.example.com" }))
        )
      )
      assert.include(refused.message, "auth.example.com")
      const unset = yield* currentConfig.pipe(
        Effect.provide(
          serverTierFromEnv().pipe(Layer.provide(env({ ...vars, HEXCLAVE_ACCEPTED_ISSUER_BASE_URLS: "" })))
        )
      )
      assert.isUndefined(unset.acceptedIssuerBaseUrls)
    })
  )

  it.effect("a missing variable is a MissingConfiguration naming it", () =>
    Effect.gen(function* () {
      const noProject = yield* failureOf(
        clientTierFromEnv().pipe(Layer.provide(env({ STACK_PUBLISHABLE_CLIENT_KEY: "k" })))
      )
      assert.strictEqual(noProject._tag, "MissingConfiguration")
      assert.include(noProject.message, "STACK_PROJECT_ID")
      const noKey = yield* failureOf(serverTierFromEnv().pipe(Layer.provide(env({ STACK_PROJECT_ID: "p" }))))
      assert.strictEqual(noKey._tag === "MissingConfiguration" ? noKey.which : noKey._tag, "secretServerKey")
      assert.include(noKey.message, "STACK_SECRET_SERVER_KEY")
    })
  )
})

describe("only one app per unique identifier", () => {
  it.effect(
    "a second live tier with the same identifier fails; the identifier is free again once the first closes",
    () =>
      Effect.gen(function* () {
        const id = `app-${Math.random().toString(36).slice(2)}`
        const scope = yield* Scope.make()
        yield* Layer.buildWithScope(clientTier({ ...clientOptions, uniqueIdentifier: id }), scope)
        assert.isTrue(isUniqueIdentifierInUse(id))

        const duplicate = yield* failureOf(serverTier({ ...serverOptions, uniqueIdentifier: id }))
        assert.strictEqual(duplicate._tag, "DuplicateApp")
        if (duplicate._tag === "DuplicateApp") assert.strictEqual(duplicate.uniqueIdentifier, id)
        assert.isTrue(isUniqueIdentifierInUse(id), "the failed duplicate does not release the live app's claim")

        // Other identifiers, and tiers without one, are unaffected.
        yield* Effect.scoped(Layer.build(clientTier({ ...clientOptions, uniqueIdentifier: `${id}-other` })))
        yield* Effect.scoped(Layer.build(clientTier(clientOptions)))

        yield* Scope.close(scope, Exit.void)
        assert.isFalse(isUniqueIdentifierInUse(id))
        yield* Effect.scoped(Layer.build(clientTier({ ...clientOptions, uniqueIdentifier: id })))
      })
  )

  it.effect("a claim made by another copy of the package (same realm) counts", () =>
    Effect.gen(function* () {
      const id = `shared-${Math.random().toString(36).slice(2)}`
      // What a second copy of this module would write: the registry lives on globalThis under Symbol.for.
      const registry = (globalThis as unknown as Record<symbol, Set<string> | undefined>)[
        Symbol.for("stackfx/liveAppIdentifiers")
      ]
      assert.isDefined(registry)
      registry!.add(id)
      const error = yield* failureOf(clientTier({ ...clientOptions, uniqueIdentifier: id }))
      registry!.delete(id)
      assert.strictEqual(error._tag, "DuplicateApp")
    })
  )
})

describe("token store", () => {
  it.effect("without a document the default store keeps the session in memory, per Layer", () =>
    Effect.gen(function* () {
      const tokens = { accessToken: null, refreshToken: "r1" }
      const kept = yield* Effect.gen(function* () {
        yield* (yield* Session).setTokens(tokens)
        return yield* (yield* TokenStore).get
      }).pipe(Effect.provide(clientTier(clientOptions)))
      assert.deepStrictEqual(kept, tokens)
    })
  )

  it.effect("in a browser (a document exists) the default store writes the project's cookies", () =>
    Effect.gen(function* () {
      const jar: Array<string> = []
      const fakeDocument = {
        get cookie() {
          return jar.map((c) => c.split(";")[0]).join("; ")
        },
        set cookie(value: string) {
          jar.push(value)
        }
      }
      const holder = globalThis as { document?: unknown }
      const previous = holder.document
      holder.document = fakeDocument
      yield* Effect.gen(function* () {
        yield* (yield* Session).setTokens({ accessToken: null, refreshToken: "r2" })
      }).pipe(
        Effect.provide(clientTier(clientOptions)),
        Effect.ensuring(
          Effect.sync(() => {
            holder.document = previous
          })
        )
      )
      assert.isTrue(
        jar.some((c) => c.startsWith("hexclave-refresh-p1--default=") && c.includes(encodeURIComponent('"r2"'))),
        jar.join("\n")
      )
    })
  )

  it.effect("a given store is used as is", () =>
    Effect.gen(function* () {
      const initial = { accessToken: null, refreshToken: "given" }
      const state = yield* Effect.gen(function* () {
        return (yield* Session).current()
      }).pipe(Effect.provide(clientTier({ ...clientOptions, tokenStore: TokenStore.memory(initial) })))
      assert.deepInclude(state, { _tag: "Active", refreshToken: "given" })
    })
  )
})
