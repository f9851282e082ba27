/**
 * Whether a key press lands where the user is typing: a text field, a select or editable
 * content. Page-wide shortcuts stand aside there (issue 22: ctrl+b fired while typing; WCAG 2.2
 * 2.1.4 "Character Key Shortcuts").
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return false;
}

/** Inputs that take no typing: a shortcut pressed on one of them is meant for the page. */
const NON_TEXT_INPUTS = new Set([
  "button",
  "checkbox",
  "color",
  "file",
  "hidden",
  "image",
  "radio",
  "range",
  "reset",
  "submit",
]);
