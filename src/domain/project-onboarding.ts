/**
 * `onboarding_state` of a project (`/internal/projects/current`, `/internal/projects`): what the hosted
 * dashboard's onboarding chose so far, in one of the service's two shapes, the first onboarding's (every
 * choice at once) and the versioned cloud onboarding's (`version: 1`, the step reached and the choices made).
 * Updates are checked as the service checks them; reads take any strings, so a step or an app the service
 * adds later still decodes.
 */
import * as Schema from "effect/Schema"
import { wireStruct } from "./wire.js"

const SIGN_IN_METHODS = ["credential", "magicLink", "passkey", "google", "github", "microsoft"] as const

/** The steps of the cloud onboarding, in order. */
const CLOUD_STEPS = [
  "welcome-to-hexclave",
  "select-primary-app",
  "select-additional-apps",
  "configure-authentication",
  "select-email-theme",
  "setup-sdk",
  "development-setup-complete",
  "where-is-project",
  "cli-push",
  "setup-github-workflow",
  "onboarding-complete"
] as const

// App ids are the service's app catalogue, which grows; a non-empty id is taken.
const AppId = Schema.NonEmptyString
const ThemeId = Schema.NullOr(Schema.String)

const legacyWrite = wireStruct({
  selectedConfigChoice: Schema.Literals(["create-new", "link-existing"]),
  selectedApps: Schema.Array(AppId),
  selectedSignInMethods: Schema.Array(Schema.Literals(SIGN_IN_METHODS)),
  selectedEmailThemeId: ThemeId,
  selectedPaymentsCountry: Schema.Literals(["US", "OTHER"])
})

const cloudWrite = wireStruct({
  version: Schema.Literal(1),
  step: Schema.Literals(CLOUD_STEPS),
  journey: Schema.Literals(["add", "deploy-existing"]),
  primaryAppId: Schema.NullOr(AppId),
  additionalAppIds: Schema.Array(AppId),
  selectedApps: Schema.Array(AppId),
  selectedSignInMethods: Schema.Array(Schema.Literals(SIGN_IN_METHODS)),
  selectedEmailThemeId: ThemeId,
  projectLocation: Schema.NullOr(Schema.Literals(["local", "github"]))
})

/** An update's `onboarding_state`: either shape, complete; `null` clears it. */
export const OnboardingStateWrite = Schema.Union([cloudWrite, legacyWrite])
export type OnboardingStateWrite = typeof OnboardingStateWrite.Type

const strings = Schema.Array(Schema.String)

/** A read `onboarding_state` (either shape; `version` tells them apart). */
export const OnboardingState = Schema.Union([
  wireStruct({
    version: Schema.Number,
    step: Schema.String,
    journey: Schema.optionalKey(Schema.String),
    primaryAppId: Schema.optionalKey(Schema.NullOr(Schema.String)),
    additionalAppIds: Schema.optionalKey(strings),
    selectedApps: Schema.optionalKey(strings),
    selectedSignInMethods: Schema.optionalKey(strings),
    selectedEmailThemeId: Schema.optionalKey(ThemeId),
    projectLocation: Schema.optionalKey(Schema.NullOr(Schema.String))
  }),
  wireStruct({
    selectedConfigChoice: Schema.optionalKey(Schema.String),
    selectedApps: Schema.optionalKey(strings),
    selectedSignInMethods: Schema.optionalKey(strings),
    selectedEmailThemeId: Schema.optionalKey(ThemeId),
    selectedPaymentsCountry: Schema.optionalKey(Schema.String)
  })
])
export type OnboardingState = typeof OnboardingState.Type
