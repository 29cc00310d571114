/**
 * The shape of a migration, a leaf that migrations.ts and the per-area lists it gathers
 * (account-migrations.ts, job-migrations.ts) all import, so the lists never import migrations.ts back.
 */

/** One schema step. Versions are unique (2..9 accounts, 10..19 jobs, 20..29 billing; 30..39 are the PostgreSQL-only distributed steps of pg-migrations.ts); an applied step is never edited. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  /** SQL per dialect; a PostgreSQL store adds its own text under `postgres`. */
  readonly sql: { readonly sqlite: string; readonly postgres?: string };
}
