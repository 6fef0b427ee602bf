/**
 * The public types of `stackfx-backend`: how to start the local backend and what a running one offers.
 * This module imports nothing of the backend itself, so the package's published declarations are these
 * types and no more (backend/scripts/build.mjs emits them file by file).
 */
import * as Context from "effect/Context"
import * as Schema from "effect/Schema"

/** How to run the local backend: where it listens, where it stores, how it sends mail; every option has a default. */
export interface LocalBackendOptions {
  /** Port to listen on; 0 picks a free one. Default 8102. */
  readonly port?: number | undefined
  /** Interface to listen on. Default 127.0.0.1. */
  readonly host?: string | undefined
  /** `"memory"`, a directory for PGlite, or a `postgres://` URL. Default `./.stackfx/db`. */
  readonly db?: string | undefined
  /** Lifetime of access tokens. Default 600 (the hosted value). */
  readonly accessTokenLifetimeSeconds?: number | undefined
  /**
   * The URL clients reach the backend at, when it is not the listening address: behind a proxy or a load
   * balancer, and always when several instances share one PostgreSQL. It fixes the `iss` claim of every token
   * (otherwise the request's Host names it, so instances reached under different addresses refuse each
   * other's tokens); several URLs (one per name clients use) are each accepted, the one a request came in on
   * (else the first) is minted. `stackfx dev --public-url`, or `HEXCLAVE_PUBLIC_URL` / `STACK_PUBLIC_URL`.
   */
  readonly publicUrl?: string | ReadonlyArray<string> | undefined
  /** Lifetimes of emailed codes (tests shorten them); the hosted defaults otherwise. */
  readonly codeLifetimesMillis?:
    | {
        readonly emailVerification?: number | undefined
        readonly passwordReset?: number | undefined
        readonly magicLink?: number | undefined
        readonly teamInvitation?: number | undefined
      }
    | undefined
  /**
   * Hash new passwords at a cheap scrypt cost (N=2^4 instead of 2^14): for throwaway test backends only.
   * Passwords behave the same; hashes name their cost, so each verifies whatever this says. Default false.
   */
  readonly fastPasswordHashing?: boolean | undefined
  /**
   * Let providers on shared keys (the development provider) hand out provider access tokens through the
   * connected-accounts routes, as a hosted deployment with `STACK_ALLOW_SHARED_OAUTH_ACCESS_TOKENS=true`
   * does. Default false: the hosted service answers OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS.
   */
  readonly allowSharedOAuthAccessTokens?: boolean | undefined
  /**
   * Webhook endpoints of the demo project (`stackfx dev --webhook <url>`): http or https URLs, signed with the
   * public demo secret `DEMO_WEBHOOK_SECRET`; one the project already has is kept.
   */
  readonly webhooks?: ReadonlyArray<string> | undefined
  /** How long a webhook receiver may take to answer before the attempt counts as failed. Default 15000 (Svix's). */
  readonly webhookTimeoutMillis?: number | undefined
}

/** The port the local backend listens on by default (the hosted service's own local-development port). */
export const DEFAULT_PORT = 8102
/** The interface the local backend listens on by default: loopback only, so nothing outside the machine reaches it. */
export const DEFAULT_HOST = "127.0.0.1"
/** Where the local backend keeps its data by default: a PGlite folder under the working directory. */
export const DEFAULT_DB = "./.stackfx/db"

/** A seeded project and its keys. */
export interface SeededProject {
  readonly id: string
  readonly publishableClientKey: string
  readonly secretServerKey: string
  readonly superSecretAdminKey: string
}

/** A running local backend: its URLs, the seeded projects with their keys, and how to stop it. */
export interface LocalBackendShape {
  /** Base URL, e.g. `http://127.0.0.1:8102`: what a client's `baseUrl` should be. */
  readonly url: string
  /** `${url}/api/v1`. */
  readonly apiUrl: string
  /** The page of every email the backend sent, `${url}/mailbox`. */
  readonly mailboxUrl: string
  /** The seeded `internal` project, with the public local development keys. */
  readonly project: SeededProject
  /** The seeded `demo` project (every feature the demo and the examples show), with its own local keys. */
  readonly demoProject: SeededProject
}

/** The running local backend. */
export class LocalBackend extends Context.Service<LocalBackend, LocalBackendShape>()("stackfx-backend/LocalBackend") {}

/**
 * `startLocalBackend` could not start the backend. `message` is the one line `stackfx dev` prints (without
 * its `stackfx: ` prefix); `cause` is what failed (the port's errno error, the database's error, or a defect).
 */
export class LocalBackendStartError extends Schema.TaggedError<LocalBackendStartError>()("LocalBackendStartError", {
  message: Schema.String,
  cause: Schema.Defect()
}) {}

/** Options of `startLocalBackend`: those of the backend itself, and whether it prints its warnings. */
export interface StartLocalBackendOptions extends LocalBackendOptions {
  /** Print the local backend's warnings and errors. Default true. */
  readonly log?: boolean | undefined
}

/** A running local backend. */
export interface RunningLocalBackend extends LocalBackendShape {
  /** Stops listening and closes the database. */
  readonly stop: () => Promise<void>
}
