/**
 * The transport's front, the one HTTP pipeline of every tier: the session's tokens around the wire's send
 * (wire/transport-send.ts), an answer decoded with its schema through the codec, and what a call through it
 * can fail with: its documented known errors plus {@link CallError} (the pipeline's own failures and
 * `UnexpectedKnownError` for any other known error, so `Effect.catchTags` over a call can be exhaustive),
 * narrowed to what the endpoint documents with {@link documented}.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Schema from "effect/Schema"
import type { InvalidTokenString } from "../../errors/client/session.js"
import { UnexpectedKnownError } from "../../errors/client/unexpected-known-error.js"
import type { KnownError, KnownErrorTag } from "../../errors/known/registry.js"
import type { PublishableClientKeyRequiredForProject } from "../../errors/known/project-authentication.js"
import type { AnonymousAuthenticationNotAllowed } from "../../errors/known/session.js"
import { isKnownError } from "../../errors/known/type-id.js"
import type { RestrictedUserNotAllowed } from "../../errors/known/users.js"
import { ClientConfig } from "../wire/client-config.js"
import { LazyPartsLoader, wireConfig } from "../wire/lazy-parts.js"
import { layerLazyParts } from "./internal/lazy-service.js"
import { Session } from "../session/session.js"
import type { StoredTokens, TokenStore } from "../session/token-store.js"
import type { TransportRequest } from "../wire/transport-request.js"
import {
  type Finish,
  type RequestError,
  sendRequestThen,
  startRequest,
  succeedBody,
  type TransportError
} from "../wire/transport-send.js"
import { loadedCodec, startLoadingCodec, wireCodec, type LazySchema, resolveSchema } from "../wire/wire-codec-load.js"

export type { RequestError, TransportError } from "../wire/transport-send.js"
export { formBody, jsonBody, type RequestBody, type TransportRequest } from "../wire/transport-request.js"

/** A call can also fail because the stored token is the string "undefined". */
export type TransportCallError = RequestError | InvalidTokenString

/** What the Transport service offers; see its tag for the rules. */
export interface TransportShape {
  /** Sends the request and succeeds with the 2xx body as JSON (`null` when empty), or as text (`response: "text"`). */
  readonly request: (request: TransportRequest) => Effect.Effect<unknown, TransportCallError>
  /**
   * `request` followed by `decodeJson(schema)`. Code on a program's first load names its schema with
   * `lazySchema` (wire-codec-load.ts): the decoder then loads while the request is under way.
   */
  readonly requestJson: <S extends Schema.Decoder<unknown, never>>(
    request: TransportRequest,
    schema: S | LazySchema<S>
  ) => Effect.Effect<S["Type"], TransportCallError>
  /**
   * `requestJson` when the session has tokens; `null`, with nothing sent, when it has none (no session, or
   * the refresh token was just rejected and the session ended). For calls such as "the signed-in user",
   * where a visitor is an answer and not an error; the session is read once, not once here and once more
   * for the request.
   */
  readonly requestJsonIfSignedIn: <S extends Schema.Decoder<unknown, never>>(
    request: TransportRequest,
    schema: S | LazySchema<S>
  ) => Effect.Effect<S["Type"] | null, TransportCallError>
}

/**
 * The one HTTP pipeline of every tier: session tokens on the way out (refreshed when stale), and when the
 * server still calls the access token invalid, the token is marked expired, refreshed once, and the
 * request is sent once more.
 */
export class Transport extends /* @__PURE__ */ Context.Service<Transport, TransportShape>()("stackfx/Transport") {
  static readonly layer: Layer.Layer<Transport, never, ClientConfig | Session | LazyPartsLoader> =
    /* @__PURE__ */ Layer.effect(
      Transport,
      Effect.gen(function* () {
        // The wire is handed the loader of what it needs of the lazily loaded chunk (the known-error catalogue).
        const config = wireConfig(yield* ClientConfig, yield* LazyPartsLoader)
        const session = yield* Session
        // The default freshness is always valid, so InvalidFreshness here would be a bug, not an outcome.
        const tokens = session.getTokens().pipe(Effect.catchTag("InvalidFreshness", (e) => Effect.die(e)))

        /**
         * What follows when the server refuses the access token `sent` carried: the token is marked expired,
         * refreshed, and the request sent once more (that second send fails as it fails). Nothing to do
         * without an access token.
         */
        const onRejected = <A, E>(req: TransportRequest, sent: StoredTokens, finish: Finish<A, E>) => {
          const rejected = sent.accessToken
          if (rejected === null) return undefined
          return (): Effect.Effect<A, E | TransportCallError> =>
            session.markExpired(rejected).pipe(
              Effect.andThen(tokens),
              Effect.flatMap((fresh) => sendRequestThen(config, req, fresh, finish))
            )
        }

        /**
         * The session's tokens, then `use` them: `send(finish)` sends the request with them. When the session
         * has them at once (the usual case) the whole call up to the network is one step: the tokens, the
         * clock and the request's services are read from the same fiber.
         */
        const withTokens = <A, E>(
          req: TransportRequest,
          use: (
            sent: StoredTokens,
            send: <B extends A>(finish: Finish<B, E>) => Effect.Effect<B, E | TransportCallError>
          ) => Effect.Effect<A, E | TransportCallError>
        ): Effect.Effect<A, E | TransportCallError> =>
          Effect.withFiber((fiber) => {
            const now = session.tokensNow(fiber.getRef(Clock.Clock).currentTimeMillisUnsafe())
            if (now !== undefined) {
              return use(now, (finish) => startRequest(fiber, config, req, now, finish, onRejected(req, now, finish)))
            }
            return Effect.flatMap(tokens, (sent) =>
              use(sent, (finish) => sendRequestThen(config, req, sent, finish, onRejected(req, sent, finish)))
            )
          })

        const requestThen = <A, E>(
          req: TransportRequest,
          finish: Finish<A, E>
        ): Effect.Effect<A, E | TransportCallError> =>
          req.withSession === false
            ? sendRequestThen(config, req, null, finish)
            : withTokens<A, E>(req, (_, send) => send(finish))

        /**
         * The body decoded with the schema: at once when the codec is loaded (the call resumes once, with the
         * decoded answer), else once the codec, whose load started with the request, is in.
         */
        const decode = <S extends Schema.Decoder<unknown, never>>(req: TransportRequest, schema: S | LazySchema<S>) => {
          // The schema's decoder, kept once the codec is in: a service makes its call's effect once, and each
          // run then decodes straight away.
          let decoder: ((body: unknown) => Effect.Effect<S["Type"], TransportCallError>) | undefined
          return (body: unknown): Effect.Effect<S["Type"], TransportCallError> => {
            if (decoder !== undefined) return decoder(body)
            const codec = loadedCodec()
            if (codec !== undefined) {
              decoder = codec.decodeJson(resolveSchema(schema, codec))
              return decoder(body)
            }
            return Effect.flatMap(wireCodec(req.method, req.path), (loaded) =>
              loaded.decodeJson(resolveSchema(schema, loaded))(body)
            )
          }
        }

        return Transport.of({
          request: (req) => requestThen(req, succeedBody),
          requestJson: (req, schema) => {
            const finish = decode(req, schema)
            return Effect.suspend(() => {
              startLoadingCodec()
              return requestThen(req, finish)
            })
          },
          requestJsonIfSignedIn: <S extends Schema.Decoder<unknown, never>>(
            req: TransportRequest,
            schema: S | LazySchema<S>
          ) => {
            const finish = decode(req, schema)
            return withTokens<S["Type"] | null, TransportCallError>(req, (sent, send) => {
              if (sent.accessToken === null && sent.refreshToken === null) return Effect.succeed(null)
              startLoadingCodec()
              return send(finish)
            })
          }
        })
      })
    )

  /**
   * Transport and the Session it reads, from a config and a token store; both handed the loader of the lazily
   * loaded chunk (internal/lazy-service.ts).
   */
  static readonly layerWithSession: Layer.Layer<Transport | Session, never, ClientConfig | TokenStore> =
    Transport.layer.pipe(Layer.provideMerge(Session.layer), Layer.provide(layerLazyParts))
}

// What a call through the transport can fail with, and its narrowing to the known errors an endpoint
// documents.

/**
 * The service's refusal of the session's user, possible on any call that sends an access token: an
 * anonymous user's session without `X-Stack-Allow-Anonymous-User`, a restricted user's without an allow
 * header (see `AllowedUsers`, wire/transport-request.ts). Part of every call's channel: whether a call sends a token depends on
 * the session at run time, not on the call.
 */
export type SessionUserRefused = RestrictedUserNotAllowed | AnonymousAuthenticationNotAllowed

/**
 * The project requires a publishable client key and the request sent none: a tier built without a key
 * (`publishableClientKey` is optional) against a project with `project.requirePublishableClientKey`. The
 * service checks it before any route, so any call of such a tier can meet it: part of every call's channel,
 * typed, instead of an `UnexpectedKnownError`.
 */
export type ProjectKeyRequired = PublishableClientKeyRequiredForProject

/** What every narrowing keeps besides the documented known errors. */
type AlwaysKept = SessionUserRefused | ProjectKeyRequired

/** The tags of {@link AlwaysKept}. */
const alwaysKeptTags = [
  "RestrictedUserNotAllowed",
  "AnonymousAuthenticationNotAllowed",
  "PublishableClientKeyRequiredForProject"
] as const

/** What any call can fail with besides its documented known errors. */
export type CallError = TransportError | InvalidTokenString | UnexpectedKnownError | AlwaysKept

/** The known errors whose tags are listed. */
export type KnownErrorOf<Tags extends KnownErrorTag> = Extract<KnownError, { readonly _tag: Tags }>

/** The error channel of a call documenting `Tags`. */
export type CallFailure<Tags extends KnownErrorTag = never> = KnownErrorOf<Tags> | CallError

/**
 * A service's error table: for each method, the known-error tags it documents. It is the one place they are
 * written: the Shape derives each method's error channel from it ({@link FailureOf}) and the implementation
 * narrows each call with it (`documented(...Table.method)`), so the two cannot disagree. A table lives in a
 * module of its own that the Shape imports as a type only, so a lazily loaded service's tags load with it.
 */
export type ErrorTable = { readonly [method: string]: ReadonlyArray<KnownErrorTag> }

/** The error channel of `method` in a service's error table. */
export type FailureOf<Table extends ErrorTable, Method extends keyof Table> = CallFailure<Table[Method][number]>

/**
 * Keeps the listed known errors, folds every other known error into `UnexpectedKnownError`.
 *
 * @example
 * transport.requestJson(req, ClientUser).pipe(documented("UserNotFound"))
 */
export const documented = <const Tags extends ReadonlyArray<KnownErrorTag>>(...tags: Tags) => {
  const narrow = narrowedTo(...tags)
  return <A, E, R>(
    self: Effect.Effect<A, E, R>
  ): Effect.Effect<A, Exclude<E, KnownError> | KnownErrorOf<Tags[number]> | UnexpectedKnownError | AlwaysKept, R> =>
    Effect.mapError(self, narrow)
}

/**
 * {@link documented} as a function of one error, for a call that also handles some errors itself and
 * does both in one step.
 * @internal
 */
export const narrowedTo = <const Tags extends ReadonlyArray<KnownErrorTag>>(...tags: Tags) => {
  const allowed: ReadonlySet<string> = new Set([...tags, ...alwaysKeptTags])
  return <E>(error: E): Exclude<E, KnownError> | KnownErrorOf<Tags[number]> | UnexpectedKnownError | AlwaysKept => {
    if (!isKnownError(error) || allowed.has(error._tag)) {
      // A known error let through is one of `tags`, a refusal of the session's user or of the missing key.
      return error as Exclude<E, KnownError> | KnownErrorOf<Tags[number]> | AlwaysKept
    }
    return new UnexpectedKnownError({
      code: error.code,
      status: error.status,
      details: error.details,
      message: error.message
    })
  }
}
