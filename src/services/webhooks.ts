/** The webhook management portal token (admin tier). */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { SvixToken } from "../domain/admin-actions.js"
import { AdminAuthErrorTags, type AdminFailure } from "./admin-auth.js"
import { documented } from "./endpoint.js"
import { jsonBody, Transport } from "./transport.js"

export interface WebhooksShape {
  /** A token for the project's webhook portal (Svix on the hosted service, a stable per-project token locally). */
  readonly svixToken: Effect.Effect<string, AdminFailure>
}

export class Webhooks extends Context.Service<Webhooks, WebhooksShape>()("stackfx/Webhooks") {
  static readonly layer: Layer.Layer<Webhooks, never, Transport> = Layer.effect(
    Webhooks,
    Effect.map(Transport, (transport) =>
      Webhooks.of({
        svixToken: transport.requestJson({ method: "POST", path: "/webhooks/svix-token", body: jsonBody({}) }, SvixToken).pipe(
          Effect.map((answer) => answer.token),
          documented(...AdminAuthErrorTags)
        )
      }))
  )
}
