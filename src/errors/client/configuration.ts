import * as Schema from "effect/Schema"

/** Which piece of configuration is missing. */
export const ConfigurationKey = Schema.Literals([
  "projectId",
  "publishableClientKey",
  "secretServerKey",
  "superSecretAdminKey",
  "baseUrl"
])
export type ConfigurationKey = typeof ConfigurationKey.Type

const described: { readonly [K in ConfigurationKey]: { readonly label: string; readonly env: string } } = {
  projectId: { label: "A project ID", env: "STACK_PROJECT_ID" },
  publishableClientKey: { label: "A publishable client key", env: "STACK_PUBLISHABLE_CLIENT_KEY" },
  secretServerKey: { label: "A secret server key", env: "STACK_SECRET_SERVER_KEY" },
  superSecretAdminKey: { label: "A super secret admin key", env: "STACK_SUPER_SECRET_ADMIN_KEY" },
  baseUrl: { label: "An API base URL", env: "STACK_API_URL" }
}

/** The message for a missing configuration key, naming the option and its environment variable. */
export const missingConfigurationMessage = (which: ConfigurationKey): string =>
  `${described[which].label} is required. Pass it as the ${which} option or set the ${described[which].env} ` +
  "environment variable."

/** Required configuration (project ID and publishable client key) was not given. */
export class MissingConfiguration extends Schema.TaggedError<MissingConfiguration>()("MissingConfiguration", {
  which: ConfigurationKey,
  message: Schema.String
}) {
  constructor(props: { readonly which: ConfigurationKey; readonly message?: string }, options?: Schema.MakeOptions) {
    super({ ...props, message: props.message ?? missingConfigurationMessage(props.which) }, options)
  }
}

/** Only one app per unique identifier. */
export class DuplicateApp extends Schema.TaggedError<DuplicateApp>()("DuplicateApp", {
  uniqueIdentifier: Schema.String,
  message: Schema.String
}) {
  constructor(props: { readonly uniqueIdentifier: string; readonly message?: string }, options?: Schema.MakeOptions) {
    super({
      ...props,
      message: props.message ??
        `An app with unique identifier ${JSON.stringify(props.uniqueIdentifier)} already exists; only one app per ` +
          "unique identifier is allowed."
    }, options)
  }
}
