/** What a shared link previews: the page title, a description and the Open Graph / Twitter card. */
export type PageMeta = { title: string; description: string; url: string; type: 'article' | 'website'; siteName: string };

/** Escapes text for an HTML attribute or element body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/**
 * Puts a page's meta tags into the SPA's index.html: the <title> and the
 * description are replaced, the Open Graph and Twitter tags added before
 * </head>. Every value is escaped; nothing else of the page changes.
 */
export function injectMeta(html: string, meta: PageMeta): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags = [
    ['og:type', meta.type],
    ['og:site_name', meta.siteName],
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:url', meta.url],
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content ?? '')}" />`)
    .concat([
      `<meta name="twitter:card" content="summary" />`,
      `<meta name="twitter:title" content="${title}" />`,
      `<meta name="twitter:description" content="${description}" />`,
      `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    ])
    .join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${title}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/i, () => `<meta name="description" content="${description}" />`)
    .replace(/<\/head>/i, () => `    ${tags}\n  </head>`);
}
