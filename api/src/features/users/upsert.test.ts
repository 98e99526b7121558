import { describe, expect, it } from 'vitest';
import type { Principal } from '@shared/policies';
import { userUpsertRequestSchema, type UserUpsertRequest } from '@shared/schemas';
import { verifyPassword } from '../../core/password';
import type { UserRow } from '../../models';
import { PHOTO_NOT_UPLOADED, planUserUpsert, type UpsertUserCommand } from './upsert';

// The upsert command on its own (no database, no HTTP): what it writes for each kind of actor. The
// HTTP side (validation, the policy's 403/404, the transaction, the 409 of a taken email) is in
// tests/api/users.test.ts and users-admin.test.ts.

const principal = (id: number, role: Principal['role']): Principal => ({
  id,
  role,
  isAdmin: role === 'admin',
  createdAt: '2024-01-01T00:00:00Z',
  stripeStatus: 'active',
  alwaysGrantAccess: false,
  Tags: [],
});

const row = (over: Partial<UserRow> = {}): UserRow =>
  ({
    id: 7,
    full_name: 'Pat Member',
    email: 'pat@example.com',
    role: 'premium',
    is_admin: false,
    photo_url: null,
    ...over,
  }) as UserRow;

const admin = principal(1, 'admin');
const member = principal(7, 'premium');

async function plan(over: Partial<UpsertUserCommand> & { body: Record<string, unknown> }) {
  const input: UserUpsertRequest = await userUpsertRequestSchema.validate(over.body, { stripUnknown: true });
  return planUserUpsert({
    actor: admin,
    target: undefined,
    input,
    ownsUpload: (url) => url.startsWith('/uploads/'),
    sessionKey: 'own-session',
    ip: '127.0.0.1',
    ...over,
  });
}

describe('planUserUpsert', () => {
  it('creates an account for an admin: the given columns, an audit entry, no sessions to end', async () => {
    const write = await plan({ body: { fullName: 'New One', email: 'new@example.com', role: 'coach', Tags: [] } });
    expect(write.target).toBeUndefined();
    expect(write.values).toEqual({ full_name: 'New One', email: 'new@example.com', role: 'coach', is_admin: false });
    expect(write.tagIds).toEqual([]);
    expect(write.resourceIds).toBeUndefined();
    expect(write.passwordChanged).toBe(false);
    expect(write.revokeSessions).toBeNull();
    expect(write.auditBy).toEqual({ actorId: 1, ip: '127.0.0.1' });
    expect(write.coachId).toBeNull();
  });

  it('drops what a member may not change on their own profile, and does not audit their own change', async () => {
    const write = await plan({
      actor: member,
      target: row(),
      body: { id: 7, fullName: 'Pat Renamed', role: 'admin', alwaysGrantAccess: true, Tags: [{ id: 3 }], coachId: 2 },
    });
    expect(write.values).toEqual({ full_name: 'Pat Renamed' });
    expect(write.tagIds).toBeUndefined();
    expect(write.coachId).toBeNull();
    expect(write.auditBy).toBeNull();
    expect(write.revokeSessions).toBeNull();
  });

  it('hashes a new password and ends the other sessions, keeping the one that made the change', async () => {
    const write = await plan({ actor: member, target: row(), body: { id: 7, password: 'a-long-new-password' } });
    expect(write.passwordChanged).toBe(true);
    expect(await verifyPassword(write.values.password_hash as string, 'a-long-new-password')).toBe(true);
    expect(write.revokeSessions).toEqual({ exceptKey: 'own-session' });
  });

  it("ends all of a user's sessions when an admin changes their role; is_admin follows the role", async () => {
    const write = await plan({ target: row(), body: { id: 7, role: 'admin' } });
    expect(write.values).toEqual({ role: 'admin', is_admin: true });
    expect(write.revokeSessions).toEqual({ exceptKey: undefined });
    expect(write.auditBy).toEqual({ actorId: 1, ip: '127.0.0.1' });
  });

  it('keeps an unchanged photo, takes an uploaded one and refuses any other URL', async () => {
    const target = row({ photo_url: 'https://elsewhere.example/old.png' });
    const kept = await plan({ actor: member, target, body: { id: 7, photoUrl: 'https://elsewhere.example/old.png' } });
    expect(kept.values).toEqual({ photo_url: 'https://elsewhere.example/old.png' });
    const uploaded = await plan({ actor: member, target, body: { id: 7, photoUrl: '/uploads/new.png' } });
    expect(uploaded.values).toEqual({ photo_url: '/uploads/new.png' });
    await expect(
      plan({ actor: member, target, body: { id: 7, photoUrl: 'https://evil.example/x.png' } }),
    ).rejects.toMatchObject({
      status: 400,
      fields: { photoUrl: PHOTO_NOT_UPLOADED },
    });
  });

  it("names the coach an admin sets, for the command's check", async () => {
    const write = await plan({ target: row(), body: { id: 7, coachId: 2 } });
    expect(write.values).toEqual({ coach_id: 2 });
    expect(write.coachId).toBe(2);
    const cleared = await plan({ target: row(), body: { id: 7, coachId: null } });
    expect(cleared.values).toEqual({ coach_id: null });
    expect(cleared.coachId).toBeNull();
  });
});

describe('userUpsertRequestSchema', () => {
  const errors = async (body: Record<string, unknown>) => {
    try {
      await userUpsertRequestSchema.validate(body, { abortEarly: false, stripUnknown: true });
      return [];
    } catch (err) {
      return (err as { inner: Array<{ path: string }> }).inner.map((e) => e.path).sort();
    }
  };

  it('requires the name and the email to create, not to update; an update never empties them', async () => {
    expect(await errors({})).toEqual(['email', 'fullName']);
    expect(await errors({ id: '', fullName: 'A', email: 'a@example.com' })).toEqual([]);
    expect(await errors({ id: 7 })).toEqual([]);
    expect(await errors({ id: '7', fullName: ' ', email: '' })).toEqual(['email', 'fullName']);
    expect(await errors({ id: 7, email: 'not an email' })).toEqual(['email']);
  });

  it('reads an absent, null or empty id as a create and refuses anything but an id', async () => {
    for (const id of [undefined, null, '']) {
      expect(
        (await userUpsertRequestSchema.validate({ id, fullName: 'A', email: 'a@example.com' })).id,
      ).toBeUndefined();
    }
    for (const id of ['abc', '1.5', -1, 0, [1], 2 ** 31]) expect(await errors({ id }), String(id)).toEqual(['id']);
  });
});
