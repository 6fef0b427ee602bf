/**
 * Restricted and anonymous users (docs/wire.md, "Tokens").
 *
 * - `signing_keys.kind`: the hosted service signs the tokens of normal, restricted and anonymous users with
 *   keys of their own (one set per audience), and publishes the extra ones only when asked
 *   (`jwks.json?include_restricted=true`, `?include_anonymous=true`). Existing keys are the normal ones.
 * - `projects.require_email_verification` (added by 0004-owner-teams, which the admin project's PATCH writes)
 *   makes a user without a verified primary e-mail restricted (`email_not_verified`).
 * - `users.restricted_by_admin*`: an administrator's restriction, its public reason and private note.
 */
export const name = "0007-restricted-users"

export const sql = `
alter table signing_keys add column kind text not null default 'normal';
alter table users add column restricted_by_admin boolean not null default false;
alter table users add column restricted_by_admin_reason text;
alter table users add column restricted_by_admin_private_details text;
`
