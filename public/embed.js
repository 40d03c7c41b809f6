/*
 * Minda screener embed. Add to any page:
 *   <script src="https://YOUR-MINDA-HOST/embed.js" data-screener="your-clinic-slug" async></script>
 * Optional: data-lang="ms" for the Malay screener, data-title for the frame's accessible name.
 * The screener is framed right where the script tag stands and grows with its content.
 */
(function () {
  var script = document.currentScript;
  if (!script) return;
  var origin = new URL(script.src).origin;
  var screener = script.getAttribute('data-screener') || 'default';
  var malay = script.getAttribute('data-lang') === 'ms';
  var path = (malay ? '/ms/screener/' : '/screener/') + encodeURIComponent(screener);

  var frame = document.createElement('iframe');
  frame.src = origin + path;
  frame.title = script.getAttribute('data-title') || (malay ? 'Saringan kesihatan mental' : 'Mental health screener');
  frame.setAttribute('allow', 'clipboard-write');
  frame.style.cssText = 'width:100%;min-height:480px;border:0;display:block;';
  script.parentNode.insertBefore(frame, script.nextSibling);

  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (data && data.type === 'minda:height' && typeof data.height === 'number') {
      frame.style.height = Math.ceil(data.height) + 'px';
    }
  });
})();
