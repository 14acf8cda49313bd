import type {
  AuthRepository,
  FirstAdminResult,
  NewUser,
  ProfilePatch,
  SessionRow,
  UniqueField,
  UserRow,
} from './auth.repository.ts';
import type { AuthStore } from './auth.service.ts';

/** A row of `user_recovery_codes`. */
interface RecoveryCodeRow {
  id: number;
  userId: number;
  codeHash: string;
  usedAt: Date | null;
}

/** A row of `password_reset_tokens` or `admin_setup_tokens` (`userId` null for the latter). */
interface OneTimeTokenRow {
  id: number;
  userId: number | null;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const live = (t: OneTimeTokenRow, now: Date) => t.usedAt === null && t.expiresAt > now;

/**
 * An in-memory {@link AuthStore} with the semantics of `AuthRepository`, for unit tests of
 * `AuthService`: usernames and e-mail addresses unique case-insensitively, sessions live until
 * either timeout, and every conditional write (the TOTP step, a recovery code, a reset or
 * first-admin token, the pending secret) a compare-and-set. Rows are returned as copies, as a
 * database returns fresh rows. `clock` gives the `created_at`/`updated_at` the database would.
 */
export class FakeAuthRepository implements AuthStore {
  readonly users: UserRow[] = [];
  readonly sessions: SessionRow[] = [];
  readonly recoveryCodes: RecoveryCodeRow[] = [];
  readonly resetTokens: OneTimeTokenRow[] = [];
  readonly adminSetupTokens: OneTimeTokenRow[] = [];
  private nextId = 1;

  constructor(private readonly clock: () => Date = () => new Date()) {}

  private user(id: number): UserRow | undefined {
    return this.users.find((u) => u.id === id);
  }

  private isLive(session: SessionRow, now: Date): boolean {
    return session.idleExpiresAt > now && session.expiresAt > now;
  }

  async findByLogin(identifier: string): Promise<UserRow | undefined> {
    const row = this.users.find((u) => same(u.username, identifier) || same(u.email, identifier));
    return row && { ...row };
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const row = this.users.find((u) => same(u.email, email));
    return row && { ...row };
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const row = this.user(id);
    return row && { ...row };
  }

  async takenField(
    username: string | undefined,
    email: string | undefined,
    exceptId?: number,
  ): Promise<UniqueField | undefined> {
    const others = this.users.filter((u) => u.id !== exceptId);
    if (username !== undefined && others.some((u) => same(u.username, username))) return 'username';
    if (email !== undefined && others.some((u) => same(u.email, email))) return 'email';
    return undefined;
  }

  async insertUser(values: NewUser): Promise<{ user: UserRow } | { conflict: UniqueField }> {
    const taken = await this.takenField(values.username, values.email);
    if (taken) return { conflict: taken };
    const now = this.clock();
    const row: UserRow = {
      id: this.nextId++,
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
      twoFactorEnabled: false,
      createdAt: now,
      updatedAt: now,
      ...values,
      isAdmin: values.isAdmin ?? false,
    };
    this.users.push(row);
    return { user: { ...row } };
  }

  async updateProfile(id: number, patch: ProfilePatch): Promise<{ user: UserRow } | { conflict: UniqueField }> {
    const row = this.user(id);
    if (!row) throw new Error(`user ${id} vanished`);
    if (patch.email !== undefined && (await this.takenField(undefined, patch.email, id))) return { conflict: 'email' };
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    Object.assign(row, defined, { updatedAt: this.clock() });
    return { user: { ...row } };
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    const row = this.user(id);
    if (row) Object.assign(row, { passwordHash, updatedAt: this.clock() });
  }

  async setAdmin(id: number, passwordHash?: string): Promise<UserRow> {
    const row = this.user(id);
    if (!row) throw new Error(`user ${id} does not exist`);
    Object.assign(row, { isAdmin: true, updatedAt: this.clock(), ...(passwordHash ? { passwordHash } : {}) });
    return { ...row };
  }

  async insertSession(values: Parameters<AuthRepository['insertSession']>[0]): Promise<void> {
    if (this.sessions.some((s) => s.id === values.id)) throw new Error(`duplicate session ${values.id}`);
    const now = this.clock();
    this.sessions.push({
      ...values,
      createdAt: values.createdAt ?? now,
      lastSeenAt: values.lastSeenAt ?? now,
      ip: values.ip ?? null,
      userAgent: values.userAgent ?? null,
    });
  }

  async findSession(id: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    const session = this.sessions.find((s) => s.id === id && this.isLive(s, now));
    const user = session && this.user(session.userId);
    return session && user ? { session: { ...session }, user: { ...user } } : undefined;
  }

  async touchSession(id: string, now: Date, idleExpiresAt: Date): Promise<void> {
    const session = this.sessions.find((s) => s.id === id);
    if (!session) return;
    session.lastSeenAt = now;
    session.idleExpiresAt = idleExpiresAt < session.expiresAt ? idleExpiresAt : session.expiresAt;
  }

  async deleteSession(id: string): Promise<void> {
    const i = this.sessions.findIndex((s) => s.id === id);
    if (i >= 0) this.sessions.splice(i, 1);
  }

  async deleteSessionsOf(userId: number, keepId?: string): Promise<number> {
    const ended = this.sessions.filter((s) => s.userId === userId && s.id !== keepId);
    for (const s of ended) this.sessions.splice(this.sessions.indexOf(s), 1);
    return ended.length;
  }

  async listSessions(userId: number, now: Date): Promise<SessionRow[]> {
    return this.sessions
      .filter((s) => s.userId === userId && this.isLive(s, now))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((s) => ({ ...s }));
  }

  async setPendingSecret(id: number, sealed: string): Promise<void> {
    const row = this.user(id);
    if (row) Object.assign(row, { totpPendingSecret: sealed, updatedAt: this.clock() });
  }

  async enableTwoFactor(id: number, pending: string, step: number, codeHashes: string[]): Promise<boolean> {
    const row = this.user(id);
    if (!row || row.totpPendingSecret !== pending || row.twoFactorEnabled) return false;
    Object.assign(row, {
      totpSecret: pending,
      totpPendingSecret: null,
      totpLastStep: step,
      twoFactorEnabled: true,
      updatedAt: this.clock(),
    });
    this.dropRecoveryCodes(id);
    for (const codeHash of codeHashes) {
      this.recoveryCodes.push({ id: this.nextId++, userId: id, codeHash, usedAt: null });
    }
    return true;
  }

  async disableTwoFactor(id: number): Promise<void> {
    const row = this.user(id);
    if (row) {
      Object.assign(row, {
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
        twoFactorEnabled: false,
        updatedAt: this.clock(),
      });
    }
    this.dropRecoveryCodes(id);
  }

  private dropRecoveryCodes(userId: number): void {
    for (let i = this.recoveryCodes.length - 1; i >= 0; i--) {
      if (this.recoveryCodes[i]!.userId === userId) this.recoveryCodes.splice(i, 1);
    }
  }

  async advanceTotpStep(id: number, step: number): Promise<boolean> {
    const row = this.user(id);
    if (!row || (row.totpLastStep !== null && row.totpLastStep >= step)) return false;
    row.totpLastStep = step;
    return true;
  }

  async unusedRecoveryCodes(userId: number): Promise<{ id: number; codeHash: string }[]> {
    return this.recoveryCodes
      .filter((c) => c.userId === userId && c.usedAt === null)
      .map(({ id, codeHash }) => ({ id, codeHash }));
  }

  async useRecoveryCode(id: number): Promise<boolean> {
    const code = this.recoveryCodes.find((c) => c.id === id && c.usedAt === null);
    if (!code) return false;
    code.usedAt = this.clock();
    return true;
  }

  async replaceResetToken(userId: number, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
    for (let i = this.resetTokens.length - 1; i >= 0; i--) {
      const t = this.resetTokens[i]!;
      if (t.userId === userId && (t.usedAt === null || t.expiresAt < now)) this.resetTokens.splice(i, 1);
    }
    this.resetTokens.push({ id: this.nextId++, userId, tokenHash, expiresAt, usedAt: null, createdAt: now });
  }

  async findResetTokenUser(tokenHash: string, now: Date): Promise<UserRow | undefined> {
    const token = this.resetTokens.find((t) => t.tokenHash === tokenHash && live(t, now));
    const user = token?.userId == null ? undefined : this.user(token.userId);
    return user && { ...user };
  }

  async resetPassword(tokenHash: string, passwordHash: string, now: Date): Promise<number | undefined> {
    const token = this.resetTokens.find((t) => t.tokenHash === tokenHash && live(t, now));
    if (!token || token.userId === null) return undefined;
    const userId = token.userId;
    token.usedAt = now;
    const user = this.user(userId);
    if (user) Object.assign(user, { passwordHash, updatedAt: now });
    for (let i = this.resetTokens.length - 1; i >= 0; i--) {
      const t = this.resetTokens[i]!;
      if (t.userId === userId && t.usedAt === null) this.resetTokens.splice(i, 1);
    }
    await this.deleteSessionsOf(userId);
    return userId;
  }

  async adminExists(): Promise<boolean> {
    return this.users.some((u) => u.isAdmin);
  }

  async replaceAdminSetupToken(tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
    for (let i = this.adminSetupTokens.length - 1; i >= 0; i--) {
      const t = this.adminSetupTokens[i]!;
      if (t.usedAt === null || t.expiresAt < now) this.adminSetupTokens.splice(i, 1);
    }
    this.adminSetupTokens.push({ id: this.nextId++, userId: null, tokenHash, expiresAt, usedAt: null, createdAt: now });
  }

  async isLiveAdminSetupToken(tokenHash: string, now: Date): Promise<boolean> {
    return this.adminSetupTokens.some((t) => t.tokenHash === tokenHash && live(t, now));
  }

  async createFirstAdmin(tokenHash: string, values: Omit<NewUser, 'isAdmin'>, now: Date): Promise<FirstAdminResult> {
    // One transaction in the repository: any refusal leaves every token as it was.
    const usable = this.adminSetupTokens.filter((t) => live(t, now));
    if (!usable.some((t) => t.tokenHash === tokenHash)) return { refused: 'invalid_token' };
    if (await this.adminExists()) return { refused: 'admin_exists' };
    const created = await this.insertUser({ ...values, isAdmin: true });
    if ('conflict' in created) return created;
    for (const t of usable) t.usedAt = now;
    return created;
  }
}
