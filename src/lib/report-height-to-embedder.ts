/**
 * When a clinic frames the screener through /embed.js, tell the embedding page how tall the
 * content is so the iframe grows with it instead of scrolling inside itself. The height is
 * not sensitive, so any embedding origin may receive it.
 */
export function reportHeightToEmbedder(): void {
  if (window.parent === window) return;
  // Full-screen layouts would otherwise fill the frame and the frame could never shrink.
  document.documentElement.dataset.embedded = 'true';
  let last = 0;
  const report = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: 'minda:height', height }, '*');
  };
  new ResizeObserver(report).observe(document.body);
  report();
}
