/** The PostgreSQL server tests use (trust auth); each test file makes its own database there. */
export const POSTGRES_ADMIN_URL =
  process.env.PORTAL_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
