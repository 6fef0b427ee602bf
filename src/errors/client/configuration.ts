import * as Data from "effect/Data"
import type { ConfigurationKey } from "./configuration-key.js"

// The environment variable of each key without its prefix: `HEXCLAVE_` since the service's rename, `STACK_` before.
const described: { readonly [K in ConfigurationKey]: { readonly label: string; readonly env: string } } = {
  projectId: { label: "A project ID", env: "PROJECT_ID" },
  secretServerKey: { label: "A secret server key", env: "SECRET_SERVER_KEY" },
  superSecretAdminKey: { label: "A super secret admin key", env: "SUPER_SECRET_ADMIN_KEY" },
  baseUrl: { label: "An API base URL", env: "API_URL" }
}

/** The message for a missing configuration key, naming the option and its environment variable. */
export const missingConfigurationMessage = (which: ConfigurationKey): string =>
  `${described[which].label} is required. Pass it as the ${which} option or set the ` +
  `HEXCLAVE_${described[which].env} (or STACK_${described[which].env}) environment variable.`

/** Required configuration (the project ID, or the tier's secret key) was not given. */
export class MissingConfiguration extends Data.TaggedError("MissingConfiguration")<{
  readonly which: ConfigurationKey
  readonly message: string
}> {
  constructor(props: { readonly which: ConfigurationKey; readonly message?: string }) {
    super({ ...props, message: props.message ?? missingConfigurationMessage(props.which) })
  }
}

/** Only one app per unique identifier. */
export class DuplicateApp extends Data.TaggedError("DuplicateApp")<{
  readonly uniqueIdentifier: string
  readonly message: string
}> {
  constructor(props: { readonly uniqueIdentifier: string; readonly message?: string }) {
    super({
      ...props,
      message:
        props.message ??
        `An app with unique identifier ${JSON.stringify(props.uniqueIdentifier)} already exists; only one app per ` +
          "unique identifier is allowed."
    })
  }
}
