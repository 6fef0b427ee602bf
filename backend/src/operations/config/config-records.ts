/**
 * The two records of the service's config that the stored project also holds as lists: the trusted domains
 * (`domains.trustedDomains.<id>.{baseUrl,handlerPath}`, environment level) and the OAuth providers
 * (`auth.oauth.providers.<id>.*`, `type`/`allowSignIn`/`allowConnectedAccounts` from the branch level, the
 * keys and the sharing from the environment level). The schema is the service's `config/schema.ts` at
 * 2f719903.
 *
 * On the service a project's domains and providers live in its environment override (the project update
 * writes them there), so an override adds to them, replaces them or resets them like any other key. Here the
 * stored project's lists stay what every reader reads, and the override holds them only once an override
 * touches the record: the project's current list is then written into the environment override first, as
 * the service would already have it there ("materialized", with new ids for the domains and the provider's
 * own id for a provider), the write is applied, and the list is made again from the merged overrides.
 */
import { randomUUID } from "node:crypto"
import { OAUTH_PROVIDER_IDS, type OAuthProviderConfig, type ProjectDomain } from "@stackfx/lib/domain/project.js"
import type { ConfigLeaf, ConfigLevel, FlatOverride } from "../../store/projects/config-overrides.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { isTrustedDomainPattern } from "./wildcard-url.js"

/** A check of one leaf's value. */
export type LeafCheck = (value: ConfigLeaf) => boolean

/** A key an override may write: its path, the check of its value and the levels that may write it. */
export interface RecordKeySpec {
  readonly pattern: RegExp
  readonly check: LeafCheck
  readonly levels: ReadonlyArray<ConfigLevel>
}

const BRANCH: ReadonlyArray<ConfigLevel> = ["branch", "environment"]
const ENVIRONMENT: ReadonlyArray<ConfigLevel> = ["environment"]

/** The service's `userSpecifiedIdSchema` (trusted domain and Apple bundle ids) and its provider key rule. */
const ENTRY_ID = "[a-zA-Z0-9_][a-zA-Z0-9_-]*"
const PROVIDER_KEY = "\\$?[a-z0-9_:]+"
/** The service's limit on a trusted domain's base URL and handler path. */
const MAX_DOMAIN_TEXT = 300

const isBoolean: LeafCheck = (v) => typeof v === "boolean"
const isString: LeafCheck = (v) => typeof v === "string"
const isProviderType: LeafCheck = (v) =>
  typeof v === "string" && (OAUTH_PROVIDER_IDS as ReadonlyArray<string>).includes(v)

/** The service's `wildcardUrlSchema` (wildcard-url.ts) within its length limit. */
export const isWildcardUrl: LeafCheck = (v) =>
  typeof v === "string" && v.length <= MAX_DOMAIN_TEXT && isTrustedDomainPattern(v)

const isHandlerPath: LeafCheck = (v) => typeof v === "string" && v.startsWith("/") && v.length <= MAX_DOMAIN_TEXT

const DOMAINS = "domains.trustedDomains"
const PROVIDERS = "auth.oauth.providers"

const DOMAIN_LEAF = new RegExp(`^domains\\.trustedDomains\\.(${ENTRY_ID})\\.(baseUrl|handlerPath)$`)
const PROVIDER_LEAF = new RegExp(`^auth\\.oauth\\.providers\\.(${PROVIDER_KEY})\\.(.+)$`)
const APPLE_BUNDLE = new RegExp(`^appleBundles\\.(${ENTRY_ID})\\.bundleId$`)

const provider = (field: string) => new RegExp(`^auth\\.oauth\\.providers\\.${PROVIDER_KEY}\\.${field}$`)

/** The keys of both records. */
export const RECORD_KEYS: ReadonlyArray<RecordKeySpec> = [
  {
    pattern: new RegExp(`^domains\\.trustedDomains\\.${ENTRY_ID}\\.baseUrl$`),
    check: isWildcardUrl,
    levels: ENVIRONMENT
  },
  {
    pattern: new RegExp(`^domains\\.trustedDomains\\.${ENTRY_ID}\\.handlerPath$`),
    check: isHandlerPath,
    levels: ENVIRONMENT
  },
  { pattern: provider("type"), check: isProviderType, levels: BRANCH },
  { pattern: provider("(allowSignIn|allowConnectedAccounts)"), check: isBoolean, levels: BRANCH },
  { pattern: provider("isShared"), check: isBoolean, levels: ENVIRONMENT },
  {
    pattern: provider("(clientId|clientSecret|facebookConfigId|microsoftTenantId)"),
    check: isString,
    levels: ENVIRONMENT
  },
  { pattern: provider(`appleBundles\\.${ENTRY_ID}\\.bundleId`), check: isString, levels: ENVIRONMENT }
]

/** The objects above the records' keys: `null` at one of them resets everything under it. */
export const RECORD_CONTAINERS: ReadonlyArray<RegExp> = [
  new RegExp(`^domains\\.trustedDomains(\\.${ENTRY_ID})?$`),
  new RegExp(`^auth\\.oauth\\.providers(\\.${PROVIDER_KEY}(\\.appleBundles(\\.${ENTRY_ID})?)?)?$`)
]

/** Whether `path` is `key` or lies under it. */
export const under = (path: string, key: string) => path === key || path.startsWith(`${key}.`)

interface RecordSpec {
  readonly prefix: string
  /** The leaves the service would hold for the stored project's list. */
  readonly materialize: (project: StoredProject) => Record<string, ConfigLeaf>
  /** The stored project with its list made from the merged overrides. */
  readonly derive: (project: StoredProject, merged: Readonly<Record<string, ConfigLeaf>>) => StoredProject
}

/** The merged leaves of one record, by entry id then by the field's path under the entry. */
const entriesOf = (merged: Readonly<Record<string, ConfigLeaf>>, leaf: RegExp) => {
  const entries = new Map<string, Map<string, ConfigLeaf>>()
  for (const [path, value] of Object.entries(merged)) {
    const match = leaf.exec(path)
    if (match?.[1] === undefined || match[2] === undefined || value === null) continue
    const fields = entries.get(match[1]) ?? new Map<string, ConfigLeaf>()
    fields.set(match[2], value)
    entries.set(match[1], fields)
  }
  return entries
}

const text = (fields: Map<string, ConfigLeaf>, key: string) => {
  const value = fields.get(key)
  return typeof value === "string" ? value : undefined
}

/**
 * The trusted domains of `GET /internal/config` by their ids in the overrides, or `undefined` while no
 * override holds them (the project's list then stands alone, and has no ids of its own).
 */
export const trustedDomainsById = (
  merged: Readonly<Record<string, ConfigLeaf>>
): Record<string, { readonly baseUrl: string; readonly handlerPath: string }> | undefined => {
  const entries = [...entriesOf(merged, DOMAIN_LEAF)].flatMap(([id, fields]) => {
    const baseUrl = text(fields, "baseUrl")
    return baseUrl === undefined
      ? []
      : [[id, { baseUrl, handlerPath: text(fields, "handlerPath") ?? "/handler" }] as const]
  })
  return Object.keys(merged).some((path) => under(path, DOMAINS)) ? Object.fromEntries(entries) : undefined
}

const domainsRecord: RecordSpec = {
  prefix: DOMAINS,
  materialize: (project) =>
    Object.fromEntries(
      project.config.domains.flatMap((d) => {
        const id = randomUUID()
        return [
          [`${DOMAINS}.${id}.baseUrl`, d.domain],
          [`${DOMAINS}.${id}.handlerPath`, d.handlerPath]
        ]
      })
    ),
  // The service lists an entry with a base URL; the handler path defaults to `/handler`.
  derive: (project, merged) => {
    const domains: Array<ProjectDomain> = []
    for (const fields of entriesOf(merged, DOMAIN_LEAF).values()) {
      const domain = text(fields, "baseUrl")
      if (domain !== undefined) domains.push({ domain, handlerPath: text(fields, "handlerPath") ?? "/handler" })
    }
    return { ...project, config: { ...project.config, domains } }
  }
}

const optional = (key: string, value: string | undefined) => (value === undefined ? {} : { [key]: value })

const providersRecord: RecordSpec = {
  prefix: PROVIDERS,
  materialize: (project) =>
    Object.fromEntries(
      project.config.oauthProviders.flatMap((p) => {
        const at = `${PROVIDERS}.${p.providerConfigId}`
        const leaves: Array<readonly [string, ConfigLeaf]> = [
          [`${at}.type`, p.id],
          [`${at}.isShared`, p.type === "shared"],
          // Every provider of a project update may sign in and connect accounts (the service's lib/projects.tsx).
          [`${at}.allowSignIn`, true],
          [`${at}.allowConnectedAccounts`, true]
        ]
        for (const field of ["clientId", "clientSecret", "facebookConfigId", "microsoftTenantId"] as const) {
          const value = p[field]
          if (value !== undefined) leaves.push([`${at}.${field}`, value])
        }
        for (const bundleId of p.appleBundleIds ?? []) {
          leaves.push([`${at}.appleBundles.${randomUUID()}.bundleId`, bundleId])
        }
        return leaves
      })
    ),
  // The service's project read lists a provider with a type that may sign in, shared unless it says not.
  derive: (project, merged) => {
    const providers: Array<OAuthProviderConfig> = []
    for (const [key, fields] of entriesOf(merged, PROVIDER_LEAF)) {
      const type = text(fields, "type")
      if (type === undefined || fields.get("allowSignIn") !== true) continue
      const bundles = [...fields].flatMap(([path, value]) =>
        APPLE_BUNDLE.test(path) && typeof value === "string" ? [value] : []
      )
      // The Apple key fields (newer than the config schema followed here) stay with the provider they were set on.
      const before = project.config.oauthProviders.find((p) => p.providerConfigId === key)
      const extras = {
        ...optional("facebookConfigId", text(fields, "facebookConfigId")),
        ...optional("microsoftTenantId", text(fields, "microsoftTenantId")),
        ...(bundles.length === 0 ? {} : { appleBundleIds: bundles }),
        ...optional("appleTeamId", before?.appleTeamId),
        ...optional("appleKeyId", before?.appleKeyId),
        ...optional("applePrivateKey", before?.applePrivateKey)
      }
      const clientId = text(fields, "clientId")
      const clientSecret = text(fields, "clientSecret")
      providers.push(
        fields.get("isShared") === false
          ? {
              providerConfigId: key,
              id: type,
              type: "standard",
              clientId: clientId ?? "",
              clientSecret: clientSecret ?? "",
              ...extras
            }
          : {
              providerConfigId: key,
              id: type,
              type: "shared",
              ...optional("clientId", clientId),
              ...optional("clientSecret", clientSecret),
              ...extras
            }
      )
    }
    const sorted = providers.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    return {
      ...project,
      config: { ...project.config, oauthProviders: sorted, enabledOauthProviders: sorted.map((p) => ({ id: p.id })) }
    }
  }
}

const RECORDS: ReadonlyArray<RecordSpec> = [domainsRecord, providersRecord]

/** What a write touches: keys written or reset (a record under or above one is touched), or a whole level. */
export type Touched = { readonly keys: ReadonlyArray<string> } | { readonly wholeLevel: ConfigLevel }

const touches = (touched: Touched, record: RecordSpec) =>
  "keys" in touched
    ? touched.keys.some((key) => under(key, record.prefix) || under(record.prefix, key))
    : // A level replaced whole holds the record if that level may hold any of its keys.
      record.prefix === DOMAINS
      ? touched.wholeLevel === "environment"
      : touched.wholeLevel !== "project"

const holds = (override: FlatOverride, record: RecordSpec) =>
  Object.keys(override).some((path) => under(path, record.prefix))

/**
 * Before a write: the environment override with the project's lists materialized for every record the write
 * touches and no level holds yet.
 */
export const materializeTouched = (
  project: StoredProject,
  overrides: Readonly<Record<ConfigLevel, FlatOverride>>,
  touched: Touched
): FlatOverride => {
  let environment: FlatOverride = overrides.environment
  for (const record of RECORDS) {
    if (!touches(touched, record) || Object.values(overrides).some((o) => holds(o, record))) continue
    environment = { ...record.materialize(project), ...environment }
  }
  return environment
}

/** After a write: the project's lists made again from the merged overrides, for every record it touched. */
export const deriveTouched = (
  project: StoredProject,
  merged: Readonly<Record<string, ConfigLeaf>>,
  touched: Touched
): StoredProject =>
  RECORDS.reduce((next, record) => (touches(touched, record) ? record.derive(next, merged) : next), project)

/**
 * A project update that writes its domains or providers: on the service it replaces the record in the
 * environment override. Where an override already holds the record, the environment level gets the new list
 * (materialized) and the list is made again from the merged overrides (a branch's providers stay in it);
 * where none does, the stored list is the record and nothing is written.
 */
export const replaceRecordsOnUpdate = (
  project: StoredProject,
  overrides: Readonly<Record<ConfigLevel, FlatOverride>>,
  written: { readonly domains: boolean; readonly providers: boolean },
  mergeAll: (overrides: Readonly<Record<ConfigLevel, FlatOverride>>) => Readonly<Record<string, ConfigLeaf>>
): { readonly project: StoredProject; readonly environment: FlatOverride | undefined } => {
  let environment: FlatOverride | undefined
  let next = project
  for (const record of RECORDS) {
    if (!(record === domainsRecord ? written.domains : written.providers)) continue
    if (!Object.values(overrides).some((o) => holds(o, record))) continue
    const base = environment ?? overrides.environment
    environment = {
      ...Object.fromEntries(Object.entries(base).filter(([path]) => !under(path, record.prefix))),
      ...record.materialize(next)
    }
    next = record.derive(next, mergeAll({ ...overrides, environment }))
  }
  return { project: next, environment }
}
