import { describe, expect, it } from 'vitest';
import { sanitiseSvg } from './sanitise-svg';

const MALICIOUS = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <style>@import url(https://evil.example/x.css);</style>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#2e6962"/></linearGradient></defs>
  <rect width="10" height="10" fill="url(#g)" style="fill:url(https://evil.example/track)"/>
  <a href="javascript:alert(3)"><text x="1" y="5">Klinik</text></a>
  <image href="https://evil.example/p.png"/>
  <use xlink:href="https://evil.example/s.svg#a"/>
  <circle r="2" fill="url(https://evil.example/t)" onclick="steal()"/>
  <foreignObject><iframe src="https://evil.example"></iframe></foreignObject>
  &secret;
</svg>`;

describe('sanitiseSvg', () => {
  const clean = sanitiseSvg(MALICIOUS)!;

  it('keeps the drawing: shapes, text, the gradient and its internal reference, SVG’s own letter case', () => {
    expect(clean).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 10 10">/);
    expect(clean).toContain('<linearGradient id="g"><stop offset="0" stop-color="#2e6962"></stop></linearGradient>');
    expect(clean).toContain('fill="url(#g)"');
    expect(clean).toContain('<text x="1" y="5">Klinik</text>');
  });

  it('drops scripts, event handlers, styles, links and every external reference', () => {
    for (const gone of ['script', 'alert', 'onload', 'onclick', 'style', '@import', 'javascript:', 'href', '<image', '<use', 'foreignObject', 'iframe', 'evil.example', 'ENTITY', 'xlink']) {
      expect(clean.toLowerCase()).not.toContain(gone.toLowerCase());
    }
  });

  it('adds the SVG namespace a file left out, so it stays an image', () => {
    expect(sanitiseSvg('<svg viewBox="0 0 1 1"><rect width="1" height="1"/></svg>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"></rect></svg>',
    );
  });

  it('refuses a file with no <svg> left to draw', () => {
    expect(sanitiseSvg('<html><body>no logo</body></html>')).toBeNull();
    expect(sanitiseSvg('<script>alert(1)</script>')).toBeNull();
  });
});
