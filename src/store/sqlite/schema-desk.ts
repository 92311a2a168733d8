// The writer's desk step: invites, sessions, passkeys, WebAuthn challenges and uploaded images
// (store/desk.ts, store/media.ts). One self-contained step, so it can take any place in the list.

export const deskSteps: readonly [string] = [
  // The desk: sign-in invites and sessions as hashes of their secrets, passkeys, the challenges
  // in flight, and images with their resized variants.
  `
  CREATE TABLE desk_invites (
    hash           TEXT PRIMARY KEY,
    publication_id TEXT NOT NULL REFERENCES publications (id) ON DELETE CASCADE,
    user_id        TEXT NOT NULL REFERENCES authors (id) ON DELETE CASCADE,
    created_at     INTEGER NOT NULL,
    expires_at     INTEGER NOT NULL,
    used_at        INTEGER
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE desk_sessions (
    id             TEXT PRIMARY KEY,
    hash           TEXT NOT NULL UNIQUE,
    publication_id TEXT NOT NULL REFERENCES publications (id) ON DELETE CASCADE,
    user_id        TEXT NOT NULL REFERENCES authors (id) ON DELETE CASCADE,
    csrf           TEXT NOT NULL,
    method         TEXT NOT NULL CHECK (method IN ('invite', 'passkey')),
    created_at     INTEGER NOT NULL,
    last_seen_at   INTEGER NOT NULL,
    expires_at     INTEGER NOT NULL,
    revoked_at     INTEGER
  ) STRICT;

  CREATE TABLE desk_passkeys (
    id             TEXT PRIMARY KEY,
    publication_id TEXT NOT NULL REFERENCES publications (id) ON DELETE CASCADE,
    user_id        TEXT NOT NULL REFERENCES authors (id) ON DELETE CASCADE,
    public_key     BLOB NOT NULL,
    counter        INTEGER NOT NULL,
    transports     TEXT NOT NULL,
    created_at     INTEGER NOT NULL,
    last_used_at   INTEGER
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX desk_passkeys_by_user ON desk_passkeys (user_id);

  CREATE TABLE desk_challenges (
    challenge  TEXT PRIMARY KEY,
    purpose    TEXT NOT NULL CHECK (purpose IN ('register', 'signin')),
    session_id TEXT,
    expires_at INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE media (
    id             TEXT PRIMARY KEY,
    publication_id TEXT NOT NULL REFERENCES publications (id) ON DELETE CASCADE,
    format         TEXT NOT NULL CHECK (format IN ('jpeg', 'png', 'webp', 'gif', 'avif')),
    width          INTEGER NOT NULL,
    height         INTEGER NOT NULL,
    created_at     INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX media_by_publication ON media (publication_id, created_at);

  CREATE TABLE media_variants (
    media_id TEXT NOT NULL REFERENCES media (id) ON DELETE CASCADE,
    width    INTEGER NOT NULL,
    height   INTEGER NOT NULL,
    etag     TEXT NOT NULL,
    bytes    BLOB NOT NULL,
    PRIMARY KEY (media_id, width)
  ) STRICT, WITHOUT ROWID;
  `,
];
