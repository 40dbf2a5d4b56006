const ALLOWED_TAGS = new Set([
  'a',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'dd',
  'div',
  'dl',
  'dt',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'form']);
const ALLOWED_ATTRS = new Set(['href', 'src', 'alt', 'title', 'colspan', 'rowspan', 'width', 'height']);
// Same-site paths ("/x", "./x", "../x"), fragments and a few schemes. "//host" and "/\host" are
// not paths: browsers read them as addresses on another host.
const SAFE_URL = /^(https?:|mailto:|tel:|#|\.\.?\/|\/(?![/\\]))/i;

/**
 * Whether a link or image address in server-provided HTML may stay. Browsers drop tabs and line
 * breaks inside addresses, so they are dropped here too before looking.
 */
export function isSafeUrl(value: string): boolean {
  return SAFE_URL.test(value.replace(/[\t\n\r]/g, '').trim());
}

function clean(node: Element) {
  for (const child of [...node.children]) {
    const tag = child.tagName.toLowerCase();
    if (DROP_WITH_CONTENT.has(tag)) {
      child.remove();
      continue;
    }
    clean(child);
    if (!ALLOWED_TAGS.has(tag)) {
      // Unknown wrapper: keep its text and allowed children, lose the element.
      child.replaceWith(...child.childNodes);
      continue;
    }
    for (const attr of [...child.attributes]) {
      const name = attr.name.toLowerCase();
      const urlAttr = name === 'href' || name === 'src';
      if (!ALLOWED_ATTRS.has(name) || (urlAttr && !isSafeUrl(attr.value))) {
        child.removeAttribute(attr.name);
      }
    }
    if (tag === 'a' && child.getAttribute('href')?.match(/^https?:/i)) {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

/**
 * Server-provided content blocks (privacy, terms, header info) are admin-authored HTML. They are
 * trusted, but a tight allow-list costs nothing and keeps a stray <script> or onclick out.
 */
export function sanitizeHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}
