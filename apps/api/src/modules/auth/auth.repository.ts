import { and, asc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminSetupTokens, passwordResetTokens, userRecoveryCodes, userSessions, users } from './auth.schema.ts';

/** A `users` row. */
export type UserRow = typeof users.$inferSelect;
/** A `user_sessions` row. */
export type SessionRow = typeof userSessions.$inferSelect;

/** What a new account is made of. */
export interface NewUser {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  language: string;
  passwordHash: string;
  isAdmin?: boolean;
}

/** Profile fields a user may change (never `isAdmin`: OWASP ASVS 4.0.3 V4.2.1). */
export interface ProfilePatch {
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  language?: string | undefined;
}

/** Which unique field a write collided with. */
export type UniqueField = 'username' | 'email';

/**
 * The outcome of {@link AuthRepository.createFirstAdmin}: the new admin, or why not: the token
 * was not a live one (`invalid_token`; also when a concurrent set-up used it first), an admin
 * exists, or the username or e-mail is taken. Nothing is written unless `user` is returned.
 */
export type FirstAdminResult =
  { user: UserRow } | { refused: 'invalid_token' | 'admin_exists' } | { conflict: UniqueField };

/** Thrown inside a transaction to roll it back with a result. */
class Rollback<T> extends Error {
  constructor(readonly result: T) {
    super('rollback');
  }
}

const lower = (value: string) => sql`lower(${value})`;

/**
 * Accounts, sessions and recovery codes. One statement per call except where a
 * transaction is named; every conditional write (`totp_last_step`, `used_at`, the pending secret)
 * is a compare-and-set in one `UPDATE`, so concurrent requests cannot both succeed.
 */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  /** The account whose username or e-mail is `identifier` (case-insensitively). */
  async findByLogin(identifier: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(
        or(eq(sql`lower(${users.username})`, lower(identifier)), eq(sql`lower(${users.email})`, lower(identifier))),
      )
      .limit(1);
    return row;
  }

  /** The account whose e-mail address is `email` (case-insensitively; never a username). */
  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, lower(email)))
      .limit(1);
    return row;
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** Which of `username` and `email` another account than `exceptId` holds (case-insensitively). */
  async takenField(
    username: string | undefined,
    email: string | undefined,
    exceptId?: number,
  ): Promise<UniqueField | undefined> {
    const conditions = [];
    if (username !== undefined) conditions.push(eq(sql`lower(${users.username})`, lower(username)));
    if (email !== undefined) conditions.push(eq(sql`lower(${users.email})`, lower(email)));
    if (conditions.length === 0) return undefined;
    const rows = await this.db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(and(or(...conditions), exceptId === undefined ? undefined : ne(users.id, exceptId)));
    if (username !== undefined && rows.some((r) => r.username.toLowerCase() === username.toLowerCase()))
      return 'username';
    if (email !== undefined && rows.some((r) => r.email.toLowerCase() === email.toLowerCase())) return 'email';
    return undefined;
  }

  /** Inserts an account; `{ conflict }` when the username or e-mail is taken (also by a concurrent insert). */
  async insertUser(values: NewUser): Promise<{ user: UserRow } | { conflict: UniqueField }> {
    const [row] = await this.db.insert(users).values(values).onConflictDoNothing().returning();
    if (row) return { user: row };
    return { conflict: (await this.takenField(values.username, values.email)) ?? 'username' };
  }

  /** Changes profile fields; `{ conflict: 'email' }` when the new e-mail is another account's. */
  async updateProfile(id: number, patch: ProfilePatch): Promise<{ user: UserRow } | { conflict: UniqueField }> {
    try {
      const [row] = await this.db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new Error(`user ${id} vanished`);
      return { user: row };
    } catch (error) {
      const taken = patch.email === undefined ? undefined : await this.takenField(undefined, patch.email, id);
      if (taken) return { conflict: taken };
      throw error;
    }
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
  }

  async setAdmin(id: number, passwordHash?: string): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ isAdmin: true, updatedAt: new Date(), ...(passwordHash ? { passwordHash } : {}) })
      .where(eq(users.id, id))
      .returning();
    return row!;
  }

  // --- sessions ---------------------------------------------------------------------------------

  async insertSession(values: typeof userSessions.$inferInsert): Promise<void> {
    await this.db.insert(userSessions).values(values);
  }

  /** The live session `id` (neither timeout passed at `now`) with its user: one primary-key lookup and join. */
  async findSession(id: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    const [row] = await this.db
      .select({ session: userSessions, user: users })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      .where(and(eq(userSessions.id, id), gt(userSessions.idleExpiresAt, now), gt(userSessions.expiresAt, now)));
    return row;
  }

  /** Records use of a session: `last_seen_at` and the idle timeout moved forward (never past the absolute one). */
  async touchSession(id: string, now: Date, idleExpiresAt: Date): Promise<void> {
    await this.db
      .update(userSessions)
      .set({
        lastSeenAt: now,
        idleExpiresAt: sql`least(${idleExpiresAt.toISOString()}::timestamptz, ${userSessions.expiresAt})`,
      })
      .where(eq(userSessions.id, id));
  }

  async deleteSession(id: string): Promise<void> {
    await this.db.delete(userSessions).where(eq(userSessions.id, id));
  }

  /** Ends every session of `userId` but `keepId` (all when undefined), and any expired ones of theirs. @returns how many. */
  async deleteSessionsOf(userId: number, keepId?: string): Promise<number> {
    const rows = await this.db
      .delete(userSessions)
      .where(and(eq(userSessions.userId, userId), keepId === undefined ? undefined : ne(userSessions.id, keepId)))
      .returning({ id: userSessions.id });
    return rows.length;
  }

  /** Live sessions of `userId`, oldest first. */
  async listSessions(userId: number, now: Date): Promise<SessionRow[]> {
    return this.db
      .select()
      .from(userSessions)
      .where(and(eq(userSessions.userId, userId), gt(userSessions.idleExpiresAt, now), gt(userSessions.expiresAt, now)))
      .orderBy(asc(userSessions.createdAt));
  }

  /** Deletes sessions that ended before `now` (housekeeping). */
  async deleteExpiredSessions(now: Date): Promise<void> {
    await this.db.delete(userSessions).where(or(lt(userSessions.expiresAt, now), lt(userSessions.idleExpiresAt, now)));
  }

  // --- two-factor -------------------------------------------------------------------------------

  async setPendingSecret(id: number, sealed: string): Promise<void> {
    await this.db.update(users).set({ totpPendingSecret: sealed, updatedAt: new Date() }).where(eq(users.id, id));
  }

  /**
   * Turns two-factor authentication on with the pending secret `pending` (compare-and-set: a
   * newer `setup-2fa` in between makes this a no-op), records `step` as the last used one and
   * replaces the recovery codes, in one transaction.
   * @returns false when the pending secret was no longer `pending`.
   */
  async enableTwoFactor(id: number, pending: string, step: number, codeHashes: string[]): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(users)
        .set({
          totpSecret: pending,
          totpPendingSecret: null,
          totpLastStep: step,
          twoFactorEnabled: true,
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, id), eq(users.totpPendingSecret, pending), eq(users.twoFactorEnabled, false)))
        .returning({ id: users.id });
      if (rows.length === 0) return false;
      await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, id));
      await tx.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId: id, codeHash })));
      return true;
    });
  }

  /** Turns two-factor authentication off and deletes the secret and recovery codes. */
  async disableTwoFactor(id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          totpSecret: null,
          totpPendingSecret: null,
          totpLastStep: null,
          twoFactorEnabled: false,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id));
      await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, id));
    });
  }

  /**
   * Accepts TOTP step `step` for `id` only if it is later than the last accepted one
   * (compare-and-set in one `UPDATE`; OWASP ASVS 4.0.3 V2.8.4). @returns whether it was accepted.
   */
  async advanceTotpStep(id: number, step: number): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return rows.length === 1;
  }

  async unusedRecoveryCodes(userId: number): Promise<{ id: number; codeHash: string }[]> {
    return this.db
      .select({ id: userRecoveryCodes.id, codeHash: userRecoveryCodes.codeHash })
      .from(userRecoveryCodes)
      .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  }

  /** Marks a recovery code used unless it already is (`WHERE used_at IS NULL`). @returns whether this call used it. */
  async useRecoveryCode(id: number): Promise<boolean> {
    const rows = await this.db
      .update(userRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(userRecoveryCodes.id, id), isNull(userRecoveryCodes.usedAt)))
      .returning({ id: userRecoveryCodes.id });
    return rows.length === 1;
  }

  // --- password reset (OWASP ASVS 4.0.3 V2.5) ---------------------------------------------------

  /**
   * Stores a new reset token of `userId` (its SHA-256 `tokenHash`, valid until `expiresAt`) and
   * deletes the user's older unused or expired ones, in one transaction: only the newest link works.
   */
  async replaceResetToken(userId: number, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .delete(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.userId, userId),
            or(isNull(passwordResetTokens.usedAt), lt(passwordResetTokens.expiresAt, now)),
          ),
        );
      await tx.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt, createdAt: now });
    });
  }

  /** The user of the reset token `tokenHash` when it is unused and not expired at `now` (reads only). */
  async findResetTokenUser(tokenHash: string, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select({ user: users })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      );
    return row?.user;
  }

  /**
   * Resets a password with the token `tokenHash`, in one transaction: uses the token (compare-and-set
   * `UPDATE … WHERE used_at IS NULL AND expires_at > now RETURNING`, so of concurrent uses one
   * wins), sets `passwordHash` on its user, deletes the user's other unused reset tokens and ends
   * every session of the user.
   * @returns the user's id, or undefined (nothing written) when the token is unknown, used or expired.
   */
  async resetPassword(tokenHash: string, passwordHash: string, now: Date): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      const [token] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      if (!token) return undefined;
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, token.userId));
      await tx
        .delete(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, token.userId), isNull(passwordResetTokens.usedAt)));
      await tx.delete(userSessions).where(eq(userSessions.userId, token.userId));
      return token.userId;
    });
  }

  // --- first admin ------------------------------------------------------------------------------

  /** Whether any admin account exists. */
  async adminExists(): Promise<boolean> {
    const rows = await this.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
    return rows.length > 0;
  }

  /**
   * Stores a first-admin token (its SHA-256 `tokenHash`, valid until `expiresAt`) and deletes the
   * unused or expired older ones, in one transaction: the link printed last is the one that works.
   */
  async replaceAdminSetupToken(tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(adminSetupTokens).where(or(isNull(adminSetupTokens.usedAt), lt(adminSetupTokens.expiresAt, now)));
      await tx.insert(adminSetupTokens).values({ tokenHash, expiresAt, createdAt: now });
    });
  }

  /** Whether `tokenHash` is an unused first-admin token not expired at `now` (reads only). */
  async isLiveAdminSetupToken(tokenHash: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .select({ id: adminSetupTokens.id })
      .from(adminSetupTokens)
      .where(
        and(
          eq(adminSetupTokens.tokenHash, tokenHash),
          isNull(adminSetupTokens.usedAt),
          gt(adminSetupTokens.expiresAt, now),
        ),
      );
    return rows.length > 0;
  }

  /**
   * Creates the first admin with the first-admin token `tokenHash`, in one transaction: marks every
   * live first-admin token used (`UPDATE … WHERE used_at IS NULL AND expires_at > now RETURNING`:
   * a concurrent set-up waits on those rows and then finds none, so at most one admin is made this
   * way), requires `tokenHash` among them and no admin, and inserts the account with `is_admin`.
   * Any refusal rolls everything back, so the token stays usable after a taken username.
   */
  async createFirstAdmin(tokenHash: string, values: Omit<NewUser, 'isAdmin'>, now: Date): Promise<FirstAdminResult> {
    try {
      return await this.db.transaction(async (tx): Promise<FirstAdminResult> => {
        const used = await tx
          .update(adminSetupTokens)
          .set({ usedAt: now })
          .where(and(isNull(adminSetupTokens.usedAt), gt(adminSetupTokens.expiresAt, now)))
          .returning({ tokenHash: adminSetupTokens.tokenHash });
        if (!used.some((t) => t.tokenHash === tokenHash))
          throw new Rollback<FirstAdminResult>({ refused: 'invalid_token' });
        const admins = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
        if (admins.length > 0) throw new Rollback<FirstAdminResult>({ refused: 'admin_exists' });
        const [row] = await tx
          .insert(users)
          .values({ ...values, isAdmin: true })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new Rollback<FirstAdminResult>({ conflict: 'username' });
        return { user: row };
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
      const result = error.result as FirstAdminResult;
      // Which field collided, read after the rollback.
      if ('conflict' in result)
        return { conflict: (await this.takenField(values.username, values.email)) ?? 'username' };
      return result;
    }
  }
}
