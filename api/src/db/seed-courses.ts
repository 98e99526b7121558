import type { Knex } from 'knex';
import type { AreaSeed } from './seed-types';

interface LessonSeed {
  title: string;
  content: string;
  tag?: string;
}
interface ModuleSeed {
  title: string;
  lessons: LessonSeed[];
}
interface CourseSeed {
  title: string;
  slug: string;
  description: string;
  status: 'DRAFT' | 'PUBLISHED';
  visibleToBasic: boolean;
  visibleToPremium: boolean;
  tag?: string;
  /** The cover: an image of the web build's demo/courses folder (drawn for the demo; see docs/areas/courses.md). */
  cover?: string;
  modules: ModuleSeed[];
}

const lesson = (title: string, body: string, tag?: string): LessonSeed => ({ title, content: `${body.trim()}\n`, tag });

/** Where the web build serves a demo course cover (desktop/src/web/public/demo/courses). */
export const demoCoverUrl = (name: string) => `/demo/courses/${name}.svg`;

const CHECK_IN_FORM = 'https://docs.google.com/forms/d/e/1FAIpQLSf-demo-check-in/viewform?embedded=true';

/** Demo courses: two open ones, one that needs the Mastermind tag, and a draft. */
const COURSES: CourseSeed[] = [
  {
    title: 'Amazon FBA Foundations',
    slug: 'amazon-fba-foundations',
    cover: 'amazon-fba-foundations',
    description: 'From your seller account to your first shipment: the basics every new seller needs.',
    status: 'PUBLISHED',
    visibleToBasic: true,
    visibleToPremium: true,
    modules: [
      {
        title: 'Getting Started',
        lessons: [
          lesson(
            'Welcome to the course',
            `
Welcome! This course walks you through **everything you need** to start selling on Amazon.

## What you will learn
- How Fulfilment by Amazon (FBA) works
- How to pick a product with real demand
- How to find and vet suppliers

> Tip: mark each lesson as completed to track your progress.`,
          ),
          lesson(
            'How Amazon FBA works',
            `
With FBA you send inventory to Amazon's warehouses and Amazon picks, packs and ships your orders.

| Step | Who does it |
|------|-------------|
| Sourcing | You |
| Storage | Amazon |
| Shipping to customers | Amazon |
| Customer service | Amazon |

Read more in the [Seller Central help](https://sellercentral.amazon.com/help).`,
          ),
          lesson(
            'Setting up your seller account',
            `
1. Choose the **Professional** plan.
2. Prepare your ID, bank account and credit card.
3. Complete the identity verification call.

~~Individual plan~~ is only worth it below 40 sales a month.`,
          ),
        ],
      },
      {
        title: 'Finding Your Product',
        lessons: [
          lesson(
            'Product research basics',
            `
A good first product sells **10 or more units a day**, has fewer than 500 reviews on page one and
leaves room for a profit of at least $5 per unit.

- [ ] Demand checked
- [ ] Competition checked
- [ ] Profit checked`,
          ),
          lesson(
            'Using the Product Qualifier',
            `
Open the **Product Qualifier Tool** from the sidebar and answer its ten questions. A score of 8 or
more is two thumbs up.`,
          ),
          lesson(
            'Checking the numbers',
            `
Use the **Power Profit Tool** to enter your cost per unit, shipping and Amazon fees.

\`\`\`
profit per unit = retail price - amazon fees - cost per unit - shipping - additional fees
\`\`\``,
          ),
        ],
      },
      {
        title: 'Sourcing and Suppliers',
        lessons: [
          lesson(
            'Finding suppliers',
            `
Search Alibaba for your product keyword, shortlist **five suppliers** with trade assurance and at
least three years on the platform, and ask each for a quote.`,
          ),
          lesson(
            'Ordering samples',
            `
Order samples from your top three suppliers. Compare quality, packaging and how fast they answer.`,
          ),
          lesson(
            'Weekly check-in form',
            `
Tell your coach how your sourcing is going. The form below goes straight to the coaching team.

\`\`\`form
${CHECK_IN_FORM}
\`\`\``,
          ),
          lesson(
            'Bonus: Mastermind Q&A replay',
            `
The replay of the last Mastermind Q&A, for Mastermind members.`,
            'Mastermind',
          ),
        ],
      },
    ],
  },
  {
    title: 'Product Launch Playbook',
    slug: 'product-launch-playbook',
    cover: 'product-launch-playbook',
    description: 'Launch with promotions and PPC, and reach page one in your first month.',
    status: 'PUBLISHED',
    visibleToBasic: false,
    visibleToPremium: true,
    modules: [
      {
        title: 'Pre-launch',
        lessons: [
          lesson(
            'Listing that converts',
            `Write a title with your main keyword first, five benefit-led bullets and seven images.`,
          ),
          lesson(
            'Planning your promotion',
            `Plan a 7 to 10 day promotion at 90 to 99 percent off to build sales velocity.`,
          ),
        ],
      },
      {
        title: 'Launch week',
        lessons: [
          lesson('Turning on PPC', `Start an automatic campaign at one to three times the product price per day.`),
          lesson(
            'Reading your first reports',
            `Check the search term report after 7 days and move winners to an exact campaign.`,
          ),
        ],
      },
    ],
  },
  {
    title: 'Mastermind Deep Dive',
    slug: 'mastermind-deep-dive',
    cover: 'mastermind-deep-dive',
    description: 'Advanced scaling sessions for Mastermind members.',
    status: 'PUBLISHED',
    visibleToBasic: true,
    visibleToPremium: true,
    tag: 'Mastermind',
    modules: [
      {
        title: 'Scaling',
        lessons: [
          lesson(
            'Building a brand',
            `Register your brand, build a storefront and plan your second and third products.`,
          ),
          lesson('Hiring help', `Hire a virtual assistant for customer messages and inventory checks.`),
        ],
      },
    ],
  },
  {
    title: 'Advanced PPC Strategies',
    slug: 'advanced-ppc-strategies',
    description: 'Work in progress: bid strategies, dayparting and portfolio budgets.',
    status: 'DRAFT',
    visibleToBasic: true,
    visibleToPremium: true,
    modules: [
      {
        title: 'Bidding',
        lessons: [lesson('Dynamic bids', `Up and down, down only, or fixed: when to use each.`)],
      },
    ],
  },
];

async function insertCourse(
  trx: Knex.Transaction,
  c: CourseSeed,
  position: number,
  tagId: (n: string) => number | undefined,
) {
  const [course] = await trx('courses')
    .insert({
      title: c.title,
      slug: c.slug,
      description: c.description,
      status: c.status,
      visible_to_basic: c.visibleToBasic,
      visible_to_premium: c.visibleToPremium,
      cover_photo_url: c.cover ? demoCoverUrl(c.cover) : null,
      position,
    })
    .returning<Array<{ id: number }>>('id');
  const courseTag = c.tag ? tagId(c.tag) : undefined;
  if (courseTag) await trx('course_tags').insert({ course_id: course!.id, tag_id: courseTag });
  const lessonIds: number[] = [];
  for (const [mi, m] of c.modules.entries()) {
    const [module] = await trx('modules')
      .insert({
        title: m.title,
        course_id: course!.id,
        position: mi + 1,
        visible_to_basic: c.visibleToBasic,
        visible_to_premium: c.visibleToPremium,
      })
      .returning<Array<{ id: number }>>('id');
    for (const [li, l] of m.lessons.entries()) {
      const [row] = await trx('lessons')
        .insert({ title: l.title, content: l.content, module_id: module!.id, position: li + 1 })
        .returning<Array<{ id: number }>>('id');
      const lessonTag = l.tag ? tagId(l.tag) : undefined;
      if (lessonTag) await trx('lesson_tags').insert({ lesson_id: row!.id, tag_id: lessonTag });
      else lessonIds.push(row!.id);
    }
  }
  return lessonIds;
}

/** The courses area's demo content; the premium member has made a start on the first course. */
export const seedCourses: AreaSeed = async (trx, ctx) => {
  const tagId = (name: string) => ctx.tagIdByName.get(name);
  const firstCourseLessons: number[] = [];
  for (const [i, c] of COURSES.entries()) {
    const lessons = await insertCourse(trx, c, i + 1, tagId);
    if (i === 0) firstCourseLessons.push(...lessons);
  }
  const premium = ctx.userIdByEmail.get('premium@demo.portal');
  if (premium) {
    await trx('lesson_completions').insert(
      firstCourseLessons.slice(0, 3).map((id) => ({ user_id: premium, lesson_id: id })),
    );
  }
};
