// "Share the result" (templates/series/_share.html): the text is already on the page in a
// read-only box, with links that open the messages and mail apps. This script adds Copy,
// which also works over plain http on the LAN, where the page is not a secure context and
// has no navigator.clipboard: it selects the text and asks the browser to copy the
// selection. Where the phone can share (navigator.share, on a secure page), a Share button
// opens its list of apps. Without JavaScript the box and the links are all there is.
(function () {
  "use strict";

  var box = document.getElementById("share-text");
  var copy = document.querySelector("[data-copy]");
  var send = document.querySelector("[data-share]");
  var status = document.getElementById("share-status");
  if (!box || !copy || !status) { return; }

  function selectAll() {
    box.focus();
    box.select();
    box.setSelectionRange(0, box.value.length);  // iPhones select only with this
  }

  function said(key) { status.textContent = status.dataset[key]; }

  function copied() {
    // Over http the selection is what is copied; the text stays selected either way, so
    // a phone that refuses can still copy it from its own menu.
    selectAll();
    var done = false;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    said(done ? "copied" : "notCopied");
  }

  function copyText() {
    if (window.isSecureContext && navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(box.value).then(function () { said("copied"); }, copied);
    } else {
      copied();
    }
  }

  copy.addEventListener("click", copyText);
  copy.hidden = false;

  // The share sheet exists on a secure page only (HTTPS, issue 28). Closed without picking
  // an app, there is nothing to say; refused (no app to share with, a share already open),
  // the text is copied instead, so the tap still does something.
  if (send && navigator.share) {
    send.addEventListener("click", function () {
      navigator.share({ text: box.value }).catch(function (error) {
        if (!error || error.name !== "AbortError") { copyText(); }
      });
    });
    send.hidden = false;
  }
  // One tap in the box selects the whole result, ready for the phone's own Copy.
  box.addEventListener("focus", selectAll);
})();
