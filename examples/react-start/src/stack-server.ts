/**
 * The server's stackfx: the server tier with the secret key, and the middlewares that give every request
 * its user. Server code only: imported by start.ts and by server functions' handlers.
 */
import { DEMO_PROJECT_KEYS } from "stackfx"
import { stackStartServer } from "stackfx/react-start/server"

const env = (name: string): string | undefined => process.env[name]

/** A list in one variable: URLs separated by commas or spaces. */
const envList = (name: string): ReadonlyArray<string> => (env(name) ?? "").split(/[\s,]+/).filter((item) => item !== "")

export const stack = stackStartServer({
  baseUrl: env("STACK_API_URL") ?? "http://127.0.0.1:8102",
  projectId: env("STACK_PROJECT_ID") ?? DEMO_PROJECT_KEYS.projectId,
  publishableClientKey: env("STACK_PUBLISHABLE_CLIENT_KEY") ?? DEMO_PROJECT_KEYS.publishableClientKey,
  secretServerKey: env("STACK_SECRET_SERVER_KEY") ?? DEMO_PROJECT_KEYS.secretServerKey,
  // Where browsers reach the backend at another URL than this server does (a proxy, a public URL): their tokens
  // name that URL as issuer. `STACK_ACCEPTED_ISSUER_BASE_URLS=https://auth.example.com,http://10.0.0.5:8102`.
  acceptedIssuerBaseUrls: envList("STACK_ACCEPTED_ISSUER_BASE_URLS"),
  // Behind a proxy that ends TLS (and sets X-Forwarded-Proto or Forwarded), `STACK_TRUST_PROXY=1` lets it say
  // the browser used https, so the session cookies the server sets are Secure like the browser's own.
  trustProxy: env("STACK_TRUST_PROXY") === "1"
})
