/**
 * Account settings' sections, one shown at a time (the page's `section` query parameter, as the official
 * account settings show one page of their sidebar): each section's first render reads the user and at most three
 * lists, so a server renders any of them in at most four backend requests, where the whole page at once took nine.
 * Pure: the page (../pages/account-settings.tsx) and the server's page data (../../start/handler-page-queries.ts)
 * both decide from here which section a URL shows.
 */

/** The sections in the order the page's navigation lists them; the first is shown when none is named. */
export const ACCOUNT_SECTIONS = ["profile", "security", "notifications", "api-keys", "teams", "account"] as const

export type AccountSection = (typeof ACCOUNT_SECTIONS)[number]

/** The query parameter naming the section shown. */
export const ACCOUNT_SECTION_PARAM = "section"

/** What of the project's configuration decides which sections are offered. */
export interface AccountSectionsConfig {
  readonly allowUserApiKeys: boolean
}

/** The sections a project offers: API keys only when it allows user API keys. */
export const offeredSections = (config: AccountSectionsConfig): ReadonlyArray<AccountSection> =>
  ACCOUNT_SECTIONS.filter((section) => section !== "api-keys" || config.allowUserApiKeys)

/** The section `requested` names when the project offers it; otherwise (absent, unknown, not offered) the first. */
export const shownSection = (requested: string | undefined, config: AccountSectionsConfig): AccountSection =>
  offeredSections(config).find((section) => section === requested) ?? "profile"

/** The section a handler route names in its query (`"account-settings?section=teams"`), if any. */
export const requestedSection = (route: string): string | undefined => {
  const at = route.indexOf("?")
  if (at === -1) return undefined
  return new URLSearchParams(route.slice(at + 1)).get(ACCOUNT_SECTION_PARAM) ?? undefined
}

/** What the navigation calls each section. */
export const SECTION_TITLES: Readonly<Record<AccountSection, string>> = {
  profile: "Profile",
  security: "Security",
  notifications: "Notifications",
  "api-keys": "API keys",
  teams: "Teams",
  account: "Account"
}

/** The URL of `section` on the account settings page at `pageUrl` (a path or an absolute URL, with or without a query). */
export const sectionHref = (pageUrl: string, section: AccountSection): string =>
  `${pageUrl}${pageUrl.includes("?") ? "&" : "?"}${ACCOUNT_SECTION_PARAM}=${section}`
