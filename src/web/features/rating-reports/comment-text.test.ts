import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CommentText } from './components/comment-text';

describe('a rating’s comment', () => {
  it('is shown as text, never as HTML (decision 080)', () => {
    const html = renderToStaticMarkup(createElement(CommentText, { text: '<b>sāļa</b> <img src=x onerror=alert(1)>' }));
    expect(html).toBe('<p class="ratings__comment-text">&lt;b&gt;sāļa&lt;/b&gt; &lt;img src=x onerror=alert(1)&gt;</p>');
  });
});
