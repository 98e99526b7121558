import type { AreaSeed } from './seed-types';

/**
 * One demo banner per type, so every member's dashboard shows its banner on first start; the
 * premium one carries an average shipping rate (the dashboard's shipping-rate card).
 */
export const seedBanners: AreaSeed = async (trx) => {
  await trx('dashboard_banners').insert([
    {
      type: 'premium',
      title: 'Welcome to Premium',
      content:
        'Make the most of your membership this month:\n\n- Book your strategy call\n- Finish the *Sourcing* module\n- Post your weekly win in the community',
      video_url: 'https://www.youtube.com/watch?v=qp0HIF3SfI4',
      button_text: 'Book a strategy call',
      button_url: 'https://calendly.com/',
      average_shipping_rate: 4.85,
    },
    {
      type: 'basic',
      title: 'Start here',
      content:
        'Watch the first lessons of the **free course**, then rate your first product idea with the Product Qualifier.',
      video_url: null,
      button_text: 'Apply to upgrade',
      button_url: 'https://apply.example.com/',
      average_shipping_rate: null,
    },
    {
      type: 'course only',
      title: 'Your course is waiting',
      content: 'Pick up where you left off. Premium slides and course resources are in **Resources**.',
      video_url: null,
      button_text: 'Apply to upgrade',
      button_url: 'https://apply.example.com/',
      average_shipping_rate: null,
    },
  ]);
};
