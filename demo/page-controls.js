// The demo page's own controls around the element: the "More demos" menu, the language and
// direction switch, and, on narrow screens, the answer's first widget brought into view.

import {remember, remembered} from './preferences.js';

const LANGUAGE_KEY = 'autoui-demo:language';

/**
 * A disclosure menu: the button opens and closes the list; Escape, a click elsewhere or a chosen
 * item closes it (Escape gives the focus back to the button).
 * @param {HTMLButtonElement} button
 * @param {HTMLElement} list
 * @returns {{close(): void}}
 */
export function startMenu(button, list) {
  const open = (on) => {
    list.hidden = !on;
    button.setAttribute('aria-expanded', String(on));
  };
  button.addEventListener('click', () => {
    open(list.hidden);
    if (!list.hidden) list.querySelector('button:not(:disabled)')?.focus();
  });
  list.addEventListener('click', (event) => {
    if (event.target.closest('button')) open(false);
  });
  list.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      open(false);
      button.focus();
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const items = [...list.querySelectorAll('button:not(:disabled)')];
      const at = items.indexOf(document.activeElement);
      items[(at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
    }
  });
  // Tabbing out of the menu closes it too.
  list.addEventListener('focusout', (event) => {
    if (!button.parentElement.contains(event.relatedTarget)) open(false);
  });
  document.addEventListener('click', (event) => {
    if (!list.hidden && !button.parentElement.contains(event.target)) open(false);
  });
  return {close: () => open(false)};
}

/**
 * The language and direction switch: each button sets the element's `lang` and `dir` (EN, FR,
 * and RTL as Arabic, right to left: the element has no Arabic texts, so its own are English). The
 * choice is remembered in this browser.
 * @param {HTMLElement} agent
 * @param {Iterable<HTMLButtonElement>} buttons with `data-lang` and optional `data-dir`
 */
export function startLanguageSwitch(agent, buttons) {
  buttons = [...buttons];
  const choose = (button) => {
    agent.setAttribute('lang', button.dataset.lang);
    agent.setAttribute('dir', button.dataset.dir ?? 'ltr');
    for (const b of buttons) b.setAttribute('aria-pressed', String(b === button));
  };
  const saved = buttons.find((b) => b.dataset.lang === remembered(LANGUAGE_KEY));
  choose(saved ?? buttons[0]);
  for (const button of buttons) {
    button.addEventListener('click', () => {
      choose(button);
      remember(LANGUAGE_KEY, button.dataset.lang);
    });
  }
}

/**
 * Scrolls each answer's first new widget into view as soon as it exists (the element's canvas,
 * and the page when it is taller than the window), by the least scrolling that shows it.
 * @param {HTMLElement} agent
 */
export function showFirstWidget(agent) {
  let first = true;
  agent.addEventListener('autoui-run-start', () => {
    first = true;
  });
  agent.addEventListener('autoui-widget-created', (event) => {
    if (!first) return;
    first = false;
    // 'nearest': no scrolling when it is already in view, and the composer below stays where it is.
    event.detail.element.scrollIntoView({block: 'nearest', inline: 'nearest'});
  });
}
