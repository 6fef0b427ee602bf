/**
 * The project's configuration in the service's config-override model (`/internal/config`): the effective
 * config (admin), and one override per level (`project`, `branch`, `environment`), read, merged into or
 * replaced; server access manages the branch level only (a plain 403 otherwise, as the service). An override
 * the service refuses (a key it does not know, a wrong value, invalid JSON) is a plain 400. And the sign-up
 * rules' tester (`/internal/sign-up-rules-test`).
 */
import * as Schema from "effect/Schema"
import {
  ConfigLevel,
  ConfigOverridePatchBody,
  ConfigOverridePutBody,
  ConfigResetKeysBody,
  ConfigSourceAnswer,
  OnboardingPreview,
  OnboardingPreviewQuery,
  OnboardingPreviewRequest,
  ResettableConfigLevel
} from "../domain/project-config.js"
import { SignUpRulesTestRequest, SignUpRulesTestResponse } from "../domain/sign-up-rules-test.js"
import { SuccessResponse } from "../domain/success.js"
import { wireStruct } from "../domain/wire.js"
import { ADMIN, ADMIN_TOKEN_ERRORS, SERVER } from "./access.js"
import { dataKeys } from "./data-keys.js"
import { endpoint } from "./declaration.js"

/** The effective config, sent as a JSON string inside the JSON answer (the client reads the parts it knows). */
const EffectiveConfigAnswer = wireStruct({ configString: Schema.fromJsonString(Schema.Unknown) })
/** One level's override as written, a JSON string inside the JSON answer. */
const OverrideAnswer = wireStruct({ configString: Schema.fromJsonString(Schema.Record(Schema.String, Schema.Json)) })

const admin = [...ADMIN_TOKEN_ERRORS, "InsufficientAccessType"] as const
/** Config keys the project read also holds (sign-up switches, API keys, default permissions, ...). */
const changes = [dataKeys.project]

export const ProjectConfigApi = {
  get: endpoint({
    name: "projectConfig.get",
    summary: "The effective config, as a JSON string",
    method: "GET",
    path: "/internal/config",
    access: ADMIN,
    success: EffectiveConfigAnswer,
    errors: admin
  }),
  getOverride: endpoint({
    name: "projectConfig.getOverride",
    summary: "One level's override as written",
    method: "GET",
    path: "/internal/config/override/{level}",
    params: { level: ConfigLevel },
    inputOrder: ["params", "body"],
    access: SERVER,
    success: OverrideAnswer,
    errors: [...admin, "SchemaError"]
  }),
  override: endpoint({
    name: "projectConfig.override",
    summary: "Merges a partial override into the level's: a key written replaces everything at and under it",
    method: "PATCH",
    path: "/internal/config/override/{level}",
    params: { level: ConfigLevel },
    inputOrder: ["params", "body"],
    access: SERVER,
    body: ConfigOverridePatchBody,
    success: SuccessResponse,
    errors: [...admin, "SchemaError"],
    changes
  }),
  replace: endpoint({
    name: "projectConfig.replace",
    summary: "Replaces the level's whole override; the branch level needs a `source`",
    method: "PUT",
    path: "/internal/config/override/{level}",
    params: { level: ConfigLevel },
    inputOrder: ["params", "body"],
    access: SERVER,
    body: ConfigOverridePutBody,
    success: SuccessResponse,
    errors: [...admin, "SchemaError"],
    changes
  }),
  resetKeys: endpoint({
    name: "projectConfig.resetKeys",
    summary: "Removes keys (and everything under them) from the branch or environment override",
    method: "POST",
    path: "/internal/config/override/{level}/reset-keys",
    params: { level: ResettableConfigLevel },
    inputOrder: ["params", "body"],
    access: ADMIN,
    body: ConfigResetKeysBody,
    success: SuccessResponse,
    errors: [...admin, "SchemaError"],
    changes
  }),
  getSource: endpoint({
    name: "projectConfig.getSource",
    summary: "Where the branch config was pushed from (`unlinked` when edited on the dashboard)",
    method: "GET",
    path: "/internal/config/source",
    access: ADMIN,
    success: ConfigSourceAnswer,
    errors: admin
  }),
  unlinkSource: endpoint({
    name: "projectConfig.unlinkSource",
    summary: "Marks the branch config as unlinked from where it was pushed from, so the dashboard may edit it",
    method: "DELETE",
    path: "/internal/config/source",
    access: ADMIN,
    success: SuccessResponse,
    errors: admin,
    changes
  }),
  previewAffectedUsers: endpoint({
    name: "projectConfig.previewAffectedUsers",
    summary:
      "The users an onboarding change would restrict (newest first, `limit` of them, 10 by default), and their count",
    method: "POST",
    path: "/internal/onboarding/preview-affected-users",
    access: ADMIN,
    query: OnboardingPreviewQuery,
    body: OnboardingPreviewRequest,
    success: OnboardingPreview,
    errors: [...admin, "SchemaError"]
  }),
  testSignUpRules: endpoint({
    name: "projectConfig.testSignUpRules",
    summary: "Runs the sign-up rules against a made-up sign-up: each rule's evaluation and the decision",
    method: "POST",
    path: "/internal/sign-up-rules-test",
    access: ADMIN,
    body: SignUpRulesTestRequest,
    success: SignUpRulesTestResponse,
    errors: admin
  })
}
