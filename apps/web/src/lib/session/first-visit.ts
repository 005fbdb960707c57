/**
 * Whether this page load began with first run: the head office account was created
 * here a moment ago, so the dashboard welcomes its person rather than "Welcome back"
 * (issue 31). Kept for the page's life only; a later load is a return.
 */
let firstVisit = false;

export function markFirstVisit() {
  firstVisit = true;
}

export function isFirstVisit() {
  return firstVisit;
}
