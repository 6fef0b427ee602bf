/** Raw wire calls the benchmarks need for setup (sign-up), spoken exactly as WIRE.md says. */
import { project } from "./util.js"

export interface Tokens {
  readonly accessToken: string
  readonly refreshToken: string
  readonly userId: string
}

/** The client-tier headers every call carries, without the session tokens. */
export const clientHeaders: Readonly<Record<string, string>> = {
  "x-stack-override-error-status": "true",
  "x-stack-project-id": project.id,
  "x-stack-access-type": "client",
  "x-stack-publishable-client-key": project.publishableClientKey
}

/** `POST /auth/password/sign-up`; `baseUrl` is the backend's origin. */
export const signUp = async (baseUrl: string, email: string, password: string): Promise<Tokens> => {
  const res = await fetch(`${baseUrl}/api/v1/auth/password/sign-up`, {
    method: "POST",
    headers: { ...clientHeaders, "content-type": "application/json" },
    body: JSON.stringify({ email, password })
  })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${text.slice(0, 300)}`)
  const body = JSON.parse(text) as { access_token: string; refresh_token: string; user_id: string }
  return { accessToken: body.access_token, refreshToken: body.refresh_token, userId: body.user_id }
}
