/**
 * The development provider's pages, ready for the local backend's router. With the default prefix `/dev-oauth`:
 * - `GET  /dev-oauth/{providerId}/authorize?redirect_uri&state&scope&nonce`  the page (HTML)
 * - `POST /dev-oauth/{providerId}/authorize`  form post from the page; answers 302 to `redirect_uri` with
 *   `code` and `state`, or `error=access_denied` and `state`
 * A request whose redirect URI is not allowed answers 400 and never redirects.
 */
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import {
  DevAuthorizeRequest,
  DevProvider,
  type DevProviderRequestInvalid,
  type DevProviderShape
} from "./dev-provider.js"
import { type DevIdentityPreset, renderDevProviderPage } from "./dev-provider-page.js"

/** The default path prefix of the development provider. */
export const defaultDevProviderPrefix: `/${string}` = "/dev-oauth"

/**
 * The URL the backend sends the browser to, for a provider served by the development provider.
 *
 * @example devAuthorizationUrl("http://127.0.0.1:8102", "github", { redirect_uri, state, scope: "user:email" })
 */
export const devAuthorizationUrl = (
  origin: string,
  providerId: string,
  request: DevAuthorizeRequest,
  prefix: string = defaultDevProviderPrefix
): string => {
  const url = new URL(`${prefix.replace(/\/+$/, "")}/${encodeURIComponent(providerId)}/authorize`, origin)
  url.searchParams.set("redirect_uri", request.redirect_uri)
  url.searchParams.set("state", request.state)
  if (request.scope !== undefined) url.searchParams.set("scope", request.scope)
  if (request.nonce !== undefined) url.searchParams.set("nonce", request.nonce)
  return url.toString()
}

const FormBody = Schema.Struct({
  ...DevAuthorizeRequest.fields,
  action: Schema.Literals(["approve", "deny"]),
  email: Schema.optionalKey(Schema.String),
  name: Schema.optionalKey(Schema.String),
  account_id: Schema.optionalKey(Schema.String),
  email_verified: Schema.optionalKey(Schema.String)
})

const badRequest = (message: string) => HttpServerResponse.text(message, { status: 400 })

const invalid = (e: DevProviderRequestInvalid) => Effect.succeed(badRequest(e.message))

const providerParam = Effect.map(HttpRouter.params, (p) => p["providerId"] ?? "")

export interface DevProviderRoutesOptions {
  readonly prefix?: `/${string}` | undefined
  /** Identities offered as quick picks; the built-in three when absent. */
  readonly presets?: Effect.Effect<ReadonlyArray<DevIdentityPreset>> | undefined
}

const routes = (router: HttpRouter.HttpRouter, provider: DevProviderShape, options: DevProviderRoutesOptions) => {
  const prefix = (options.prefix ?? defaultDevProviderPrefix).replace(/\/+$/, "")
  const path: `/${string}` =
    prefix === "" ? "/:providerId/authorize" : `/${prefix.replace(/^\/+/, "")}/:providerId/authorize`
  const actionOf = (providerId: string) => `${prefix}/${encodeURIComponent(providerId)}/authorize`
  const page = (providerId: string, request: DevAuthorizeRequest, error?: string) =>
    Effect.map(options.presets ?? Effect.succeed(undefined), (presets) => {
      const response = HttpServerResponse.html(
        renderDevProviderPage({ providerId, action: actionOf(providerId), request, presets, error })
      )
      return error === undefined ? response : HttpServerResponse.setStatus(response, 400)
    })

  const show = Effect.gen(function* () {
    const providerId = yield* providerParam
    const request = yield* HttpServerRequest.schemaSearchParams(DevAuthorizeRequest)
    yield* provider.checkRequest(providerId, request)
    return yield* page(providerId, request)
  }).pipe(
    Effect.catchTags({
      SchemaError: () => Effect.succeed(badRequest("redirect_uri and state are required.")),
      DevProviderRequestInvalid: invalid
    })
  )

  const submit = Effect.gen(function* () {
    const providerId = yield* providerParam
    const form = yield* HttpServerRequest.schemaBodyUrlParams(FormBody)
    const request: DevAuthorizeRequest = {
      redirect_uri: form.redirect_uri,
      state: form.state,
      ...(form.scope === undefined ? {} : { scope: form.scope }),
      ...(form.nonce === undefined ? {} : { nonce: form.nonce })
    }
    if (form.action === "deny") return HttpServerResponse.redirect(yield* provider.deny(providerId, request))
    yield* provider.checkRequest(providerId, request)
    return yield* provider
      .approve(providerId, request, {
        email: form.email ?? "",
        displayName: form.name,
        accountId: form.account_id,
        emailVerified: form.email_verified === "true"
      })
      .pipe(
        Effect.map((location) => HttpServerResponse.redirect(location)),
        // the request itself was valid, so a bad identity goes back to the page with the reason
        Effect.catchTag("DevProviderRequestInvalid", (e) => page(providerId, request, e.message))
      )
  }).pipe(
    Effect.catchTags({
      SchemaError: () => Effect.succeed(badRequest("The form is incomplete.")),
      HttpServerError: () => Effect.succeed(badRequest("The form could not be read.")),
      DevProviderRequestInvalid: invalid
    })
  )

  return Effect.andThen(router.add("GET", path, show), router.add("POST", path, submit))
}

/** Add the development provider's pages to the router, reading `DevProvider` once at construction. */
export const devProviderRoutes = (
  options: DevProviderRoutesOptions = {}
): Layer.Layer<never, never, HttpRouter.HttpRouter | DevProvider> =>
  HttpRouter.use((router) =>
    Effect.gen(function* () {
      const provider = yield* DevProvider
      yield* routes(router, provider, options)
    })
  )
