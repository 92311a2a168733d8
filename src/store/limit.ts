// A row limit bound as a parameter, for statements of either backend. SQLite (3.53 here)
// takes a bare `LIMIT ?` for a value its plan may depend on: each new binding expires the
// statement and the next run prepares it again. Measured on a keyset page of 12 posts, that
// is 53 µs a run against 19 µs with the limit written as a literal. A cast is an expression,
// not a bare parameter, and runs at the literal's cost; PostgreSQL reads it as it reads `$n`.
export const limitBy = (param: string) => `LIMIT CAST(${param} AS INTEGER)`;
