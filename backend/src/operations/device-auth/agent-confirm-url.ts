/**
 * The URL a person opens to confirm an agent: the app's handler page `agent-auth-confirm`, like every other
 * link the service sends (e-mail verification, invitations, the CLI sign-in). Which app: the one the agent
 * named (`app_url`, on the project's trusted domains, with the handler path of the domain it matched), else
 * the first trusted domain without a wildcard, else the service's hosted handler of the project.
 */
import * as Effect from "effect/Effect"
import { isTrustedRedirect } from "@stackfx/lib/domain/rules/redirect-trust.js"
import { RedirectUrlNotWhitelisted } from "@stackfx/lib/errors/known/sign-in.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { isTrustedUrl } from "../config/trusted-urls.js"

/** The service's hosted handler of a project, used when the project names no app of its own. */
const hostedHandler = (projectId: string) => new URL("/handler", `https://${projectId}.built-with-hexclave.com`)

export const confirmHandlerUrl = (
  project: StoredProject,
  appUrl: string | undefined
): Effect.Effect<URL, RedirectUrlNotWhitelisted> => {
  const domains = project.config.domains
  if (appUrl !== undefined) {
    if (!isTrustedUrl(project, appUrl))
      return Effect.fail(new RedirectUrlNotWhitelisted({ details: { redirect_url: appUrl } }))
    // A localhost URL the project allows matches no trusted domain and gets the default handler path.
    const matched = domains.find((d) =>
      isTrustedRedirect(appUrl, { trustedDomains: [d.domain], allowLocalhost: false })
    )
    return Effect.succeed(new URL(matched?.handlerPath ?? "/handler", appUrl))
  }
  const concrete = domains.find((d) => !d.domain.includes("*") && URL.canParse(d.domain))
  return Effect.succeed(
    concrete === undefined ? hostedHandler(project.id) : new URL(concrete.handlerPath, concrete.domain)
  )
}

/** `<handler>/agent-auth-confirm?code=<claim code>`. */
export const confirmUrlOf = (handlerUrl: URL, claimCode: string): string => {
  const url = new URL(`${handlerUrl.pathname.replace(/\/$/, "")}/agent-auth-confirm`, handlerUrl)
  url.searchParams.set("code", claimCode)
  return url.toString()
}
