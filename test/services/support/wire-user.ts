/** A `/users/me` answer as the hosted service sends it, for tests that stub the server. */
export const wireUser = (overrides: Record<string, unknown> = {}) => ({
  id: "3f1c1f3e-6a55-4e0f-9a53-0f4d1f6b2a11",
  primary_email: "ann@example.com",
  primary_email_verified: true,
  display_name: "Ann",
  selected_team_id: null,
  selected_team: null,
  profile_image_url: null,
  signed_up_at_millis: 1_700_000_000_000,
  has_password: true,
  otp_auth_enabled: false,
  passkey_auth_enabled: false,
  client_metadata: null,
  client_read_only_metadata: null,
  oauth_providers: [],
  auth_with_email: true,
  requires_totp_mfa: false,
  is_anonymous: false,
  is_restricted: false,
  restricted_reason: null,
  ...overrides
})
