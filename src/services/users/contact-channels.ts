/**
 * Contact channels (a user's email addresses): `ContactChannels` for the signed-in user on any tier, and
 * `ServerContactChannels` for any user of the project (server and admin tiers only). Redeeming a
 * verification link is `Auth.verifyEmail`.
 *
 * @example
 * const channel = yield* channels.create({ value: "ann@work.example", usedForAuth: false })
 * yield* channels.sendVerificationEmail(channel.id, { callbackUrl: "https://app.example/handler/email-verification" })
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { ContactChannelsMembers, ServerContactChannelsMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { ContactChannelsCalls, ServerContactChannelsCalls } from "./contact-channels-calls.js"

export type {
  OwnContactChannelCreate,
  OwnContactChannelUpdate,
  ChannelVerificationFailure,
  ServerContactChannelCreate,
  VerificationEmailOptions
} from "./contact-channels-calls.js"

/** What the ContactChannels service offers; see its tag for the rules. Its members are declared in contact-channels-calls.ts. */
export type ContactChannelsShape = ShapeOf<typeof ContactChannelsCalls>

/** What the ServerContactChannels service offers; see its tag for the rules. */
export type ServerContactChannelsShape = ShapeOf<typeof ServerContactChannelsCalls>

/** The signed-in user's contact channels; on every tier. */
export class ContactChannels
  extends /* @__PURE__ */ Context.Service<ContactChannels, ContactChannelsShape>()("stackfx/ContactChannels")
{
  static readonly layer: Layer.Layer<ContactChannels, never, Transport> = /* @__PURE__ */ lazyLayer(
    ContactChannels,
    ContactChannelsMembers,
    () => import("../live.js").then((m) => m.makeContactChannels)
  )
}

/** Any user's contact channels; server and admin tiers only. */
export class ServerContactChannels
  extends /* @__PURE__ */ Context.Service<ServerContactChannels, ServerContactChannelsShape>()(
    "stackfx/ServerContactChannels"
  )
{
  static readonly layer: Layer.Layer<ServerContactChannels, never, Transport> = /* @__PURE__ */ lazyLayer(
    ServerContactChannels,
    ServerContactChannelsMembers,
    () => import("../live.js").then((m) => m.makeServerContactChannels)
  )
}
