/**
 * Agent sign-in (`/agent/...`), as the hosted service has it since May 2026: a program (an AI agent, a CLI)
 * registers and describes itself, gets a short claim code and a confirm URL for a person, and a poll token it
 * keeps; the person, signed in, confirms (or refuses) on the app's `agent-auth-confirm` handler page; the
 * program's next poll receives a session of its own on that person's account. It is the device-authorization
 * flow of the CLI sign-in, with the agent's description, a refusal, and an anonymous session to start with.
 */
import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"
import { AbsoluteUrl } from "./absolute-url.js"
import { DEVICE_AUTH_STATUSES } from "./rules/device-auth.js"
import { wireStruct } from "./wire.js"

/** How long a registration waits for a person by default: fifteen minutes (the service's). @internal */
export const AGENT_AUTH_DEFAULT_EXPIRES_IN_MILLIS = 15 * 60 * 1000
/** The shortest registration the service accepts: thirty seconds. @internal */
export const AGENT_AUTH_MIN_EXPIRES_IN_MILLIS = 30 * 1000
/** The longest: one hour. @internal */
export const AGENT_AUTH_MAX_EXPIRES_IN_MILLIS = 60 * 60 * 1000
/** How long an approved agent's session lasts: ninety days. @internal */
export const AGENT_SESSION_LIFETIME_MILLIS = 90 * 24 * 60 * 60 * 1000

/** A string the service trims before checking its length (yup's `trim()`): the trimmed text is what it keeps. */
const trimmed = (min: number, max: number) =>
  Schema.String.pipe(
    Schema.decodeTo(
      Schema.String.check(Schema.isMinLength(min), Schema.isMaxLength(max)),
      SchemaTransformation.transform({ decode: (s: string) => s.trim(), encode: (s) => s })
    )
  )

/** A URL of at most 300 characters (the service's limit on the agent's and the app's URLs). */
const ShortUrl = AbsoluteUrl.check(Schema.isMaxLength(300))

/** Who asks: shown to the person on the confirm page and, as `agent_name`, beside the session it gets. */
export const AgentDescriptor = wireStruct({
  name: trimmed(1, 100),
  /** What the agent means to do with the access. */
  description: Schema.optionalKey(trimmed(0, 500)),
  /** The agent's homepage or documentation. */
  url: Schema.optionalKey(ShortUrl)
})
export type AgentDescriptor = typeof AgentDescriptor.Type

/** The body of `POST /agent/register`. */
export const AgentRegisterRequest = wireStruct({
  agent: AgentDescriptor,
  /** Who should approve (usually an e-mail address); only shown on the confirm page. */
  userHint: Schema.optionalKey(trimmed(0, 256)),
  /**
   * The app the agent works in; it must be on the project's trusted domains, and the confirm URL is then built
   * on it (with the handler path of the trusted domain it matched).
   */
  appUrl: Schema.optionalKey(ShortUrl),
  /** From thirty seconds to one hour; fifteen minutes when absent. */
  expiresInMillis: Schema.optionalKey(
    Schema.Finite.check(
      Schema.isBetween({ minimum: AGENT_AUTH_MIN_EXPIRES_IN_MILLIS, maximum: AGENT_AUTH_MAX_EXPIRES_IN_MILLIS })
    )
  )
})
export type AgentRegisterRequest = typeof AgentRegisterRequest.Type

/** A session's three parts as agent sign-in hands them over. */
export const AgentSessionTokens = wireStruct({
  userId: Schema.String,
  accessToken: Schema.String,
  refreshToken: Schema.String
})
export type AgentSessionTokens = typeof AgentSessionTokens.Type

/** The answer of `POST /agent/register`. */
export const AgentRegistration = wireStruct({
  /** `XXXX-XXXX`, for the person (in the confirm URL too). */
  claimCode: Schema.String,
  confirmUrl: Schema.String,
  /** The agent's secret: what it polls with. */
  pollToken: Schema.String,
  expiresAtMillis: Schema.Finite,
  /** A session of a new anonymous user, usable at once with `x-hexclave-allow-anonymous-user: true`. */
  anonymousSession: AgentSessionTokens
})
export type AgentRegistration = typeof AgentRegistration.Type

/**
 * Where a device-authorization attempt (a CLI sign-in or an agent registration) stands: `waiting` for the
 * person, `success` when confirmed and not yet picked up, then `used`; or `denied`, or `expired`.
 */
export const DeviceAuthStatus = Schema.Literals(DEVICE_AUTH_STATUSES)
export type DeviceAuthStatus = typeof DeviceAuthStatus.Type

/** The body of `POST /agent/register/poll`. */
export const AgentPollRequest = wireStruct({ pollToken: Schema.String })
export type AgentPollRequest = typeof AgentPollRequest.Type

/** The answer of a poll: 201 with `success` and the session (once), else 200 with the status alone. */
export const AgentPollAnswer = wireStruct({
  status: DeviceAuthStatus,
  session: Schema.optionalKey(AgentSessionTokens)
})
export type AgentPollAnswer = typeof AgentPollAnswer.Type

/** What the person does on the confirm page: look first, then approve or deny. */
export const AgentConfirmAction = Schema.Literals(["inspect", "approve", "deny"])
export type AgentConfirmAction = typeof AgentConfirmAction.Type

/** The body of `POST /agent/register/confirm`; the claim code as typed (case, dash and spaces do not matter). */
export const AgentConfirmRequest = wireStruct({ claimCode: Schema.String, action: AgentConfirmAction })
export type AgentConfirmRequest = typeof AgentConfirmRequest.Type

/** The agent as the confirm page shows it. */
export const AgentDescription = wireStruct({
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  url: Schema.NullOr(Schema.String)
})
export type AgentDescription = typeof AgentDescription.Type

/** The answer of a confirmation: who asks, and where the registration stands after the action. */
export const AgentConfirmAnswer = wireStruct({
  agent: AgentDescription,
  userHint: Schema.NullOr(Schema.String),
  expiresAtMillis: Schema.Finite,
  status: Schema.Literals(["waiting", "success", "denied"])
})
export type AgentConfirmAnswer = typeof AgentConfirmAnswer.Type
