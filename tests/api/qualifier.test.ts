import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { mailText, subjectOf } from '../helpers/fake-smtp';
import { ALL_ROLES, createUser, signIn } from '../helpers/factories';
import type { Role } from '../../shared/src/limits';
import { QUALIFIER_ANSWER_IDS, YES_NO_IDS, type YesNoId } from '../../shared/src/calc/qualifier';
import { QUALIFIER_LIMITS } from '../../shared/src/schemas/qualifier';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function member(role: Role = 'premium') {
  const user = await createUser(t.knex, { role, fullName: `Quinn ${role}` });
  return { user, agent: await signIn(t.agent(), user) };
}

/** Answers with the given volume and every Yes/No question Yes except `no`. */
function answers(volume: number, no: readonly YesNoId[] = [], keyword = 'garlic press') {
  return [
    { id: 'keyword', answer: keyword },
    { id: 'volume', answer: volume },
    ...YES_NO_IDS.map((id) => ({ id, answer: no.includes(id) ? 'No' : 'Yes' })),
  ];
}

describe('product qualifier: access', () => {
  it('requires a session', async () => {
    const r = t.request();
    expect((await r.get('/api/product-qualifier')).status).toBe(401);
    expect((await r.post('/api/product-qualifier/save').send({ answers: [] })).status).toBe(401);
    expect(
      (await r.post('/api/product-qualifier/send').send({ answers: [], email: 'a@b.test', keywords: 'x' })).status,
    ).toBe(401);
  });

  it.each(ALL_ROLES.filter((r) => r !== 'course only'))('lets a %s save and read their progress', async (role) => {
    const { agent } = await member(role);
    expect((await agent.get('/api/product-qualifier')).body).toEqual({ progress: null });
    expect((await agent.post('/api/product-qualifier/save').send({ answers: answers(12000) })).status).toBe(200);
    expect((await agent.get('/api/product-qualifier')).body.progress.score).toBe(10);
  });

  it('shows course only members the upgrade prompt: 403 on every qualifier call', async () => {
    const { agent } = await member('course only');
    expect((await agent.get('/api/product-qualifier')).status).toBe(403);
    expect((await agent.post('/api/product-qualifier/save').send({ answers: answers(12000) })).status).toBe(403);
    const send = await agent
      .post('/api/product-qualifier/send')
      .send({ answers: answers(12000), email: 'x@example.test', keywords: 'k' });
    expect(send.status).toBe(403);
    expect(t.smtp.messages.some((m) => m.to.includes('x@example.test'))).toBe(false);
  });
});

describe('product qualifier: save', () => {
  const golden = [
    { name: 'Q1', volume: 12000, no: [] as YesNoId[], score: 10, result: 'two thumbs up' },
    { name: 'Q2', volume: 4000, no: ['alibaba', 'improve'] as YesNoId[], score: 7, result: 'one thumb up' },
    {
      name: 'Q3',
      volume: 3000,
      no: ['sellers', 'units', 'competitors'] as YesNoId[],
      score: 6,
      result: 'two thumbs down',
    },
    { name: 'Q4', volume: 25000, no: ['standard', 'improve'] as YesNoId[], score: 7, result: 'one thumb up' },
  ];
  for (const g of golden) {
    it(`recomputes golden case ${g.name}: score ${g.score}, ${g.result}, whatever score the client sends`, async () => {
      const { agent } = await member();
      const res = await agent
        .post('/api/product-qualifier/save')
        .send({ score: 99, result: 'two thumbs up', answers: answers(g.volume, g.no), rated: true });
      expect(res.status).toBe(200);
      expect(res.body.progress).toMatchObject({ score: g.score, result: g.result, rated: true });
    });
  }

  it('keeps the progress for the next visit, with the questions and feedback from the server', async () => {
    const { agent } = await member();
    const sent = answers(3000, ['sellers']).map((a) => ({
      ...a,
      question: '<b>forged</b>',
      feedback: 'forged feedback',
    }));
    await agent.post('/api/product-qualifier/save').send({ answers: sent, sizeTier: 'large standard' });
    const { progress } = (await agent.get('/api/product-qualifier')).body;
    expect(progress).toMatchObject({ score: 8, result: 'two thumbs up', rated: false, sizeTier: 'large standard' });
    expect(progress.answers.map((a: { id: string }) => a.id)).toEqual([...QUALIFIER_ANSWER_IDS]);
    const byId = Object.fromEntries(progress.answers.map((a: { id: string }) => [a.id, a]));
    expect(byId.keyword).toMatchObject({ answer: 'garlic press', feedback: '' });
    expect(byId.volume.answer).toBe(3000);
    expect(byId.volume.feedback).toMatch(/not recommended/);
    expect(byId.searches.question).toMatch(/1,500 or more searches a month \(50%/);
    expect(byId['average-points'].question).toMatch(/\$25 or more \(large standard\)/);
    expect(byId.sellers).toMatchObject({ answer: 'No' });
    expect(byId.sellers.feedback).not.toBe('forged feedback');
    expect(JSON.stringify(progress)).not.toMatch(/forged/);
  });

  it('normalises answers: Yes/No in any case, the volume clamped, unanswered as null, the last entry winning', async () => {
    const { agent } = await member();
    const res = await agent.post('/api/product-qualifier/save').send({
      answers: [
        { id: 'keyword', answer: '  mug warmer  ' },
        { id: 'volume', answer: '80000' },
        { id: 'sellers', answer: ' YES ' },
        { id: 'units', answer: 'maybe' },
        { id: 'units', answer: 'no' },
      ],
    });
    const byId = Object.fromEntries(
      res.body.progress.answers.map((a: { id: string; answer: unknown }) => [a.id, a.answer]),
    );
    expect(byId).toMatchObject({ keyword: 'mug warmer', volume: 50000, sellers: 'Yes', units: 'No', improve: null });
    expect(res.body.progress.score).toBe(1);
  });

  it('requires the first question (keyword) to rate, not to save progress', async () => {
    const { agent } = await member();
    const noKeyword = answers(12000, [], '  ');
    expect((await agent.post('/api/product-qualifier/save').send({ answers: noKeyword })).status).toBe(200);
    const rated = await agent.post('/api/product-qualifier/save').send({ answers: noKeyword, rated: true });
    expect(rated.status).toBe(400);
    expect(rated.body.error.fields).toEqual({ keyword: 'This field cannot be empty' });
  });

  it('starts over when the answers are cleared (refresh)', async () => {
    const { agent } = await member();
    await agent.post('/api/product-qualifier/save').send({ answers: answers(12000), rated: true });
    const res = await agent.post('/api/product-qualifier/save').send({ answers: [], rated: false });
    expect(res.body.progress).toMatchObject({ score: 0, result: 'two thumbs down', rated: false, sizeTier: null });
    expect(res.body.progress.answers.every((a: { answer: unknown }) => a.answer === null)).toBe(true);
  });

  it("keeps each member's progress to themselves", async () => {
    const a = await member();
    const b = await member();
    await a.agent.post('/api/product-qualifier/save').send({ answers: answers(12000) });
    expect((await b.agent.get('/api/product-qualifier')).body.progress).toBeNull();
  });

  it('answers 400 for malformed answers, never a 500', async () => {
    const { agent } = await member();
    const bad: unknown[] = [
      {},
      { answers: 'yes' },
      { answers: [{ id: 'bogus', answer: 'Yes' }] },
      { answers: [{ answer: 'Yes' }] },
      { answers: [{ id: 'keyword', answer: 'x'.repeat(QUALIFIER_LIMITS.answerMax + 1) }] },
      { answers: [{ id: 'keyword', answer: { nested: true } }] },
      { answers: Array.from({ length: QUALIFIER_LIMITS.answersMax + 1 }, () => ({ id: 'units', answer: 'Yes' })) },
      { answers: [], sizeTier: 'huge' },
    ];
    for (const body of bad)
      expect(
        (await agent.post('/api/product-qualifier/save').send(body as object)).status,
        JSON.stringify(body).slice(0, 80),
      ).toBe(400);
  });
});

describe('product qualifier: send', () => {
  it('mails the keyword, score, result and each answer with its feedback over SMTP', async () => {
    const { agent } = await member();
    const res = await agent.post('/api/product-qualifier/send').send({
      score: 10,
      result: 'two thumbs up',
      answers: answers(3000, ['sellers', 'units', 'competitors']),
      email: 'Results@Example.test',
      keywords: 'garlic press',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'The email has been sent successfully.',
      score: 6,
      result: 'two thumbs down',
    });
    const mail = await t.smtp.waitFor('results@example.test');
    const text = mailText(mail.raw);
    expect(subjectOf(mail.raw)).toBe('Product Qualifier results for "garlic press": Two thumbs down');
    expect(text).toContain('did not pass the Product Qualifier');
    expect(text).toContain('Keyword: garlic press');
    expect(text).toContain('Score: 6 / 10');
    expect(text).toContain('Result: Two thumbs down (two thumbs down)');
    expect(text).toContain('Answer: 3,000 searches a month');
    expect(text).toContain('Below 4,000 searches a month: not recommended.');
    expect(text).toContain('Page one is held by heavily reviewed listings.');
    expect(text).toContain('Good: a better product gives shoppers a reason to choose yours.');
    expect(text.match(/ {3}Answer: /g)).toHaveLength(11);
  });

  it('treats 7 or more as success in the email', async () => {
    const { agent } = await member();
    await agent
      .post('/api/product-qualifier/send')
      .send({ answers: answers(4000, ['alibaba', 'improve']), email: 'seven@example.test', keywords: 'k' })
      .expect(200);
    const text = mailText((await t.smtp.waitFor('seven@example.test')).raw);
    expect(text).toContain('Congratulations! Your product passed the Product Qualifier.');
    expect(text).toContain('Score: 7 / 10');
  });

  it('requires the email and the keyword, with field messages', async () => {
    const { agent } = await member();
    const res = await agent
      .post('/api/product-qualifier/send')
      .send({ answers: answers(12000), email: '', keywords: ' ' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      email: 'This field cannot be empty',
      keywords: 'This field cannot be empty',
    });
    const bad = await agent
      .post('/api/product-qualifier/send')
      .send({ answers: answers(12000), email: 'not-an-email', keywords: 'k' });
    expect(bad.body.error.fields).toEqual({ email: 'Please enter a valid email address' });
  });

  it('cannot be used to inject mail headers through the keyword', async () => {
    const { agent } = await member();
    await agent
      .post('/api/product-qualifier/send')
      .send({ answers: answers(12000), email: 'inject@example.test', keywords: 'mug\r\nBcc: victim@example.test' })
      .expect(200);
    const mail = await t.smtp.waitFor('inject@example.test');
    expect(mail.to).toEqual(['inject@example.test']);
    expect(mail.raw).not.toMatch(/^Bcc:/m);
  });

  it(`allows ${QUALIFIER_LIMITS.emailsPerHour} emails an hour per member, then 429`, async () => {
    const { agent } = await member();
    const body = { answers: answers(12000), email: 'limit@example.test', keywords: 'k' };
    for (let i = 0; i < QUALIFIER_LIMITS.emailsPerHour; i++)
      expect((await agent.post('/api/product-qualifier/send').send(body)).status).toBe(200);
    const over = await agent.post('/api/product-qualifier/send').send(body);
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBeTruthy();
    // Another member is not affected.
    const other = await member();
    expect((await other.agent.post('/api/product-qualifier/send').send(body)).status).toBe(200);
  });
});

describe('product qualifier: mail server down (runs last: it stops the SMTP listener)', () => {
  it('still answers 200: the mail is a job that waits for its retry while the SMTP server is unreachable', async () => {
    const { agent } = await member();
    await t.smtp.close();
    const res = await agent
      .post('/api/product-qualifier/send')
      .send({ answers: answers(12000), email: 'down@example.test', keywords: 'k' });
    expect(res.status).toBe(200);
    await t.jobsSettled();
    const jobs = await t
      .knex('pgboss.job')
      .where({ name: 'mail' })
      .whereRaw("data->'message'->>'to' = ?", ['down@example.test'])
      .select('state', 'retry_count', 'start_after');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.state).toBe('retry');
    expect(new Date(jobs[0]!.start_after).getTime()).toBeGreaterThan(Date.now());
  });
});
