import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The accounts' tables: users, sessions, recovery codes, password reset and admin set-up tokens.
 * Written only by the auth module.
 * Ownership and foreign keys: docs/decisions/0026-modules-and-their-boundaries.md.
 */

/**
 * Accounts (decision record 0014; `modules/auth`). Usernames and e-mail addresses are unique case-insensitively
 * (indexes on `lower(...)`). The password is kept only as an argon2id hash (PHC string); TOTP
 * secrets only encrypted (AES-256-GCM under a key derived from `AUTH_SECRET`, `totp.ts`).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Interface language of the account's e-mails: en | tr | es | fr | de. */
    language: text('language').notNull().default('en'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`). */
    passwordHash: text('password_hash').notNull(),
    /** The active TOTP secret, encrypted (`totp.ts` `sealSecret`); null without two-factor authentication. */
    totpSecret: text('totp_secret'),
    /** A secret from `POST /api/setup-2fa` not yet confirmed by `POST /api/enable-2fa`, encrypted. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last accepted TOTP time step (RFC 6238 T): a code of this step or an earlier one is refused. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * Signed-in sessions (decision record 0014). `id` is the SHA-256 (hex) of the 256-bit token the cookie holds,
 * so a copy of this table opens no session. A session ends at `idle_expires_at` (pushed forward,
 * at most once a minute, while it is used) or at `expires_at` (absolute), whichever comes first.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId), index('user_sessions_expires_idx').on(t.expiresAt)],
);

/** Two-factor recovery codes: argon2id hashes, each usable once (`used_at`). */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

/**
 * Password-reset tokens (OWASP ASVS 4.0.3 V2.5.6; decision record 0014).
 * `token_hash` is the SHA-256 (hex) of the 256-bit token the e-mailed link carries, so a copy of
 * this table resets no password. A token works once (`used_at`, set by a compare-and-set
 * `UPDATE`) and until `expires_at` (30 minutes after it was made); a newer request of the same
 * user deletes the older unused ones.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * First-admin tokens: while no admin exists, the server makes one at start-up and prints
 * the link `/setup-admin#token=…` (valid 24 hours). Stored as the SHA-256 (hex) of the token; the
 * first admin created through a link marks every unused one used.
 */
export const adminSetupTokens = pgTable(
  'admin_setup_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admin_setup_tokens_hash_idx').on(t.tokenHash)],
);
