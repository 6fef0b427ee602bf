/**
 * Bot challenges from the client (issue 36, §3): the tier's `botChallenge` source and a call's own challenge
 * reach the local backend's sign-up and magic-link send as the service's SDK sends them, and the backend's
 * verdicts come back as the calls' known errors. The local backend judges tokens as the service's development
 * setup does (`mock-turnstile-invalid` fails, `mock-turnstile-ok:<action>` passes for that action).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { BotChallengeSource } from "../../src/domain/bot-challenge.js"
import { clientTier } from "../../src/layers/client.js"
import { Auth } from "../../src/services/generated/auth.js"
import { TokenStore } from "../../src/services/session/token-store.js"
import { uniqueEmail, useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()

const failingInvisible: BotChallengeSource = () =>
  Effect.succeed({ token: "mock-turnstile-invalid", phase: "invisible" })

const tier = (botChallenge?: BotChallengeSource) =>
  Effect.promise(() => backend.createProject({ config: { magic_link_enabled: true } })).pipe(
    Effect.map((project) =>
      clientTier({
        projectId: project.id,
        publishableClientKey: project.publishableClientKey,
        baseUrl: backend.localBackend().url,
        tokenStore: TokenStore.memory(),
        botChallenge
      })
    )
  )

describe("bot challenges from the client", () => {
  it.live("the tier's source goes with a sign-up; a call's own challenge wins over it", () =>
    Effect.gen(function* () {
      const layer = yield* tier(failingInvisible)
      const refused = yield* Effect.flip(
        Auth.use((auth) => auth.signUpWithCredential({ email: uniqueEmail(), password: "a-long-password-1" })).pipe(
          Effect.provide(layer)
        )
      )
      assert.strictEqual(refused._tag, "BotChallengeRequired")
      const signedUp = yield* Auth.use((auth) =>
        auth.signUpWithCredential({
          email: uniqueEmail(),
          password: "a-long-password-1",
          botChallenge: { token: "mock-turnstile-visible-ok:sign_up_with_credential", phase: "visible" }
        })
      ).pipe(Effect.provide(layer))
      assert.isTrue(signedUp.isNewUser)
    })
  )

  it.live("the magic-link send carries the challenge: a failed visible one is BotChallengeFailed", () =>
    Effect.gen(function* () {
      const layer = yield* tier()
      const email = uniqueEmail()
      const callbackUrl = "http://localhost:3000/handler/magic-link-callback"
      const refused = yield* Effect.flip(
        Auth.use((auth) =>
          auth.sendMagicLinkEmail(email, {
            callbackUrl,
            botChallenge: { token: "mock-turnstile-invalid", phase: "visible" }
          })
        ).pipe(Effect.provide(layer))
      )
      assert.strictEqual(refused._tag, "BotChallengeFailed")
      const sent = yield* Auth.use((auth) =>
        auth.sendMagicLinkEmail(email, {
          callbackUrl,
          botChallenge: { token: "mock-turnstile-ok:send_magic_link_email", phase: "invisible" }
        })
      ).pipe(Effect.provide(layer))
      assert.isString(sent.nonce)
    })
  )
})
