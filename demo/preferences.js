// What the demo remembers in this browser (the developer view, the language). Storage may be
// refused (a sandboxed frame, some privacy settings): the choice then holds for this visit only.

/** The value stored under `key`, or null. */
export function remembered(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key`, when the browser lets the page. */
export function remember(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not remembered.
  }
}
