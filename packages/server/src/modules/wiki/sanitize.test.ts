import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLOWED_TAGS, htmlToText, preview, sanitizeContent, textToHtml } from './sanitize.js';

/**
 * Vectors in the style of the OWASP XSS Filter Evasion Cheat Sheet: scripts, event
 * handlers, script URLs with entity/whitespace/case tricks, SVG/MathML, styles,
 * embedding tags, comments and malformed markup.
 */
const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<SCRIPT/XSS SRC="http://xss.example/xss.js"></SCRIPT>',
  '<script/src=data:,alert(1)></script>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=`javascript:alert("XSS")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG SRC=# onmouseover="alert(1)">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror=&#x61;lert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
  '<a href="jav\tascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="jav&#x0D;ascript:alert(1)">x</a>',
  '<a href=" &#14;  javascript:alert(1)">x</a>',
  '<a href="java\0script:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="DATA:text/html,<script>alert(1)</script>">x</a>',
  '<a href="//xss.example/">x</a>',
  '<a href="\\\\xss.example/">x</a>',
  '<a href="https://ok.example" onmouseover="alert(1)" style="position:fixed">x</a>',
  '<a href="https://ok.example" target="_self" rel="opener">x</a>',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">CLICKME</math>',
  '<BODY ONLOAD=alert(1)>',
  '<BODY BACKGROUND="javascript:alert(1)">',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(1);">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<FRAMESET><FRAME SRC="javascript:alert(1);"></FRAMESET>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  "<STYLE>@import'http://xss.example/xss.css';</STYLE>",
  '<STYLE>BODY{-moz-binding:url("http://xss.example/xssmoz.xml#xss")}</STYLE>',
  '<DIV STYLE="background-image: url(javascript:alert(1))">x</DIV>',
  '<DIV STYLE="width: expression(alert(1));">x</DIV>',
  '<p style="x:exp/**/ression(alert(1))">x</p>',
  '<LINK REL="stylesheet" HREF="javascript:alert(1);">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(1);">',
  '<BASE HREF="javascript:alert(1);//">',
  '<TABLE BACKGROUND="javascript:alert(1)">',
  '<TD BACKGROUND="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)">',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<!--<script>alert(1)</script>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<xss onafterscriptexecute=alert(1)><script>1</script>',
  '<p onclick=alert(1)//>x</p>',
  '<h1 id=x tabindex=1 onfocus=alert(1)>x</h1>',
  '<code class="language-js x onclick=alert(1)">x</code>',
  '<blockquote cite="javascript:alert(1)">x</blockquote>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<a href="https://ok.example"><img src=x onerror=alert(1)></a>',
  '"><script>alert(1)</script>',
  "'';!--\"<XSS>=&{()}",
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  "<div><a href='javascript:alert(1)'>x</a></div>",
];

const ALLOWED = new Set<string>(ALLOWED_TAGS);
const ALLOWED_ATTRIBUTES: Record<string, string[]> = { a: ['href', 'rel', 'target'], code: ['class'] };

/**
 * Checks sanitised output structurally: sanitize-html escapes every "<" of text, so each
 * "<" left starts a tag, and attributes are double-quoted with quotes escaped inside.
 */
function assertSafe(html: string, input: string) {
  const tags = [...html.matchAll(/<(\/?)([^\s/>]+)([^>]*)>/g)];
  expect(html.replace(/<(\/?)([^\s/>]+)([^>]*)>/g, ''), input).not.toMatch(/[<>]/);
  for (const [, , name, rest] of tags) {
    expect(ALLOWED.has(name), `${name} from ${input}`).toBe(true);
    for (const [, attribute, value] of rest.matchAll(/\s([^\s=]+)="([^"]*)"/g)) {
      expect(ALLOWED_ATTRIBUTES[name] ?? [], `${attribute} on ${name} from ${input}`).toContain(attribute);
      if (attribute === 'href') expect(value, input).toMatch(/^(https?:\/\/|mailto:)/i);
      if (attribute === 'rel') expect(value, input).toBe('noopener noreferrer nofollow');
      if (attribute === 'target') expect(value, input).toBe('_blank');
      if (attribute === 'class') expect(value, input).toMatch(/^language-[\w-]+$/);
    }
    const leftover = rest.replace(/\s([^\s=]+)="([^"]*)"/g, '').trim();
    expect(leftover.replace(/^\/$/, ''), input).toBe('');
  }
  // Inside markup (text is escaped and harmless, e.g. a note about "javascript:").
  const markup = tags
    .map((tag) => tag[0])
    .join('')
    .toLowerCase();
  expect(markup, input).not.toMatch(/javascript:|vbscript:|data:|expression\(|\son[a-z]+=|style=/);
}

describe('sanitizeContent', () => {
  it.each(XSS_CORPUS)('neutralises %s', (vector) => {
    assertSafe(sanitizeContent(vector), vector);
  });

  it('the checker itself rejects every raw vector (so the test above cannot pass vacuously)', () => {
    for (const vector of XSS_CORPUS) expect(() => assertSafe(vector, vector), vector).toThrow();
  });

  it('keeps what the editor writes and forces safe link attributes', () => {
    const html =
      '<h2>Titel</h2><p>Ein <strong>fetter</strong>, <em>kursiver</em>, <u>unterstrichener</u>, <s>gestrichener</s> Text<br />neu</p>' +
      '<ul><li>eins</li></ul><ol><li>zwei</li></ol><blockquote>Zitat</blockquote><pre><code class="language-ts">const a = 1;</code></pre><hr />' +
      '<p><a href="https://example.at/a?b=1&amp;c=2" target="_self">Link</a> <a href="mailto:office@example.at">Mail</a></p>';
    expect(sanitizeContent(html)).toBe(
      '<h2>Titel</h2><p>Ein <strong>fetter</strong>, <em>kursiver</em>, <u>unterstrichener</u>, <s>gestrichener</s> Text<br />neu</p>' +
        '<ul><li>eins</li></ul><ol><li>zwei</li></ol><blockquote>Zitat</blockquote><pre><code class="language-ts">const a = 1;</code></pre><hr />' +
        '<p><a href="https://example.at/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">Link</a> ' +
        '<a href="mailto:office@example.at" rel="noopener noreferrer nofollow" target="_blank">Mail</a></p>',
    );
  });

  it('drops the text of scripts and styles but keeps the text of other removed tags', () => {
    expect(
      sanitizeContent('<div>Hallo <span style="color:red">Welt</span></div><style>p{}</style><script>x()</script>'),
    ).toBe('Hallo Welt');
  });

  it('stays safe for random mixes of dangerous fragments (property)', () => {
    const fragments = fc.constantFrom(
      '<',
      '>',
      '/',
      '"',
      "'",
      '=',
      ' ',
      '\t',
      '&#',
      'x6A;',
      '&colon;',
      'a',
      'href',
      'src',
      'onerror',
      'javascript:',
      'data:',
      'script',
      'svg',
      'img',
      'style',
      'p',
      '<!--',
      '-->',
      'https://x.at',
      'expression(',
    );
    fc.assert(
      fc.property(fc.array(fragments, { maxLength: 40 }), (parts) => {
        const input = parts.join('');
        assertSafe(sanitizeContent(input), input);
      }),
      { numRuns: 400 },
    );
  });
});

describe('htmlToText, preview, textToHtml', () => {
  it('turns HTML into plain text with line breaks and decoded entities', () => {
    expect(htmlToText('<h2>Plan</h2><p>Haus &amp; Garten</p><ul><li>a</li><li>b</li></ul>')).toBe(
      'Plan\nHaus & Garten\na\nb',
    );
  });

  it('cuts previews at the given length with an ellipsis', () => {
    expect(preview(`<p>${'x'.repeat(200)}</p>`, 150)).toBe(`${'x'.repeat(150)}...`);
    expect(preview('<p>kurz</p>', 150)).toBe('kurz');
  });

  it('shows a plain value exactly when used as HTML', () => {
    expect(sanitizeContent(textToHtml('a<b & "c"\nd'))).toBe('<p>a&lt;b &amp; "c"<br />d</p>');
  });
});
