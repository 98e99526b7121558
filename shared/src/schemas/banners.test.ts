import { describe, expect, it } from 'vitest';
import { bannerTypeFromParam, bannerTypePath, bannerUpsertSchema, bannerVideoEmbedUrl } from './banners';
import { httpsUrlParts } from './urls';

describe('banner types in URLs', () => {
  it('writes course only as course-only and reads every form back', () => {
    expect(bannerTypePath('course only')).toBe('course-only');
    expect(bannerTypePath('premium')).toBe('premium');
    for (const raw of ['course-only', 'course only', 'courseOnly', 'COURSE_ONLY'])
      expect(bannerTypeFromParam(raw)).toBe('course only');
    expect(bannerTypeFromParam('Premium')).toBe('premium');
    for (const raw of ['gold', '', 'read-many', undefined, 3]) expect(bannerTypeFromParam(raw)).toBeNull();
  });
});

describe('bannerVideoEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=qp0HIF3SfI4', 'https://www.youtube.com/embed/qp0HIF3SfI4'],
    ['https://youtube.com/watch?feature=x&v=qp0HIF3SfI4', 'https://www.youtube.com/embed/qp0HIF3SfI4'],
    ['https://m.youtube.com/watch?v=qp0HIF3SfI4#t=3', 'https://www.youtube.com/embed/qp0HIF3SfI4'],
    ['https://youtu.be/qp0HIF3SfI4', 'https://www.youtube.com/embed/qp0HIF3SfI4'],
    ['https://www.youtube.com/shorts/qp0HIF3SfI4', 'https://www.youtube.com/embed/qp0HIF3SfI4'],
    ['https://www.youtube.com/embed/qp0HIF3SfI4', 'https://www.youtube.com/embed/qp0HIF3SfI4'],
    ['https://www.youtube-nocookie.com/embed/qp0HIF3SfI4', 'https://www.youtube-nocookie.com/embed/qp0HIF3SfI4'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871?h=abc', 'https://player.vimeo.com/video/76979871'],
  ])('embeds %s as %s', (input, embed) => {
    expect(bannerVideoEmbedUrl(input)).toBe(embed);
  });

  it.each([
    'http://www.youtube.com/watch?v=qp0HIF3SfI4',
    'https://www.youtube.com.evil.io/watch?v=qp0HIF3SfI4',
    'https://www.youtube.com:444/watch?v=qp0HIF3SfI4',
    'https://www.youtube.com/watch?v=<script>',
    'https://www.youtube.com/channel/abcdefgh',
    'https://vimeo.com/about',
    'javascript:alert(1)',
    'https://evil.example/embed/qp0HIF3SfI4',
  ])('refuses %s', (input) => {
    expect(bannerVideoEmbedUrl(input)).toBeNull();
  });
});

describe('httpsUrlParts', () => {
  it('reads origins and refuses user info, other schemes and spaces', () => {
    expect(httpsUrlParts('https://Example.com:443/a?b#c')).toEqual({
      origin: 'https://example.com',
      host: 'example.com',
      rest: '/a?b#c',
    });
    expect(httpsUrlParts('https://example.com:8443')?.origin).toBe('https://example.com:8443');
    for (const bad of [
      'https://a@b.com',
      'http://b.com',
      'https://b.com/a b',
      'https://localhost/',
      'https://b.com:99999',
      'ftp://b.com',
    ]) {
      expect(httpsUrlParts(bad), bad).toBeNull();
    }
  });
});

describe('bannerUpsertSchema', () => {
  const valid = {
    type: 'premium',
    title: ' Title ',
    content: 'Body',
    button_text: 'Go',
    button_url: 'https://example.com',
    video_url: '',
    average_shipping_rate: '4.5',
  };

  it('trims text, turns blanks into null and reads the rate as a number', async () => {
    const out = await bannerUpsertSchema.validate(valid, { stripUnknown: true });
    expect(out).toMatchObject({ title: 'Title', video_url: null, average_shipping_rate: 4.5 });
  });

  it('accepts a course-only alias as the type', async () => {
    const out = await bannerUpsertSchema.validate({ ...valid, type: 'course-only', average_shipping_rate: null });
    expect(out.type).toBe('course only');
  });
});
