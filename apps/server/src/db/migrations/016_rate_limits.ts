// Rate limits counted in the database, so that every server behind a load balancer draws on
// one budget per user: one row per budget and caller, the start of its window and its hits.
// Unlogged: a lost count after a crash costs nothing, and skipping the WAL keeps the upsert cheap.
export const sql = /* sql */ `
create unlogged table rate_limit_windows (
  key text primary key,
  started_at timestamptz not null,
  hits integer not null
);
`;
