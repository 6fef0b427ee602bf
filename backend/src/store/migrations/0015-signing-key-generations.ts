/**
 * Issue 36/37: signing keys in numbered generations, one key per project, kind and generation.
 *
 * The hosted service publishes two keys per audience, the one that signs and the one that will; here the
 * generations of a project's kind count up, the newest is the next key and the one below it signs. Rotation
 * adds a generation. The unique index is what keeps two instances (or two first requests of one) from each
 * storing a key of one kind: key creation inserts with `on conflict do nothing` and reads the winner.
 *
 * Additive for existing databases: the keys already stored are numbered oldest first within their project
 * and kind, so a database where a race once stored two keys of a kind keeps both (they become the current and
 * the next key) and every token they signed still verifies.
 */
export const name = "0015-signing-key-generations"

export const sql = `
alter table signing_keys add column generation integer;

update signing_keys set generation = numbered.generation
  from (
    select kid, row_number() over (partition by project_id, kind order by created_at, kid) as generation
      from signing_keys
  ) as numbered
  where signing_keys.kid = numbered.kid;

alter table signing_keys alter column generation set not null;

create unique index signing_keys_generation on signing_keys (project_id, kind, generation);
`
