import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Schema from "effect/Schema"
import { isInvalidAccessToken } from "../../errors/categories.js"
import type { InvalidTokenString } from "../../errors/client/session.js"
import { ClientConfig } from "./client-config.js"
import { Session } from "../session/session.js"
import type { StoredTokens, TokenStore } from "../session/token-store.js"
import type { TransportRequest } from "./transport-request.js"
import { type RequestError, sendRequest } from "./transport-send.js"
import { type LazySchema, resolveSchema, startLoadingCodec, wireCodec } from "./wire-codec-load.js"

export type { RequestError, TransportError } from "./transport-send.js"
export { formBody, type HttpMethod, jsonBody, type RequestBody, type TransportRequest } from "./transport-request.js"

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
  static readonly layer: Layer.Layer<Transport, never, ClientConfig | Session> = /* @__PURE__ */ Layer.effect(
    Transport,
    Effect.gen(function*() {
      const config = yield* ClientConfig
      const session = yield* Session
      // The default freshness is always valid, so InvalidFreshness here would be a bug, not an outcome.
      const tokens = session.getTokens().pipe(Effect.catchTag("InvalidFreshness", (e) => Effect.die(e)))

      /** Sends with `sent`; when the server refuses its access token, once more after a refresh. */
      const sendWith = (req: TransportRequest, sent: StoredTokens): Effect.Effect<unknown, TransportCallError> =>
        Effect.catchIf(sendRequest(config, req, sent), isInvalidAccessToken, (error) => {
          const rejected = sent.accessToken
          if (rejected === null) return Effect.fail(error)
          return session.markExpired(rejected).pipe(
            Effect.andThen(tokens),
            Effect.flatMap((fresh) => sendRequest(config, req, fresh))
          )
        })

      const request = (req: TransportRequest): Effect.Effect<unknown, TransportCallError> =>
        req.withSession === false
          ? sendRequest(config, req, null)
          : Effect.flatMap(tokens, (sent) => sendWith(req, sent))

      /** The body decoded with the schema, once the codec (started with the request) is loaded. */
      const decode = <S extends Schema.Decoder<unknown, never>>(req: TransportRequest, schema: S | LazySchema<S>) =>
      (body: unknown): Effect.Effect<S["Type"], TransportCallError> =>
        Effect.flatMap(wireCodec(req.method, req.path), (codec) => codec.decodeJson(resolveSchema(schema, codec))(body))

      return Transport.of({
        request,
        requestJson: (req, schema) =>
          Effect.suspend(() => {
            startLoadingCodec()
            return Effect.flatMap(request(req), decode(req, schema))
          }),
        requestJsonIfSignedIn: (req, schema) =>
          Effect.flatMap(tokens, (sent) => {
            if (sent.accessToken === null && sent.refreshToken === null) return Effect.succeed(null)
            startLoadingCodec()
            return Effect.flatMap(sendWith(req, sent), decode(req, schema))
          })
      })
    })
  )

  /** Transport and the Session it reads, from a config and a token store. */
  static readonly layerWithSession: Layer.Layer<Transport | Session, never, ClientConfig | TokenStore> = Transport
    .layer.pipe(Layer.provideMerge(Session.layer))
}
