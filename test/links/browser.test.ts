/**
 * The links of a page as headless Chromium finds them in its DOM, against `urikit/links` on the
 * same page: SVG and obsolete URL attributes, the elements the tree builder drops or keeps, an
 * empty form action. The cases where the two differ are those docs/links.md lists.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { extractLinks } from '../../src/links.js';
import { Browser } from '../support/browser.js';
import { Temp } from '../support/cli.js';

const tmp = new Temp();
let browser: Browser | null = null;
test.after(async () => {
  await browser?.close();
  tmp.remove();
});

const PAGE = `<!doctype html><html manifest="app.appcache"><head><base href="http://b.example/base/"></head>
<body background="bg.png">
<svg><a href="s1"><text>x</text></a><a xlink:href="s2"/><a href="s3a" xlink:href="s3b"/><image href="s4"/><image xlink:href="s5"/><use href="s6"/><use xlink:href="s7"/><script href="s8"></script><script xlink:href="s9"></script><feImage href="s10"/></svg>
<table background="t.png"><thead background="thead.png"><tr background="tr.png"><th background="th.png">h</th><td background="td.png">d</td></tr></thead></table>
<img lowsrc="low.png" longdesc="desc.html" src="i.png"><iframe longdesc="ifdesc.html"></iframe>
<math href="m1"><mi href="m2">x</mi></math>
<select><a href="sel">x</a><option>o</option></select>
<form action="f1"><form action="f2"></form><button formaction="">b</button></form>
<form action=""></form>
<frame src="fr">
<a href="">empty</a>
`;

/**
 * The links the DOM holds, as "element url": an HTML element's URL attributes through their IDL
 * attributes (a.href, form.action, img.lowsrc, …), a `background` through the background-image
 * the browser computed from it, an SVG element's href (the one SVG 2 lets win) resolved on its
 * base URI.
 */
const READ = `(() => {
  const out = [];
  const idl = [['href', 'href'], ['src', 'src'], ['lowsrc', 'lowsrc'], ['longdesc', 'longDesc'], ['action', 'action'], ['formaction', 'formAction']];
  for (const el of document.querySelectorAll('*')) {
    const ns = el.namespaceURI.endsWith('/svg') ? 'svg:' : el.namespaceURI.endsWith('/MathML') ? 'math:' : '';
    if (ns === 'svg:') {
      if (el.href !== undefined && (el.hasAttribute('href') || el.hasAttributeNS('http://www.w3.org/1999/xlink', 'href')))
        out.push(ns + el.localName + ' ' + new URL(el.href.baseVal, el.baseURI).href);
      continue;
    }
    // A <base href> is the base, not a link.
    if (ns !== '' || el.localName === 'base') continue;
    for (const [attr, name] of idl) if (el.hasAttribute(attr) && typeof el[name] === 'string') out.push(el.localName + '.' + attr + ' ' + el[name]);
    const bg = /^url\\("(.*)"\\)$/.exec(getComputedStyle(el).backgroundImage);
    if (el.hasAttribute('background') && bg !== null) out.push(el.localName + '.background ' + bg[1]);
  }
  return out;
})()`;

test('links: what headless Chromium finds in the DOM, and what urikit finds besides (the obsolete manifest, MathML href)', async () => {
  const url = `file://${tmp.file('page.html', PAGE)}`;
  browser = await Browser.start();
  const tab = await browser.newPage();
  await tab.goto(url);
  const dom = (await tab.evaluate<string[]>(READ)).sort();
  const ours: string[] = [];
  for await (const l of extractLinks(PAGE, { base: url })) {
    ours.push(l.element.includes(':') ? `${l.element} ${l.resolved}` : `${l.element}.${l.attribute} ${l.resolved}`);
  }
  ours.sort();
  // The HTML Standard has them, Chromium neither loads nor reflects them: a crawler wants them all the same.
  const besides = [
    'html.manifest http://b.example/base/app.appcache',
    'math:math http://b.example/base/m1',
    'math:mi http://b.example/base/m2',
  ];
  for (const l of besides) assert.ok(ours.includes(l), l);
  assert.equal(
    ours.filter((l) => !besides.includes(l)),
    dom,
  );
  // What the comparison rests on: the <a> kept in the <select>, the nested form and the frame
  // dropped, href over xlink:href, an empty action the document's URL.
  assert.ok(dom.includes('a.href http://b.example/base/sel'));
  assert.not.ok(dom.some((l) => l.includes('/f2') || l.includes('/fr') || l.includes('/s3b')));
  assert.ok(dom.includes(`form.action ${url}`) && dom.includes(`button.formaction ${url}`));
});

test.run();
