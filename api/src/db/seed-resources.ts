import type { AreaSeed } from './seed-types';

const CATEGORIES = ['Sourcing', 'Launch', 'Advertising', 'Tools'] as const;

const SUPPLIER_QUESTIONS = `# Ten questions to ask a supplier

Before you place a first order, ask every supplier the same questions so you can compare answers.

1. What is your **minimum order quantity** for a first order?
2. Can you send samples, and what do they cost with shipping?
3. What are your lead times for samples and for production?
4. Which certificates do you hold for this product?
5. Can you print our logo and packaging?

| Question | Why it matters |
|---|---|
| Payment terms | Cash flow for your first order |
| Inspection | Catch defects before they ship |

> Keep every answer in writing.
`;

const PPC_CHECKLIST = `# Premium PPC checklist

- [x] Run an automatic campaign for two weeks
- [ ] Harvest search terms with at least 2 orders
- [ ] Move winners into an exact-match campaign
- [ ] Add the harvested terms as negatives in the automatic campaign
`;

const PHOTO_PLAYBOOK = `# Listing photo playbook

Seven photos that sell: the main image on white, three lifestyle shots, an infographic, a size
comparison, and the packaging. This guide walks through each with examples.
`;

const LAUNCH_CALENDAR = `# Mastermind launch calendar

A 30-day plan from the first inventory check-in to the review goal, day by day.
`;

/**
 * Demo library: categories and resources of every type (Link, Article, Course) and visibility
 * (Free, For Sale with a price or a store link, For Sale Premium, Included with Premium), one hidden.
 * The premium demo member owns the For Sale Premium template; the rest is theirs to buy.
 */
export const seedResources: AreaSeed = async (trx, ctx) => {
  const cats = await trx('categories')
    .insert(CATEGORIES.map((name) => ({ name })))
    .returning<Array<{ id: number; name: string }>>(['id', 'name']);
  const cat = (name: string) => cats.find((c) => c.name === name)!.id;
  const course = (await trx('courses').select('id').where({ slug: 'amazon-fba-foundations' }).first()) as
    { id: number } | undefined;

  const items = [
    {
      title: 'Amazon Seller Central help',
      description: 'The official help pages for fees, policies and account health.',
      type: 'Link',
      visibility: 'Free',
      url: 'https://sellercentral.amazon.com/help',
      categories: ['Tools'],
    },
    {
      title: 'Ten questions to ask a supplier',
      description: 'Compare suppliers on the same questions before your first order.',
      type: 'Article',
      visibility: 'Free',
      content: SUPPLIER_QUESTIONS,
      categories: ['Sourcing'],
    },
    ...(course
      ? [
          {
            title: 'Amazon FBA Foundations (course)',
            description: 'Start here: the foundations course, from account setup to your first product.',
            type: 'Course',
            visibility: 'Free',
            course_id: course.id,
            categories: ['Launch'],
          },
        ]
      : []),
    {
      title: 'Premium PPC checklist',
      description: 'The weekly routine for automatic and exact-match campaigns.',
      type: 'Article',
      visibility: 'Included with Premium',
      content: PPC_CHECKLIST,
      categories: ['Advertising'],
    },
    {
      title: 'Listing photo playbook',
      description: 'Seven photos that sell, with examples and a shot list for your photographer.',
      type: 'Article',
      visibility: 'For Sale',
      price_cents: 1900,
      content: PHOTO_PLAYBOOK,
      categories: ['Launch', 'Tools'],
    },
    {
      title: 'Supplier negotiation scripts',
      description: 'Word-for-word emails for price, MOQ and payment terms.',
      type: 'Link',
      visibility: 'For Sale',
      url: 'https://example.com/negotiation-scripts',
      purchase_url: 'https://buy.stripe.com/demo-negotiation-scripts',
      categories: ['Sourcing'],
      tags: ['Mastermind'],
    },
    {
      title: 'Mastermind launch calendar',
      description: 'A 30-day plan from inventory check-in to your review goal.',
      type: 'Article',
      visibility: 'For Sale Premium',
      price_cents: 4900,
      content: LAUNCH_CALENDAR,
      categories: ['Launch'],
      owners: ['premium@demo.portal'],
    },
    {
      title: 'New tools roundup (draft)',
      description: 'Not ready yet: admins only.',
      type: 'Link',
      visibility: 'Free',
      url: 'https://example.com/tools-roundup',
      hidden: true,
      categories: ['Tools'],
    },
  ] as const;

  // A day apart, the last one yesterday, so the dashboard shows fresh dates.
  const day = (n: number) => new Date(Date.now() - (items.length - n) * 24 * 3600 * 1000);
  for (const [i, item] of items.entries()) {
    const { categories, ...rest } = item;
    const tags = 'tags' in item ? item.tags : [];
    const owners = 'owners' in item ? item.owners : [];
    const columns = Object.fromEntries(Object.entries(rest).filter(([k]) => k !== 'tags' && k !== 'owners'));
    const [row] = await trx('resources')
      .insert({ ...columns, published_at: day(i), created_at: day(i) })
      .returning<Array<{ id: number }>>('id');
    const id = row!.id;
    await trx('resource_categories').insert(categories.map((c) => ({ resource_id: id, category_id: cat(c) })));
    for (const name of tags) {
      const tagId = ctx.tagIdByName.get(name);
      if (tagId) await trx('resource_tags').insert({ resource_id: id, tag_id: tagId });
    }
    for (const email of owners) {
      const userId = ctx.userIdByEmail.get(email);
      if (userId) await trx('user_resources').insert({ user_id: userId, resource_id: id, source: 'admin' });
    }
  }
};
