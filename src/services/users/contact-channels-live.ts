/**
 * The implementations of {@link ContactChannels} and {@link ServerContactChannels}, loaded on first use (see
 * lazy-service.ts).
 */
import * as Effect from "effect/Effect"
import { ContactChannelsApi } from "../../contract/contact-channels.js"
import { emailCallbackUrl } from "../navigation/callback-url.js"
import { caller } from "../http/call.js"
import { implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import {
  ContactChannelsCalls,
  type ChannelVerificationFailure,
  ServerContactChannelsCalls,
  type VerificationEmailOptions
} from "./contact-channels-calls.js"

/** Emails a verification link for one address of `userId`, the callback URL resolved first. */
const verificationEmail = <V extends "client" | "server">(view: V) =>
  Effect.map(Transport, (transport) => {
    const call = caller(transport, ContactChannelsApi.sendVerificationCode, view)
    return (
      userId: string,
      id: string,
      options: VerificationEmailOptions = {}
    ): Effect.Effect<void, ChannelVerificationFailure<V>> =>
      Effect.gen(function* () {
        const callbackUrl = yield* emailCallbackUrl("emailVerification", options.callbackUrl)
        yield* call({ params: { user_id: userId, contact_channel_id: id }, body: { callbackUrl } }).pipe(
          // The URL was resolved to an absolute one above: it encodes.
          Effect.catchTag("InvalidInput", Effect.die)
        )
      })
  })

export const makeContactChannels = implement(
  ContactChannelsCalls,
  Effect.map(verificationEmail("client"), (send) => ({
    sendVerificationEmail: (id: string, options?: VerificationEmailOptions) => send("me", id, options)
  }))
)

export const makeServerContactChannels = implement(
  ServerContactChannelsCalls,
  Effect.map(verificationEmail("server"), (send) => ({ sendVerificationEmail: send }))
)
