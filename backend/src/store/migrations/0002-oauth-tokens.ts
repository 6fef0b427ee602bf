/**
 * OAuth tokens and local OpenID Connect issuers.
 *
 * `oauth_tokens`: a provider access token (and refresh token) per sign-in, with the scopes it was asked for.
 * An account keeps several, like the hosted service, so a later sign-in with fewer scopes does not lose the
 * token a `link` with extra scopes obtained. (`oauth_accounts.access_token` and `.scopes` stay unused.)
 *
 * `oauth_provider_issuers`: the local backend's own addition to a project's OAuth config. A "standard" provider
 * (the project's client id and secret) whose id is not a well-known OpenID Connect issuer needs one to be
 * reachable: set it with `PUT /api/v1/local-backend/oauth-providers/{provider_id}` (admin).
 */
export const name = "0002-oauth-tokens"

export const sql = `
create table oauth_tokens (
  id text primary key,
  project_id text not null references projects(id) on delete cascade,
  oauth_account_id text not null references oauth_accounts(id) on delete cascade,
  access_token text not null,
  refresh_token text,
  scopes jsonb not null default '[]'::jsonb,
  -- null: the provider did not say; treated as not expiring
  expires_at timestamptz,
  created_at timestamptz not null default now()
);
create index oauth_tokens_account on oauth_tokens(oauth_account_id, created_at);

create table oauth_provider_issuers (
  project_id text not null references projects(id) on delete cascade,
  provider_id text not null,
  issuer text not null,
  primary key (project_id, provider_id)
);
`
