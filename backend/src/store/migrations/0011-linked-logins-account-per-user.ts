/**
 * Linked logins (issue 21, item 5): one provider account may now be linked to several users, as the hosted
 * service allows (its key is project, provider, user and account), but only one of them may sign in with it.
 *
 * - The old `unique (project_id, provider_id, account_id)` goes; `oauth_accounts_user_account_key` keeps one
 *   row per user and provider account.
 * - `oauth_accounts_sign_in_key`, a partial unique index, keeps at most one row per provider account with
 *   `allow_sign_in`: the account a provider sign-in finds (hosted asserts the same). A concurrent second
 *   sign-up through one new account still loses, as before.
 */
export const name = "0011-linked-logins-account-per-user"

export const sql = `
alter table oauth_accounts drop constraint oauth_accounts_project_id_provider_id_account_id_key;
alter table oauth_accounts add constraint oauth_accounts_user_account_key unique (project_id, provider_id, user_id, account_id);
create unique index oauth_accounts_sign_in_key on oauth_accounts (project_id, provider_id, account_id) where allow_sign_in;
create index oauth_accounts_project_user on oauth_accounts (project_id, user_id, created_at);
`
