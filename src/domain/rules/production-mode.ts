/**
 * The checks a project must pass before it goes to production. Every problem links to
 * the project's domain settings.
 */
import { isIpHostname, isLocalhostHostname, parseAbsoluteUrl } from "./hosts.js"

/** One reason a project cannot enter production mode yet, with the dashboard page that fixes it. */
export interface ProductionModeProblem {
  readonly message: string
  /** `/projects/{id}/domains`, relative to the dashboard. */
  readonly relativeFixUrl: string
}

/** The part of a project the checks read; an `AdminProject` fits. */
export interface ProductionModeInput {
  readonly id: string
  readonly config: {
    readonly allowLocalhost: boolean
    readonly domains: ReadonlyArray<{ readonly domain: string }>
  }
}

/** @internal */
export const productionModeMessages = {
  allowLocalhost: "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
  invalidUrl: (domain: string) => `Trusted domain is not a valid URL: ${domain}`,
  localhost: (domain: string) => `Localhost domains are not allowed to be trusted in production mode: ${domain}`,
  directIp: (domain: string) => `Direct IPs are not valid for trusted domains in production mode: ${domain}`,
  notHttps: (domain: string) => `Trusted domains should be HTTPS: ${domain}`
} as const

/** The first problem of one trusted domain, if any: a domain reports at most one. */
const domainProblem = (domain: string): string | undefined => {
  const url = parseAbsoluteUrl(domain)
  if (url === undefined) return productionModeMessages.invalidUrl(domain)
  if (isLocalhostHostname(url.hostname)) return productionModeMessages.localhost(domain)
  if (isIpHostname(url.hostname)) return productionModeMessages.directIp(domain)
  if (url.protocol !== "https:") return productionModeMessages.notHttps(domain)
  return undefined
}

/**
 * Every reason the project is not ready for production mode, in order: the localhost switch, then each
 * trusted domain in the project's order. Empty when it is ready.
 */
export const productionModeProblems = (project: ProductionModeInput): ReadonlyArray<ProductionModeProblem> => {
  const relativeFixUrl = `/projects/${project.id}/domains`
  const messages: Array<string> = []
  if (project.config.allowLocalhost) messages.push(productionModeMessages.allowLocalhost)
  for (const { domain } of project.config.domains) {
    const problem = domainProblem(domain)
    if (problem !== undefined) messages.push(problem)
  }
  return messages.map((message) => ({ message, relativeFixUrl }))
}
