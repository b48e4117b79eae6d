// Issue 13: an article whose body repeats its cover showed the picture twice (three times with the
// footer's thumbnail of the newest post). The body drops its copy of the cover; other pictures stay.
import { describe, expect, it } from 'vitest';
import type { Cover } from '../../pipeline/transform/covers.ts';
import { withoutCover } from '../../templates/posts/without-cover.ts';

const image = (src: string) => ({ src, width: 1200, height: 630 });
const cover = {
  alt: 'Shield',
  caption: null,
  original: image('/_media/shield.1.png'),
  small: image('/_media/small_shield.2.png'),
  medium: undefined,
  large: undefined,
  averageColorHex: null,
  isDark: false,
} as unknown as Cover;

describe('withoutCover (issue 13)', () => {
  it('drops a figure holding the cover, with its caption', () => {
    const html =
      '<p>Intro</p>\n<figure><img src="/_media/shield.1.png" alt="Shield" width="1200" height="630" loading="lazy"><figcaption>A shield.</figcaption>\n</figure>\n<h2 id="a">A</h2>\n';
    expect(withoutCover(html, cover)).toBe('<p>Intro</p>\n<h2 id="a">A</h2>\n');
  });

  it('drops a paragraph holding only a smaller format of the cover', () => {
    expect(withoutCover('<p><img src="/_media/small_shield.2.png" alt=""></p>\n<p>Text</p>', cover)).toBe(
      '<p>Text</p>',
    );
  });

  it('keeps every other picture, and images inside text', () => {
    const html =
      '<figure><img src="/_media/chart.3.png" alt="Chart"></figure>\n<p>See <img src="/_media/shield.1.png" alt="Shield"> here</p>';
    expect(withoutCover(html, cover)).toBe(html);
  });

  it('leaves the body alone when the article has no cover', () => {
    const html = '<figure><img src="/_media/shield.1.png" alt=""></figure>';
    expect(withoutCover(html, undefined)).toBe(html);
  });
});
