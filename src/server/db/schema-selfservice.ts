import type { ColumnType, Generated } from 'kysely';

/**
 * Kysely's view of the tables of migration 0070 (important information seen, client error
 * reports), merged into {@link Database} so schema.ts stays as it is.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UserInformationSeenTable {
  userId: number;
  key: string;
  seenAt: Timestamp;
}

export interface ClientErrorTable {
  id: Generated<number>;
  createdAt: Timestamp;
  userId: number | null;
  kind: string;
  message: string;
  url: string;
  frontendVersion: string;
  trace: ColumnType<unknown, string | null | undefined, string | null>;
}

declare module './schema' {
  interface Database {
    userInformationSeen: UserInformationSeenTable;
    clientError: ClientErrorTable;
  }
}
