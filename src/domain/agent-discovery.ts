/**
 * `GET /agent/discovery`: what an agent reads before it knows how to talk to the project (the machine-readable
 * twin of `GET /agent/auth.md`). The endpoint names follow the OAuth metadata documents (RFC 8414) where one
 * matches, so generic tooling finds them; the rest sits under `hexclave_agent_auth`, whose keys stay as the
 * service spells them (header names are keys there).
 */
import * as Schema from "effect/Schema"
import { wireStruct } from "./wire.js"

/** The service's project-specific part of the discovery document. */
export const AgentAuthDetails = wireStruct({
  /** Whether the project installed the Agent Auth app; the other endpoints refuse until it did. */
  enabled: Schema.Boolean,
  projectId: Schema.String,
  projectDisplayName: Schema.String,
  /** The key the request sent, echoed into the commands; `null` when it sent none. */
  publishableClientKey: Schema.NullOr(Schema.String),
  /** Whether the project requires a publishable client key (`project.requirePublishableClientKey`). */
  publishableClientKeyRequired: Schema.Boolean,
  pollEndpoint: Schema.String,
  confirmEndpoint: Schema.String,
  sessionsEndpoint: Schema.String,
  anonymousSessionHeader: Schema.Record(Schema.String, Schema.String),
  claimCodeFormat: Schema.String,
  defaultAttemptLifetimeMillis: Schema.Finite,
  agentSessionLifetimeMillis: Schema.Finite,
  /** The headers every agent request sends, with this project's values. */
  requiredHeaders: Schema.Record(Schema.String, Schema.String)
})
export type AgentAuthDetails = typeof AgentAuthDetails.Type

/** The answer of `GET /agent/discovery`. */
export const AgentDiscovery = wireStruct({
  issuer: Schema.String,
  registrationEndpoint: Schema.String,
  tokenEndpoint: Schema.String,
  revocationEndpoint: Schema.String,
  agentAuthMd: Schema.String,
  hexclaveAgentAuth: AgentAuthDetails
})
export type AgentDiscovery = typeof AgentDiscovery.Type
