/**
 * The whole local backend schema. Timestamps are timestamptz (both drivers return `Date`), free JSON is
 * jsonb, and every row belongs to a project so deleting a project cascades. Later features add queries,
 * not tables; later schema changes go into new migration files.
 */
export const name = "0001-initial-schema"

export const sql = `
create table projects (
  id text primary key,
  display_name text not null,
  description text,
  created_at timestamptz not null default now(),
  is_production_mode boolean not null default false,
  -- the admin config of the wire in snake_case, including its id
  config jsonb not null,
  -- opaque token for the webhooks endpoint (svix-token)
  webhook_token text
);

-- ES256 signing keys per project; the newest active one signs, all are published in the JWKS
create table signing_keys (
  kid text primary key,
  project_id text not null references projects(id) on delete cascade,
  private_jwk jsonb not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now()
);
create index signing_keys_project on signing_keys(project_id);

-- API key sets (/internal/api-keys); the secrets are stored as sha256 hex plus their last four characters
create table api_key_sets (
  id text primary key,
  project_id text not null references projects(id) on delete cascade,
  description text not null default '',
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  manually_revoked_at timestamptz,
  publishable_client_key_hash text,
  publishable_client_key_last_four text,
  secret_server_key_hash text,
  secret_server_key_last_four text,
  super_secret_admin_key_hash text,
  super_secret_admin_key_last_four text
);
create index api_key_sets_project on api_key_sets(project_id);

create table users (
  id text primary key,
  project_id text not null references projects(id) on delete cascade,
  display_name text,
  profile_image_url text,
  client_metadata jsonb,
  client_read_only_metadata jsonb,
  server_metadata jsonb,
  selected_team_id text,
  signed_up_at timestamptz not null default now(),
  last_active_at timestamptz not null default now(),
  -- base64 TOTP secret; its presence makes sign-in require MFA
  totp_secret_base64 text,
  otp_auth_enabled boolean not null default false,
  passkey_auth_enabled boolean not null default false,
  is_anonymous boolean not null default false,
  restricted_reason jsonb
);
create index users_project_signed_up on users(project_id, signed_up_at, id);

create table password_hashes (
  user_id text primary key references users(id) on delete cascade,
  hash text not null,
  updated_at timestamptz not null default now()
);

create table contact_channels (
  id text primary key,
  project_id text not null references projects(id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  type text not null default 'email',
  value text not null,
  -- lower-cased value: emails compare case-insensitively
  normalized_value text not null,
  is_verified boolean not null default false,
  is_primary boolean not null default false,
  used_for_auth boolean not null default false,
  created_at timestamptz not null default now(),
  unique (user_id, type, normalized_value)
);
create unique index contact_channels_one_primary on contact_channels(user_id, type) where is_primary;
create unique index contact_channels_auth_unique on contact_channels(project_id, type, normalized_value) where used_for_auth;
create index contact_channels_lookup on contact_channels(project_id, type, normalized_value);

-- sessions: opaque refresh tokens stored as sha256 hex
create table refresh_tokens (
  id text primary key,
  project_id text not null references projects(id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  expires_at timestamptz,
  revoked_at timestamptz,
  is_impersonation boolean not null default false
);
create index refresh_tokens_user on refresh_tokens(user_id);

-- every single-use code: email verification, password reset, magic link / OTP, team invitation,
-- MFA attempt, passkey challenges, contact channel verification ...
create table verification_codes (
  id text primary key,
  project_id text not null references projects(id) on delete cascade,
  purpose text not null,
  -- sha256 hex of the code sent to the user
  code_hash text not null,
  -- for OTP sign-in: the nonce returned to the client, paired with a short code
  nonce text,
  user_id text references users(id) on delete cascade,
  email text,
  data jsonb not null default '{}'::jsonb,
  callback_url text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  attempt_count integer not null default 0,
  unique (project_id, purpose, code_hash)
);
create index verification_codes_nonce on verification_codes(project_id, purpose, nonce);

create table teams (
  id text primary key,
  project_id text not null references projects(id) on delete cascade,
  display_name text not null,
  profile_image_url text,
  client_metadata jsonb,
  client_read_only_metadata jsonb,
  server_metadata jsonb,
  created_at timestamptz not null default now()
);
create index teams_project on teams(project_id, created_at);

create table team_members (
  project_id text not null references projects(id) on delete cascade,
  team_id text not null references teams(id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  -- the member profile
  display_name text,
  profile_image_url text,
  created_at timestamptz not null default now(),
  primary key (team_id, user_id)
);
create index team_members_user on team_members(user_id);

-- permission definitions (team scope; ids starting with $ are built in)
create table permission_definitions (
  project_id text not null references projects(id) on delete cascade,
  id text not null,
  scope text not null default 'team',
  description text,
  contained_permission_ids jsonb not null default '[]'::jsonb,
  is_builtin boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (project_id, scope, id)
);

-- direct grants to a member; containment is resolved when reading
create table team_member_permissions (
  project_id text not null references projects(id) on delete cascade,
  team_id text not null,
  user_id text not null,
  permission_id text not null,
  created_at timestamptz not null default now(),
  primary key (team_id, user_id, permission_id),
  foreign key (team_id, user_id) references team_members(team_id, user_id) on delete cascade
);

create table team_invitations (
  id text primary key,
  project_id text not null references projects(id) on delete cascade,
  team_id text not null references teams(id) on delete cascade,
  recipient_email text not null,
  verification_code_id text references verification_codes(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index team_invitations_team on team_invitations(team_id);

create table oauth_accounts (
  id text primary key,
  project_id text not null references projects(id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  provider_id text not null,
  account_id text not null,
  email text,
  access_token text,
  refresh_token text,
  access_token_expires_at timestamptz,
  scopes jsonb not null default '[]'::jsonb,
  allow_sign_in boolean not null default true,
  allow_connected_accounts boolean not null default true,
  created_at timestamptz not null default now(),
  unique (project_id, provider_id, account_id)
);
create index oauth_accounts_user on oauth_accounts(user_id);

create table passkeys (
  id text primary key,
  project_id text not null references projects(id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  -- base64url credential id
  credential_id text not null,
  -- base64url COSE public key
  public_key text not null,
  counter double precision not null default 0,
  transports jsonb not null default '[]'::jsonb,
  rp_id text not null,
  device_type text,
  backed_up boolean not null default false,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  unique (project_id, credential_id)
);
create index passkeys_user on passkeys(user_id);

create table email_templates (
  project_id text not null references projects(id) on delete cascade,
  type text not null,
  subject text not null,
  content text not null,
  updated_at timestamptz not null default now(),
  primary key (project_id, type)
);

-- every message the local backend sends, kept for the mailbox API and page
create table outbox (
  id text primary key,
  project_id text references projects(id) on delete cascade,
  mailbox text not null,
  to_address text not null,
  from_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  created_at timestamptz not null default now(),
  seen boolean not null default false
);
create index outbox_mailbox on outbox(mailbox, created_at);
create index outbox_created on outbox(created_at);

-- the outer leg of an OAuth flow: from /auth/oauth/authorize until the provider calls back
create table oauth_outer_states (
  id text primary key,
  project_id text not null references projects(id) on delete cascade,
  provider_id text not null,
  -- client redirect_uri, code_challenge, state, type, error_redirect_url, after_callback_redirect_url,
  -- provider_scope, user id when linking, inner PKCE verifier ...
  data jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

-- authorization codes handed to the client, redeemed at /auth/oauth/token
create table oauth_authorization_codes (
  code_hash text primary key,
  project_id text not null references projects(id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  redirect_uri text not null,
  code_challenge text not null,
  code_challenge_method text not null default 'S256',
  is_new_user boolean not null default false,
  after_callback_redirect_url text,
  data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

-- users of the internal project who own (administer) a project
create table project_owners (
  project_id text not null references projects(id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (project_id, user_id)
);
create index project_owners_user on project_owners(user_id);
`
