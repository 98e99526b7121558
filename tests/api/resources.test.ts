import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { ALL_ROLES, createTag, createUser, signIn } from '../helpers/factories';
import { createCategory, createResource } from '../helpers/resources';
import type { Role } from '../../shared/src/limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function agentFor(role: Role) {
  const user = await createUser(t.knex, { role });
  return signIn(t.agent(), user);
}

const LINK = { title: 'Supplier checklist', type: 'Link', visibility: 'Free', url: 'https://example.com/checklist' };

describe('resources: admin create, edit and delete', () => {
  it('requires a session for every resource and category call', async () => {
    const r = t.request();
    expect((await r.get('/api/resource/read-many')).status).toBe(401);
    expect((await r.get('/api/resource/1')).status).toBe(401);
    expect((await r.post('/api/resource/upsert').send(LINK)).status).toBe(401);
    expect((await r.delete('/api/resource/1')).status).toBe(401);
    expect((await r.get('/api/resource/category/read-many')).status).toBe(401);
    expect((await r.post('/api/resource/category/upsert').send({ name: 'x' })).status).toBe(401);
    expect((await r.delete('/api/resource/category/1')).status).toBe(401);
    expect((await r.get('/api/resource/course-options')).status).toBe(401);
  });

  it('lets an admin create a Link with categories and required tags, edit it into an Article, then delete it', async () => {
    const admin = await agentFor('admin');
    const cat = await createCategory(t.knex, 'Sourcing');
    const tag = await createTag(t.knex);
    const created = await admin
      .post('/api/resource/upsert')
      .send({ ...LINK, description: 'What to ask', ResourceCategories: [{ id: cat.id }], Tags: [{ id: tag.id }] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.isNew).toBe(true);
    expect(created.body.resource).toMatchObject({
      title: 'Supplier checklist',
      type: 'Link',
      visibility: 'Free',
      url: 'https://example.com/checklist',
      content: null,
      hidden: false,
      hasAccess: true,
      ResourceCategories: [{ id: cat.id, name: 'Sourcing' }],
      Tags: [{ id: tag.id, name: tag.name }],
    });
    const id = created.body.resource.id as number;

    const edited = await admin.post('/api/resource/upsert').send({
      id,
      title: 'Supplier guide',
      type: 'Article',
      content: '## Ask for samples',
      url: 'https://example.com/ignored',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      isNew: false,
      resource: { id, type: 'Article', content: '## Ask for samples', url: null, ResourceCategories: [], Tags: [] },
    });

    const deleted = await admin.delete(`/api/resource/${id}`);
    expect(deleted.body).toEqual({ success: true, message: 'Resource deleted successfully' });
    expect((await admin.get(`/api/resource/${id}`)).status).toBe(404);
    expect((await admin.delete(`/api/resource/${id}`)).status).toBe(404);
  });

  it('defaults the type to Link and clears fields that do not belong to the type or visibility', async () => {
    const admin = await agentFor('admin');
    const res = await admin
      .post('/api/resource/upsert')
      .send({ title: 'Defaults', url: 'https://example.com', price: 10, content: 'not an article' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.resource).toMatchObject({ type: 'Link', visibility: 'Free', price: null, content: null });
  });

  it('stores a Course resource with its course and no URL', async () => {
    const admin = await agentFor('admin');
    const [course] = await t
      .knex('courses')
      .insert({ title: 'FBA 101', slug: 'fba-101-res', status: 'PUBLISHED', position: 1 })
      .returning<Array<{ id: number }>>('id');
    const options = await admin.get('/api/resource/course-options');
    expect(options.body.courses).toContainEqual({ id: course!.id, title: 'FBA 101', status: 'PUBLISHED' });
    const res = await admin
      .post('/api/resource/upsert')
      .send({ title: 'The course', type: 'Course', CourseId: course!.id, url: 'https://example.com/x' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.resource).toMatchObject({ type: 'Course', CourseId: course!.id, url: null, lessonId: null });
  });

  it.each(ALL_ROLES.filter((r) => r !== 'admin'))(
    'returns 403 when a %s writes resources or categories',
    async (role) => {
      const agent = await agentFor(role);
      const resource = await createResource(t.knex);
      const category = await createCategory(t.knex);
      expect((await agent.post('/api/resource/upsert').send(LINK)).status).toBe(403);
      expect((await agent.post('/api/resource/upsert').send({ ...LINK, id: resource.id })).status).toBe(403);
      expect((await agent.delete(`/api/resource/${resource.id}`)).status).toBe(403);
      expect((await agent.post('/api/resource/category/upsert').send({ name: 'Nope' })).status).toBe(403);
      expect((await agent.delete(`/api/resource/category/${category.id}`)).status).toBe(403);
      expect((await agent.get('/api/resource/course-options')).status).toBe(403);
      expect((await t.knex('resources').where({ id: resource.id }).first()).title).toBe(resource.title);
    },
  );
});

describe('resources: validation (docs/areas/resources.md#validation)', () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    ['an empty title', { ...LINK, title: '  ' }, { title: 'This field cannot be empty' }],
    [
      'a Link without its URL',
      { title: 'x', type: 'Link' },
      { url: 'Enter the address (http or https) this Link opens' },
    ],
    [
      'a javascript: URL',
      { ...LINK, url: 'javascript:alert(1)' },
      { url: 'Enter a full address starting with http:// or https://' },
    ],
    [
      'a Course without its course',
      { title: 'x', type: 'Course' },
      { CourseId: 'Choose the course this resource opens' },
    ],
    [
      'a For Sale item without Price or Purchase URL',
      { ...LINK, visibility: 'For Sale' },
      { price: 'Fill in Price or Purchase URL' },
    ],
    [
      'a Purchase URL without a Required Tag',
      { ...LINK, visibility: 'For Sale', purchaseUrl: 'https://buy.stripe.com/abc' },
      { Tags: 'Choose at least one Required Tag when there is a Purchase URL' },
    ],
    [
      'a negative price',
      { ...LINK, visibility: 'For Sale', price: -5 },
      { price: 'Enter a price above 0 with at most 2 decimals' },
    ],
    [
      'a price with 3 decimals',
      { ...LINK, visibility: 'For Sale', price: 1.005 },
      { price: 'Enter a price above 0 with at most 2 decimals' },
    ],
    ['an unknown type', { ...LINK, type: 'Video' }, { type: expect.any(String) }],
    ['an unknown visibility', { ...LINK, visibility: 'Secret' }, { visibility: expect.any(String) }],
  ];

  it.each(cases)('returns 400 with a field message for %s', async (_name, body, fields) => {
    const admin = await agentFor('admin');
    const before = await t.knex('resources').count<Array<{ count: number }>>('* as count');
    const res = await admin.post('/api/resource/upsert').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject(fields);
    expect(await t.knex('resources').count('* as count')).toEqual(before);
  });

  it('refuses a Purchase URL outside the store allowlist, over http, or with credentials', async () => {
    const admin = await agentFor('admin');
    const tag = await createTag(t.knex);
    for (const purchaseUrl of [
      'https://evil.example/buy',
      'http://buy.stripe.com/x',
      'https://buy.stripe.com.evil.io/x',
      'https://buy.stripe.com@evil.io/x',
    ]) {
      const res = await admin
        .post('/api/resource/upsert')
        .send({ ...LINK, visibility: 'For Sale', purchaseUrl, Tags: [{ id: tag.id }] });
      expect(res.status, purchaseUrl).toBe(400);
      expect(res.body.error.fields.purchaseUrl ?? res.body.error.fields.url, purchaseUrl).toBeTruthy();
    }
    const ok = await admin.post('/api/resource/upsert').send({
      ...LINK,
      visibility: 'For Sale',
      purchaseUrl: 'https://shop.thrivecart.com/item',
      Tags: [{ id: tag.id }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.resource).toMatchObject({ purchaseUrl: 'https://shop.thrivecart.com/item', price: null });
  });

  it('refuses a cover that is not one of our uploads, and categories, tags or courses that do not exist', async () => {
    const admin = await agentFor('admin');
    const cover = await admin
      .post('/api/resource/upsert')
      .send({ ...LINK, coverPhotoUrl: 'https://evil.example/x.png' });
    expect(cover.status).toBe(400);
    expect(cover.body.error.fields.coverPhotoUrl).toBeTruthy();
    const cat = await admin.post('/api/resource/upsert').send({ ...LINK, ResourceCategories: [{ id: 999999 }] });
    expect(cat.status).toBe(400);
    expect(cat.body.error.fields.ResourceCategories).toBeTruthy();
    const tag = await admin.post('/api/resource/upsert').send({ ...LINK, Tags: [{ id: 999999 }] });
    expect(tag.body.error.fields.Tags).toBeTruthy();
    const course = await admin.post('/api/resource/upsert').send({ title: 'c', type: 'Course', CourseId: 999999 });
    expect(course.body.error.fields.CourseId).toBe('Choose an existing course');
  });

  it('returns 404 when updating a resource that does not exist and 400 for a bad id', async () => {
    const admin = await agentFor('admin');
    expect((await admin.post('/api/resource/upsert').send({ ...LINK, id: 999999 })).status).toBe(404);
    expect((await admin.get('/api/resource/abc')).status).toBe(400);
    expect((await admin.delete('/api/resource/-1')).status).toBe(400);
    expect((await admin.post('/api/resource/upsert').send({ ...LINK, id: 'abc' })).status).toBe(400);
  });

  it('stores a price in cents and sends it back in dollars', async () => {
    const admin = await agentFor('admin');
    const res = await admin.post('/api/resource/upsert').send({ ...LINK, visibility: 'For Sale', price: '19.99' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.resource.price).toBe(19.99);
    expect((await t.knex('resources').where({ id: res.body.resource.id }).first()).price_cents).toBe(1999);
  });
});

describe('resource categories', () => {
  it('lets an admin add, rename and delete a category; deleting it takes it off its resources', async () => {
    const admin = await agentFor('admin');
    const created = await admin.post('/api/resource/category/upsert').send({ name: 'Launch' });
    expect(created.body).toMatchObject({ isNew: true, resourceCategory: { name: 'Launch' } });
    const id = created.body.resourceCategory.id as number;
    const renamed = await admin.post('/api/resource/category/upsert').send({ id, name: 'Launch week' });
    expect(renamed.body).toEqual({ isNew: false, resourceCategory: { id, name: 'Launch week', premiumSlides: false } });
    const resource = await createResource(t.knex, { categories: [id] });
    const member = await agentFor('basic');
    const list = await member.get('/api/resource/category/read-many');
    expect(list.body.resourceCategories).toContainEqual({ id, name: 'Launch week', premiumSlides: false });
    expect((await admin.delete(`/api/resource/category/${id}`)).body).toEqual({
      success: true,
      message: 'Category deleted successfully',
    });
    expect((await admin.get(`/api/resource/${resource.id}`)).body.resource.ResourceCategories).toEqual([]);
    expect((await admin.delete(`/api/resource/category/${id}`)).status).toBe(404);
  });

  it('returns 409 for a duplicate name (any case) and 400 for an empty one', async () => {
    const admin = await agentFor('admin');
    await createCategory(t.knex, 'Suppliers');
    const dup = await admin.post('/api/resource/category/upsert').send({ name: 'SUPPLIERS' });
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields.name).toBe('A category with this name already exists');
    const empty = await admin.post('/api/resource/category/upsert').send({ name: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ name: 'This field cannot be empty' });
    expect((await admin.post('/api/resource/category/upsert').send({ id: 999999, name: 'Gone' })).status).toBe(404);
  });
});

describe('resource and category changes and their audit rows', () => {
  it('writes the audit row in the transaction of the change: when it fails, the change is undone', async () => {
    const admin = await agentFor('admin');
    const cat = await createCategory(t.knex, 'Audited category');
    const tag = await createTag(t.knex);
    const kept = await admin
      .post('/api/resource/upsert')
      .send({ ...LINK, title: 'Audited', ResourceCategories: [{ id: cat.id }] });
    expect(kept.status).toBe(200);
    const id = kept.body.resource.id as number;
    await t.knex.raw(`create function refuse_resource_audit() returns trigger language plpgsql as $$
      begin if new.action like 'resource.%' or new.action like 'category.%' then raise exception 'audit refused'; end if;
      return new; end $$`);
    await t.knex.raw(
      'create trigger refuse_resource_audit before insert on audit_log for each row execute function refuse_resource_audit()',
    );
    try {
      expect((await admin.post('/api/resource/upsert').send({ ...LINK, title: 'Never' })).status).toBe(500);
      const edit = { ...LINK, id, title: 'Renamed', ResourceCategories: [], Tags: [{ id: tag.id }] };
      expect((await admin.post('/api/resource/upsert').send(edit)).status).toBe(500);
      expect((await admin.delete(`/api/resource/${id}`)).status).toBe(500);
      expect((await admin.post('/api/resource/category/upsert').send({ name: 'Never category' })).status).toBe(500);
      expect((await admin.post('/api/resource/category/upsert').send({ id: cat.id, name: 'Renamed' })).status).toBe(
        500,
      );
      expect((await admin.delete(`/api/resource/category/${cat.id}`)).status).toBe(500);
      expect(await t.knex('resources').where({ title: 'Never' })).toHaveLength(0);
      expect(await t.knex('resources').where({ id }).first('title')).toEqual({ title: 'Audited' });
      expect(await t.knex('resource_categories').where({ resource_id: id })).toEqual([
        { resource_id: id, category_id: cat.id },
      ]);
      expect(await t.knex('resource_tags').where({ resource_id: id })).toEqual([]);
      expect(await t.knex('categories').where({ name: 'Never category' })).toHaveLength(0);
      expect(await t.knex('categories').where({ id: cat.id }).first('name')).toEqual({ name: 'Audited category' });
    } finally {
      await t.knex.raw('drop trigger refuse_resource_audit on audit_log');
      await t.knex.raw('drop function refuse_resource_audit()');
    }
  });
});
