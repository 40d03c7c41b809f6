/*
 * Minda screener embed. Add to any page:
 *   <script src="https://YOUR-MINDA-HOST/embed.js" data-screener="your-clinic-slug" async></script>
 * Optional: data-lang="ms" for the Malay screener, data-title for the frame's accessible name,
 * data-mode="popup" for a floating button that opens the screener in a dialog (data-button-text
 * for its words) instead of a frame right where the script tag stands.
 * Events, on the script element (they bubble to document and window), none with anything personal:
 *   minda:completed  detail {screener, testType}   the visitor reached the results (no scores)
 *   minda:booked     detail {screener, status}     the visitor booked ('held', 'requested' or 'confirmed')
 */
(function () {
  var script = document.currentScript;
  if (!script) return;
  var origin = new URL(script.src).origin;
  var screener = script.getAttribute('data-screener') || 'default';
  var malay = script.getAttribute('data-lang') === 'ms';
  var popup = script.getAttribute('data-mode') === 'popup';
  var src = origin + (malay ? '/ms/screener/' : '/screener/') + encodeURIComponent(screener);
  var title = script.getAttribute('data-title') || (malay ? 'Saringan kesihatan mental' : 'Mental health screener');

  var frame = document.createElement('iframe');
  frame.title = title;
  frame.setAttribute('allow', 'clipboard-write');
  var dialog = popup ? createPopup() : null;
  if (!popup) {
    frame.src = src;
    frame.style.cssText = 'width:100%;min-height:480px;border:0;display:block;';
    script.parentNode.insertBefore(frame, script.nextSibling);
  }

  function tellPage(name, detail) {
    detail.screener = screener;
    script.dispatchEvent(new CustomEvent(name, { bubbles: true, detail: detail }));
  }

  // The inline frame's top plus `top` at the top of the window, below the clinic's
  // scroll-padding-top (a sticky header's room), as far as the page can scroll.
  function scrollToFrame(top) {
    var margin = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    window.scrollBy(0, frame.getBoundingClientRect().top + top - margin);
  }

  // Only these fields reach the clinic's page, whatever a message carries.
  var handlers = {
    'minda:height': function (data) {
      if (!popup && typeof data.height === 'number') frame.style.height = Math.ceil(data.height) + 'px';
    },
    'minda:scroll': function (data) {
      if (!popup && typeof data.top === 'number') scrollToFrame(data.top);
    },
    'minda:escape': function () {
      if (dialog && dialog.open) dialog.close();
    },
    'minda:completed': function (data) {
      tellPage('minda:completed', { testType: String(data.testType) });
    },
    'minda:booked': function (data) {
      tellPage('minda:booked', { status: String(data.status) });
    }
  };
  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (data && Object.prototype.hasOwnProperty.call(handlers, data.type)) handlers[data.type](data);
  });

  // A floating button opening a modal <dialog>: focus moves in and back, the page behind is
  // inert, Escape (also from inside the frame) and Close close it. The screener loads on the
  // first opening and keeps its place while closed.
  function createPopup() {
    // The clinic's colour, set in its admin, after the defaults below so it wins.
    var clinicStyle = document.createElement('link');
    clinicStyle.rel = 'stylesheet';
    clinicStyle.href = origin + '/embed/' + encodeURIComponent(screener) + '/style.css';
    document.head.appendChild(clinicStyle);
    addStyles(
      '.minda-popup-button{position:fixed;right:16px;bottom:16px;z-index:2147483000;padding:12px 20px;border:0;' +
        'border-radius:999px;background:#1d5c57;color:#fff;font:600 16px/1.25 system-ui,sans-serif;cursor:pointer;' +
        'box-shadow:0 4px 14px rgba(0,0,0,.25)}' +
        '.minda-popup-button:focus-visible,.minda-popup-close:focus-visible{outline:3px solid #1d5c57;outline-offset:3px;box-shadow:0 0 0 3px #fff}' +
        '.minda-popup{box-sizing:border-box;width:min(720px,100vw);height:min(900px,calc(100vh - 32px));height:min(900px,calc(100dvh - 32px));max-width:100vw;max-height:100vh;max-height:100dvh;' +
        'padding:0;border:0;border-radius:12px;background:#fff;overflow:hidden}' +
        '.minda-popup[open]{display:flex;flex-direction:column}' +
        '.minda-popup::backdrop{background:rgba(0,0,0,.55)}' +
        '.minda-popup iframe{flex:1;width:100%;border:0}' +
        '.minda-popup-close{align-self:flex-end;margin:8px;padding:8px 16px;border:1px solid #1d5c57;border-radius:8px;' +
        'background:#fff;color:#1d5c57;font:600 15px/1.25 system-ui,sans-serif;cursor:pointer}' +
        '@media (max-width:640px){.minda-popup{width:100vw;height:100vh;height:100dvh;border-radius:0}}'
    );
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'minda-popup-button';
    button.textContent = script.getAttribute('data-button-text') || title;
    button.setAttribute('aria-haspopup', 'dialog');
    var popupDialog = document.createElement('dialog');
    popupDialog.className = 'minda-popup';
    popupDialog.setAttribute('aria-modal', 'true');
    popupDialog.setAttribute('aria-label', title);
    var close = document.createElement('button');
    close.type = 'button';
    close.className = 'minda-popup-close';
    close.textContent = malay ? 'Tutup' : 'Close';
    close.autofocus = true;
    popupDialog.appendChild(close);
    popupDialog.appendChild(frame);

    var pageOverflow = '';
    button.addEventListener('click', function () {
      if (!frame.src) frame.src = src;
      pageOverflow = document.documentElement.style.overflow;
      document.documentElement.style.overflow = 'hidden';
      popupDialog.showModal();
    });
    close.addEventListener('click', function () {
      popupDialog.close();
    });
    popupDialog.addEventListener('close', function () {
      document.documentElement.style.overflow = pageOverflow;
      button.focus();
    });
    whenBodyIsThere(function () {
      document.body.appendChild(button);
      document.body.appendChild(popupDialog);
    });
    return popupDialog;
  }

  // A constructed style sheet: allowed by a strict style-src Content-Security-Policy, where a
  // <style> element would not be. The clinic's own, more specific rules may restyle the classes.
  function addStyles(css) {
    var sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = Array.prototype.slice.call(document.adoptedStyleSheets).concat(sheet);
  }

  function whenBodyIsThere(then) {
    if (document.body) then();
    else document.addEventListener('DOMContentLoaded', then);
  }
})();
