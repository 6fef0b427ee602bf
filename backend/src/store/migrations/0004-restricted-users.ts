/**
 * Restricted and anonymous users (docs/wire.md, "Tokens").
 *
 * - `signing_keys.kind`: the hosted service signs the tokens of normal, restricted and anonymous users with
 *   keys of their own (one set per audience), and publishes the extra ones only when asked
 *   (`jwks.json?include_restricted=true`, `?include_anonymous=true`). Existing keys are the normal ones.
 * - `projects.require_email_verification`: the project setting that makes a user without a verified
 *   primary e-mail restricted (`email_not_verified`). A column of its own rather than a key of the config
 *   JSON, which is written through the admin config schema and would drop a key it does not know.
 * - `users.restricted_by_admin*`: an administrator's restriction, its public reason and private note.
 */
export const name = "0004-restricted-users"

export const sql = `
alter table signing_keys add column kind text not null default 'normal';
alter table projects add column require_email_verification boolean not null default false;
alter table users add column restricted_by_admin boolean not null default false;
alter table users add column restricted_by_admin_reason text;
alter table users add column restricted_by_admin_private_details text;
`
