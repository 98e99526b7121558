import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTag, createUser, signIn } from '../helpers/factories';
import { createCourse } from '../helpers/courses';
import { createResource } from '../helpers/resources';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const names = (tags: Array<{ name: string }>) => tags.map((x) => x.name);

describe('tags in responses', () => {
  // On a "C" collation (both test databases use one) a plain ORDER BY name puts 'Zeta' before
  // 'alpha'; every response must list tags the same way: by name whatever the case, then by id.
  it('come in one order for users, courses and resources: by name, any case', async () => {
    const run = crypto.randomBytes(3).toString('hex');
    const zeta = await createTag(t.knex, `Zeta ${run}`);
    const beta = await createTag(t.knex, `beta ${run}`);
    const alpha = await createTag(t.knex, `alpha ${run}`);
    const tags = [zeta.id, beta.id, alpha.id];
    const expected = [alpha.name, beta.name, zeta.name];

    const member = await createUser(t.knex, { role: 'premium', tags });
    const admin = await signIn(t.agent(), await createUser(t.knex, { role: 'admin' }));
    const course = await createCourse(t.knex, { tags });
    const resource = await createResource(t.knex, { tags });

    const me = await signIn(t.agent(), member);
    expect(names((await me.get('/api/auth/me')).body.currentUser.Tags)).toEqual(expected);
    expect(names((await admin.get(`/api/user/${member.id}`)).body.user.Tags)).toEqual(expected);
    const list = await admin.get('/api/user/read-many').query({ search: member.email });
    expect(names(list.body.users[0].Tags)).toEqual(expected);
    expect(names((await admin.get(`/api/course/${course.slug}`)).body.course.Tags)).toEqual(expected);
    expect(names((await admin.get(`/api/resource/${resource.id}`)).body.resource.Tags)).toEqual(expected);
  });
});
