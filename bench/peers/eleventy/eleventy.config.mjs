// Eleventy 3 equivalent of sitegen's pages for bench/peers (see bench/peers/README.md): the same
// Markdown, a head with hreflang alternates, nav, a table of contents, a footer with the latest posts,
// lists by 24. Plain JavaScript: Eleventy loads it itself, outside the repo's TypeScript.
const LOCALES = ['en', 'nl', 'de', 'es', 'fr', 'it'];

function slug(text) {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export default function (config) {
  config.amendLibrary('md', (md) => {
    // Heading ids for the table of contents, as sitegen and Hugo write them.
    md.core.ruler.push('heading_ids', (state) => {
      const tokens = state.tokens;
      for (let index = 0; index < tokens.length; index += 1) {
        const token = tokens[index];
        if (token.type === 'heading_open' && (token.tag === 'h2' || token.tag === 'h3'))
          token.attrSet('id', slug(tokens[index + 1].content));
      }
    });
  });
  config.addFilter('toc', (html) => {
    const items = [];
    for (const match of String(html).matchAll(/<h([23]) id="([^"]*)">(.*?)<\/h\1>/g))
      items.push(`<li class="level-${match[1]}"><a href="#${match[2]}">${match[3]}</a></li>`);
    return `<ul>${items.join('')}</ul>`;
  });
  config.addFilter('isoDate', (date) => date.toISOString().slice(0, 10));
  const longDates = new Map(
    LOCALES.map((locale) => [locale, new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })]),
  );
  config.addFilter('longDate', function (date) {
    return longDates.get(this.ctx?.locale ?? 'en').format(date);
  });
  // Built once per build: the alternates of every translation family, and the latest posts per locale.
  config.addCollection('translations', (api) => {
    const families = {};
    for (const item of api.getAll()) {
      const key = item.data.translationKey;
      if (key) (families[key] ??= []).push({ locale: item.data.locale, url: item.url });
    }
    return families;
  });
  config.addCollection('latest', (api) => {
    const latest = {};
    for (const locale of LOCALES)
      latest[locale] = api
        .getFilteredByTag(`blog_${locale}`)
        .sort((a, b) => b.date - a.date)
        .slice(0, 5);
    return latest;
  });
  for (const locale of LOCALES) {
    for (const section of ['blog', 'keyTerms']) {
      config.addCollection(`${section}_${locale}_newest`, (api) =>
        api.getFilteredByTag(`${section}_${locale}`).sort((a, b) => b.date - a.date),
      );
    }
  }
  return {
    dir: { input: 'src', includes: '../_includes', data: '_data', output: '_site' },
    markdownTemplateEngine: false,
    htmlTemplateEngine: 'njk',
  };
}
