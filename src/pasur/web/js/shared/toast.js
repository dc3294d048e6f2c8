// A short message at the bottom of the page (the #toast element), gone after a few seconds.

let timer = null;

/** Show `text` in the page's toast for `ms` milliseconds. */
export function toast(text, ms = 3500) {
  const element = document.querySelector('#toast');
  if (!element) return;
  element.textContent = text;
  element.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(() => {
    element.hidden = true;
  }, ms);
}

/** Copy `text` to the clipboard; resolves to whether it worked. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false; // no clipboard here (an insecure page, or refused): the link stays on screen
  }
}
